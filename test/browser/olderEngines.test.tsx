// styles.css as an engine without light-dark() reads it (before Chrome 123, Firefox 120, Safari
// 17.5; Vite's default build target goes back to Chrome 111, Firefox 114, Safari 16.4). Chromium
// stands in for one: the sheet is loaded with the function renamed, which such an engine would
// treat the same way (a property using it is invalid at computed-value time; `@supports` is false).

import { cleanup, render } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import css from '../../src/styles.css?raw'

const sheet = document.createElement('style')
beforeAll(() => {
  sheet.textContent = css.replaceAll('light-dark(', 'unknown-function(')
  document.head.append(sheet)
})
afterAll(() => sheet.remove())
afterEach(async () => {
  cleanup()
  await cdp().send('Emulation.setEmulatedMedia', { features: [] })
})

const markup = (theme?: string) => (
  <div className="fk-root" data-theme={theme}>
    <button type="button">before</button>
    <button type="button" className="fk-button">
      Discard
    </button>
    <input aria-label="width" />
  </div>
)

describe('styles.css without light-dark()', () => {
  it.each([
    ['a light preference', 'light', undefined],
    ['a dark preference', 'dark', undefined],
    ['data-theme="dark"', 'light', 'dark'],
  ])(
    'keeps the light theme whole with %s: borders, the focus ring, readable colours',
    async (_, preference, theme) => {
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: preference }],
      })
      const { container } = render(markup(theme))
      const root = container.querySelector<HTMLElement>('.fk-root')!
      const [before, button] = [...container.querySelectorAll('button')] as [
        HTMLButtonElement,
        HTMLButtonElement,
      ]
      before.focus()
      await userEvent.keyboard('{Tab}')
      expect(button.matches(':focus-visible')).toBe(true)
      const ring = getComputedStyle(button)
      expect([ring.outlineStyle, ring.outlineColor]).toEqual(['solid', 'rgb(10, 95, 209)'])
      expect([ring.borderTopStyle, ring.borderTopColor]).toEqual(['solid', 'rgb(208, 215, 222)'])
      const input = getComputedStyle(container.querySelector('input')!)
      expect(input.borderTopStyle).toBe('solid')
      // Dark text on white, and the browser's own parts (checkboxes, scrollbars) light to match.
      const look = getComputedStyle(root)
      expect([look.color, look.backgroundColor, look.colorScheme]).toEqual([
        'rgb(27, 31, 36)',
        'rgb(255, 255, 255)',
        'light',
      ])
    },
  )

  it('is the control: with light-dark() known, the same sheet follows a dark preference and a dark theme', async () => {
    sheet.textContent = css
    try {
      for (const [preference, theme] of [
        ['dark', undefined],
        ['light', 'dark'],
      ] as const) {
        await cdp().send('Emulation.setEmulatedMedia', {
          features: [{ name: 'prefers-color-scheme', value: preference }],
        })
        const { container } = render(markup(theme))
        const look = getComputedStyle(container.querySelector('.fk-root')!)
        expect([look.color, look.backgroundColor]).toEqual(['rgb(230, 237, 243)', 'rgb(13, 17, 23)'])
        cleanup()
      }
    } finally {
      sheet.textContent = css.replaceAll('light-dark(', 'unknown-function(')
    }
  })
})
