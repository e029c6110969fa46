// RecipeBuilder where hosts put it: inside their own <form> (a product form with a recipe field).
// Chromium stops a nested form's submit at that form: only a real browser shows what happens.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import { createFileServiceClient, type Recipe, RecipeBuilder } from '../../src/index.ts'
import { subjectPng } from '../../src/testing/index.ts'
import { baseUrl, projectId, secretKey } from './support.ts'
import { provider } from './wrapper.tsx'

const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const recipes = {
  // The page number is a number field.
  'Convert pressed': {
    kind: 'document',
    operations: [
      { name: 'format', args: ['png'] },
      { name: 'page', args: ['1'] },
    ],
  },
  'Enter in a number field': {
    kind: 'document',
    operations: [
      { name: 'format', args: ['png'] },
      { name: 'page', args: ['1'] },
    ],
  },
  // A crop's align is a text field (a keyword or a point).
  'Enter in a text field': { kind: 'image', operations: [{ name: 'crop', args: ['1:1', 'center'] }] },
} satisfies Record<string, Recipe>

describe.each([
  ['on its own', false],
  ['inside a host form', true],
])('RecipeBuilder %s', (_, inHostForm) => {
  it.each(Object.keys(recipes) as (keyof typeof recipes)[])(
    '%s converts once, and submits nothing (the page stays)',
    async (how) => {
      const recipe = recipes[how]
      const file = await operator.files.upload(
        recipe.kind === 'image'
          ? new Blob([subjectPng() as BlobPart], { type: 'image/png' })
          : new Blob(['recipe'], { type: 'text/plain' }),
        { name: recipe.kind === 'image' ? 'in-form.png' : 'in-form.txt' },
      )
      const errors = vi.spyOn(console, 'error')
      const converted = vi.fn()
      const hostSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
      const builder = <RecipeBuilder fileId={file.id} onConverted={converted} defaultValue={recipe} />
      const { container } = render(
        inHostForm ? (
          <form onSubmit={hostSubmit}>
            <label>
              Title <input name="title" defaultValue="My product" />
            </label>
            {builder}
            <button type="submit">Save product</button>
          </form>
        ) : (
          builder
        ),
        { wrapper: provider(secretKey) },
      )
      const convert = await screen.findByRole('button', { name: 'Convert' }, { timeout: 10_000 })
      // The builder submits nothing: it is no form, and Enter in its fields does not submit the
      // host's. A real submit would navigate the test page away ("?"): each form records it and
      // keeps the page, through the DOM (React does not hear a nested form's submit in Chromium).
      const submitted: string[] = []
      for (const form of container.querySelectorAll('form'))
        form.addEventListener('submit', (e) => {
          submitted.push(form.getAttribute('data-slot') ?? 'host form')
          e.preventDefault()
        })
      if (how === 'Convert pressed') await userEvent.click(convert)
      else {
        const field =
          how === 'Enter in a number field'
            ? screen.getByRole('spinbutton', { name: 'Page page' })
            : screen.getByRole('combobox', { name: 'Crop align (optional)' })
        field.focus()
        await userEvent.keyboard('{Enter}')
      }
      await waitFor(() => expect(converted).toHaveBeenCalled(), { timeout: 5_000 })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(converted).toHaveBeenCalledOnce()
      expect(submitted).toEqual([])
      expect(hostSubmit).not.toHaveBeenCalled()
      expect(errors).not.toHaveBeenCalled()
    },
  )
})

describe('RecipeBuilder, a typo in a whole number', () => {
  // A number input would hand over '' for "6e" (Chromium) or "6OO" (Firefox and Safari let
  // letters in): the argument dropped out of the recipe unseen, and Convert stayed on.
  it('keeps what was typed in the recipe, refuses it, and will not convert it', async () => {
    const file = await operator.files.upload(new Blob([subjectPng() as BlobPart], { type: 'image/png' }), {
      name: 'typo.png',
    })
    const converted = vi.fn()
    render(
      <RecipeBuilder
        fileId={file.id}
        previewDelay={10}
        onConverted={converted}
        defaultValue={{ kind: 'image', operations: [{ name: 'resize', args: ['800x600'] }] }}
      />,
      { wrapper: provider(secretKey) },
    )
    const height = await screen.findByRole('spinbutton', { name: 'Resize size height' }, { timeout: 10_000 })
    await userEvent.clear(height)
    await userEvent.type(height, '6e')
    expect(document.querySelector('[data-slot="recipe-text"]')!.textContent).toBe('/-/resize/800x6e/')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'size must be a size WxH, Wx or xH (got "800x6e").',
    )
    expect(height.getAttribute('aria-invalid')).toBe('true')
    const convert = screen.getByRole('button', { name: 'Convert' })
    expect(convert).toHaveProperty('disabled', true)
    await userEvent.keyboard('{Enter}')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(converted).not.toHaveBeenCalled()
  })
})

describe('RecipeBuilder, a whole number typed through an IME', () => {
  // Chromium's own composition (CDP's Input.imeSetComposition, as an IME drives it), not events
  // made up by the test: jsdom and Playwright's typing never compose.
  it('leaves the composition alone, and makes its full-width digits ASCII once it is committed', async () => {
    const file = await operator.files.upload(new Blob([subjectPng() as BlobPart], { type: 'image/png' }), {
      name: 'ime.png',
    })
    render(
      <RecipeBuilder
        fileId={file.id}
        previewDelay={10}
        defaultValue={{ kind: 'image', operations: [{ name: 'resize', args: ['x600'] }] }}
      />,
      { wrapper: provider(secretKey) },
    )
    const width = await screen.findByRole<HTMLInputElement>(
      'spinbutton',
      { name: 'Resize size width' },
      { timeout: 10_000 },
    )
    width.focus()
    const recipeText = () => document.querySelector('[data-slot="recipe-text"]')!.textContent
    for (const text of ['８', '８０', '８００']) {
      await cdp().send('Input.imeSetComposition', {
        text,
        selectionStart: text.length,
        selectionEnd: text.length,
      })
      // Rewriting the field mid-composition would end it: the IME's text stays as it is.
      await waitFor(() => expect(width.value).toBe(text))
    }
    await cdp().send('Input.insertText', { text: '８００' })
    await waitFor(() => expect(width.value).toBe('800'))
    expect(recipeText()).toBe('/-/resize/800x600/')
    expect(width.getAttribute('aria-valuenow')).toBe('800')
  })
})
