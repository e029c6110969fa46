import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { Activity, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { FileServiceProvider, type Recipe, RecipeBuilder } from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator, wrapper } from '../hooks/setup.tsx'
import { expectNoAxeViolations } from './axe.ts'

// React DevTools' hook, there before React loads: after each commit it counts, by name, the
// components whose function ran (React marks their fiber PerformedWork, flag 1), going only where
// React went in that commit. Fibers, not calls: StrictMode's second call counts no more.
const renders = vi.hoisted(() => {
  type Fiber = {
    tag: number
    type: { displayName?: string; name?: string; render?: { name: string } } | null
    flags: number
    alternate: Fiber | null
    child: Fiber | null
    sibling: Fiber | null
  }
  const counts: Record<string, number> = {}
  const walk = (fiber: Fiber) => {
    // A function component, forwardRef or plain memo (a memo with a comparer holds a function one).
    const type = [0, 11, 15].includes(fiber.tag) ? fiber.type : null
    const name = type?.displayName ?? type?.render?.name ?? type?.name
    if (name && fiber.flags & 1) counts[name] = (counts[name] ?? 0) + 1
    // Children React did not go through are the very ones of the last commit.
    if (fiber.child !== fiber.alternate?.child) for (let c = fiber.child; c; c = c.sibling) walk(c)
  }
  Object.assign(globalThis, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      inject: () => 1,
      onCommitFiberRoot: (_: number, root: { current: Fiber }) => walk(root.current),
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    },
  })
  return {
    counts,
    reset: () => {
      for (const name in counts) delete counts[name]
    },
  }
})

const { emulator, server, count, hold } = setupEmulator({ delays: { conversion: 100 } })
const recipeText = () => document.querySelector('[data-slot="recipe-text"]')!.textContent
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

async function render_(
  fileSample: 'subject' | 'pdf' | 'video' = 'subject',
  props: Partial<Parameters<typeof RecipeBuilder>[0]> = {},
) {
  const { files } = await emulator.seed({ files: [{ sample: fileSample }] })
  const { Wrapper } = wrapper()
  const view = render(<RecipeBuilder fileId={files[0]!.id} previewDelay={10} {...props} />, {
    wrapper: Wrapper,
  })
  await screen.findByRole('combobox', { name: 'Conversion' })
  return { ...view, fileId: files[0]!.id }
}

describe('RecipeBuilder', () => {
  it('offers only the methods the file has', async () => {
    await render_()
    expect(options(screen.getByRole('combobox', { name: 'Conversion' }))).toEqual([
      'Image',
      'Background removal',
    ])
  })

  it('offers only the formats the file can be converted to', async () => {
    const user = userEvent.setup()
    await render_('pdf')
    expect(options(screen.getByRole('combobox', { name: 'Conversion' }))).toEqual(['Document'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'format')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const formats = options(screen.getByRole('combobox', { name: 'Format format' }))
    expect(formats).toContain('docx')
    expect(formats).not.toContain('xlsx')
  })

  it('builds a recipe with proper inputs and shows its canonical text and a preview', async () => {
    const user = userEvent.setup()
    const { container, fileId } = await render_()
    expect(screen.getByText('No operations yet.')).toBeDefined()
    expect(screen.queryByRole('list')).toBeNull() // no empty list for screen readers to announce
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'format')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format format' }), 'webp')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'resize')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2)
    const width = screen.getByRole('spinbutton', { name: 'Resize size width' })
    await user.clear(width)
    await user.type(width, '400')
    expect(recipeText()).toBe('/-/format/webp/-/resize/400x/')
    const preview = `${baseUrl}/cdn/${fileId}/-/preview/400x400/-/format/webp/-/resize/400x/`
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe(preview),
    )
    // jsdom loads no images: ask the emulator's CDN for the same URL.
    expect((await emulator.fetch(new Request(preview))).status).toBe(200)
    await user.click(screen.getByRole('button', { name: 'Move Resize up' }))
    expect(recipeText()).toBe('/-/resize/400x/-/format/webp/')
    await user.click(screen.getByRole('button', { name: 'Remove Format' }))
    expect(recipeText()).toBe('/-/resize/400x/')
    await expectNoAxeViolations(container)
  })

  it('previews a text operation holding a space, %, # and ?, URL-encoded', async () => {
    const user = userEvent.setup()
    const { fileId } = await render_()
    await user.type(
      screen.getByRole('textbox', { name: 'Paste a recipe' }),
      '/-/text/100x100/0,0/Sale 50% off #1?/{Enter}',
    )
    const src = `${baseUrl}/cdn/${fileId}/-/preview/400x400/-/text/100x100/0,0/Sale%2050%25%20off%20%231%3F/`
    await waitFor(() => expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe(src))
    expect((await emulator.fetch(new Request(src))).status).toBe(200)
  })

  // Half an emoji (a lone surrogate) made encodeURI throw in render: the builder vanished, and
  // with React 19 the host's tree without an error boundary.
  it.each(['pasted', 'typed', 'given as defaultValue'])(
    'stays on screen and says so when a text holds half an emoji (%s)',
    async (how) => {
      const thrown: unknown[] = []
      const onError = (e: ErrorEvent) => thrown.push(e.error)
      window.addEventListener('error', onError)
      try {
        const lone = 'Hi\uD83D'
        const text = (value: string): Recipe => ({
          kind: 'image',
          operations: [{ name: 'text', args: ['100x100', '0,0', value] }],
        })
        const { container } = await render_('subject', {
          defaultValue: text(how === 'given as defaultValue' ? lone : 'Hi'),
        })
        if (how === 'pasted') {
          const paste = screen.getByRole('textbox', { name: 'Paste a recipe' })
          fireEvent.change(paste, { target: { value: `/-/text/100x100/0,0/${lone}/` } })
          fireEvent.keyDown(paste, { key: 'Enter' })
        }
        if (how === 'typed')
          fireEvent.change(screen.getByRole('textbox', { name: 'Text text' }), { target: { value: lone } })
        // A problem is said: the recipe's, or that there is no preview for it.
        const said = () =>
          [...container.querySelectorAll('[role="alert"], [data-slot="recipe-preview"] [role="status"]')]
            .map((e) => e.textContent)
            .filter(Boolean)
        await waitFor(() => expect(said()).not.toEqual([]))
        expect(container.querySelector('[data-slot="recipe-builder"]')).not.toBeNull()
        expect(screen.getByRole('combobox', { name: 'Conversion' })).toBeDefined()
        expect(thrown).toEqual([])
      } finally {
        window.removeEventListener('error', onError)
      }
    },
  )

  it("says a preview that can't be shown, and not every preview that loads", async () => {
    const user = userEvent.setup()
    const { container } = await render_()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'grayscale')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    // The preview comes after the pause in editing.
    const figure = await waitFor(() => {
      const shown = container.querySelector<HTMLElement>('[data-slot="recipe-preview"]')
      expect(shown).not.toBeNull()
      return shown!
    })
    const status = within(figure).getByRole('status')
    expect(figure.querySelector('figcaption')!.textContent).toBe('Updating preview…')
    expect(status.textContent).toBe('')
    // jsdom loads no images: the image says it loaded, or failed (again if a later render gave
    // it its address anew).
    const caption = () => figure.querySelector('figcaption')!.textContent
    await waitFor(() => {
      fireEvent.load(figure.querySelector('img')!)
      expect(caption()).toBe('Preview')
    })
    expect(status.textContent).toBe('')
    await waitFor(() => {
      fireEvent.error(figure.querySelector('img')!)
      expect(status.textContent).toBe('No preview for this recipe.')
    })
  })

  it('previews only a valid recipe, also while a fixed one waits for the pause', async () => {
    const user = userEvent.setup()
    const { fileId } = await render_('subject', { previewDelay: 300 })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'brightness')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const value = screen.getByRole('spinbutton', { name: 'Brightness value' })
    await user.clear(value)
    await user.type(value, '300')
    expect(screen.queryByRole('img', { name: 'Preview' })).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 400)) // the pause passes on the invalid one
    await user.clear(value)
    await user.type(value, '30')
    // The CDN would refuse brightness 300 (and the caption say so): the last valid one shows
    // until the pause has passed on the new one.
    const src = () => screen.getByRole('img', { name: 'Preview' }).getAttribute('src')
    expect(src()).toBe(`${baseUrl}/cdn/${fileId}/-/preview/400x400/`)
    await waitFor(() => expect(src()).toBe(`${baseUrl}/cdn/${fileId}/-/preview/400x400/-/brightness/30/`))
  })

  it('keeps the keyboard in place and announces adding, moving and removing an operation', async () => {
    const user = userEvent.setup()
    const { container } = await render_()
    const announced = () => container.querySelector('[data-slot="announcer"]')!.textContent
    const focused = () =>
      document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'format')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'resize')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    // Added: announced, and the keyboard is on the new operation's first input.
    expect(announced()).toBe('Resize added.')
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Resize size width' }))
    // Moved: the focus follows the operation (its up button is disabled at the top: down).
    await user.click(screen.getByRole('button', { name: 'Move Resize up' }))
    expect(recipeText()).toMatch(/^\/-\/resize\/.*\/-\/format\//)
    expect(announced()).toBe('Resize moved to position 1 of 2.')
    expect(focused()).toBe('Move Resize down')
    // Removed: the focus goes to the next operation's remove button, then to the add select.
    await user.click(screen.getByRole('button', { name: 'Remove Resize' }))
    expect(announced()).toBe('Resize removed.')
    expect(focused()).toBe('Remove Format')
    await user.keyboard('{Enter}')
    expect(announced()).toBe('Format removed.')
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Add operation' }))
    // The same words again are a new element in the live region: a region whose text does not
    // change says nothing, so a second Grayscale would go unannounced.
    const said = () => container.querySelector('[data-slot="announcer"]')!.firstElementChild
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'grayscale')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const first = said()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(said()).not.toBe(first)
    expect(said()?.textContent).toBe('Grayscale added.')
  })

  it("keeps each conversion's recipe: arrowing through the Conversion select loses nothing", async () => {
    const user = userEvent.setup()
    await render_()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'grayscale')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(recipeText()).toBe('/-/grayscale/')
    // Chromium on Linux and Windows changes a closed select at each arrow key.
    const conversion = screen.getByRole('combobox', { name: 'Conversion' })
    await user.selectOptions(conversion, 'remove_bg')
    expect(screen.getByText('No operations yet.')).toBeDefined()
    await user.selectOptions(conversion, 'image')
    expect(recipeText()).toBe('/-/grayscale/')
  })

  it('validates inline and will not submit an invalid recipe', async () => {
    const user = userEvent.setup()
    await render_()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'brightness')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const input = screen.getByRole('spinbutton', { name: 'Brightness value' })
    await user.clear(input)
    await user.type(input, '300')
    // Convert waits at once; the problem shows after the pause in typing.
    expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', true)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'value must be between -100 and 100 (got 300).',
    )
    // The input says it is refused, and why (not the list item, which no one focuses).
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    await user.clear(input)
    await user.type(input, '30')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('marks only the refused value of an operation as invalid', async () => {
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'crop', args: ['10x10', 'nowhere'] }] },
    })
    await screen.findByRole('alert')
    const inputs = [...screen.getByRole('listitem').querySelectorAll<HTMLInputElement>('input, select')]
    expect(inputs.length).toBeGreaterThan(1)
    const invalid = inputs.filter((i) => i.getAttribute('aria-invalid') === 'true')
    expect(invalid.map((i) => i.value)).toEqual(['nowhere'])
  })

  it("refuses a format the file's conversions don't offer, though the catalogue has it", async () => {
    const user = userEvent.setup()
    await render_('pdf')
    const paste = screen.getByRole('textbox', { name: /paste/i })
    await user.type(paste, '/format/xlsx/{Enter}')
    expect((await screen.findByRole('alert')).textContent).toMatch(/xlsx/)
    expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', true)
    // The select shows the refused format, as the recipe has it, not the first one offered.
    const format = screen.getByRole('combobox', { name: 'Format format' })
    expect(format).toHaveProperty('value', 'xlsx')
    expect(format.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a refused value of a select as it is, and a choice of an offered one replaces it', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'quality', args: ['bogus'] }] },
    })
    await screen.findByRole('alert')
    const quality = screen.getByRole('combobox', { name: 'Quality quality' })
    expect(quality).toHaveProperty('value', 'bogus')
    await user.selectOptions(quality, 'normal')
    expect(recipeText()).toBe('/-/quality/normal/')
    expect(within(quality).queryByRole('option', { name: 'bogus' })).toBeNull()
  })

  it('raises no alert for the values a number passes through while it is typed', async () => {
    const user = userEvent.setup()
    const { container } = await render_('subject', { previewDelay: 300 })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'rotate')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const alerts: string[] = []
    const watch = new MutationObserver(() => {
      for (const alert of container.querySelectorAll('[role="alert"]')) alerts.push(alert.textContent!)
    })
    watch.observe(container, { childList: true, subtree: true, characterData: true })
    const angle = screen.getByRole('spinbutton', { name: 'Rotate angle' })
    await user.clear(angle)
    await user.type(angle, '180') // 1 and 18 are not multiples of 90
    await new Promise((resolve) => setTimeout(resolve, 400))
    watch.disconnect()
    expect(recipeText()).toBe('/-/rotate/180/')
    expect(alerts).toEqual([])
  })

  it('steps a whole number with ↑ and ↓ as a spin button, to the next multiple of its step, within its range', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: {
        kind: 'image',
        operations: [
          { name: 'rotate', args: ['45'] },
          { name: 'brightness', args: ['99'] },
          { name: 'resize', args: ['x600'] },
        ],
      },
    })
    const angle = screen.getByRole('spinbutton', { name: 'Rotate angle' })
    expect([angle.getAttribute('aria-valuenow'), angle.getAttribute('aria-valuemax')]).toEqual(['45', '270'])
    angle.focus()
    await user.keyboard('{ArrowUp}')
    expect(angle).toHaveProperty('value', '90')
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    expect(angle).toHaveProperty('value', '270') // the range's end
    await user.keyboard('{ArrowDown}')
    expect(angle).toHaveProperty('value', '180')
    const brightness = screen.getByRole('spinbutton', { name: 'Brightness value' })
    expect(brightness.getAttribute('aria-valuemin')).toBe('-100')
    brightness.focus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(brightness).toHaveProperty('value', '100')
    // An empty side starts from the lowest it can be; a side has no highest.
    const width = screen.getByRole('spinbutton', { name: 'Resize size width' })
    expect([width.hasAttribute('aria-valuenow'), width.hasAttribute('aria-valuemax')]).toEqual([false, false])
    width.focus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(recipeText()).toBe('/-/rotate/180/-/brightness/100/-/resize/2x600/')
  })

  it('steps a side divisible by 4 by its multiples, keeps a percent side a percent, and reads full-width digits', async () => {
    const user = userEvent.setup()
    const video = await render_('video', {
      defaultValue: { kind: 'video', operations: [{ name: 'size', args: ['x480'] }] },
    })
    const width = screen.getByRole('spinbutton', { name: 'Size size width' })
    width.focus()
    await user.keyboard('{ArrowUp}')
    expect(recipeText()).toBe('/size/4x480/')
    await user.keyboard('{ArrowDown}')
    expect(recipeText()).toBe('/size/4x480/') // 1 is no multiple of 4: the model would refuse it
    // An IME's full-width digits (Japanese, Chinese), as the number input used to read them.
    await user.clear(width)
    await user.type(width, '８００')
    expect(recipeText()).toBe('/size/800x480/')
    video.unmount()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['50px50p', '10,10', 'hi'] }] },
    })
    const side = screen.getByRole('spinbutton', { name: 'Text size width' })
    expect(side.hasAttribute('inputmode')).toBe(false) // a number pad has no p
    side.focus()
    await user.keyboard('{ArrowUp}')
    expect(recipeText()).toBe('/-/text/51px50p/10,10/hi/')
  })

  it("takes operation labels, argument names and problems from the provider's messages", async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper({
      messages: {
        'recipe.add': 'Operation hinzufügen',
        'recipe.op.brightness': 'Helligkeit',
        'recipe.arg.value': 'Wert',
        'recipe.issue.outOfRange': '{opLabel}: {argLabel} muss zwischen {min} und {max} liegen ({value}).',
        'recipe.issue.unknownOperation': 'Unbekannte Operation „{name}“.',
      },
      locale: 'de-DE',
    })
    render(<RecipeBuilder fileId={files[0]!.id} previewDelay={10} />, { wrapper: Wrapper })
    const add = await screen.findByRole('combobox', { name: 'Operation hinzufügen' })
    expect(options(add)).toContain('Helligkeit')
    expect(options(add)).toContain('Resize') // no override: the catalogue's English label
    await user.selectOptions(add, 'brightness')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const input = screen.getByRole('spinbutton', { name: 'Helligkeit Wert' })
    await user.clear(input)
    await user.type(input, '3000')
    // Named as the host's messages name them, numbers as the locale writes them.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Helligkeit: Wert muss zwischen -100 und 100 liegen (3.000).',
    )
    await user.type(screen.getByRole('textbox', { name: 'Paste a recipe' }), '/-/nonsense/1/')
    await user.click(screen.getByRole('button', { name: 'Use pasted recipe' }))
    expect(screen.getByText('Unbekannte Operation „nonsense“.').getAttribute('role')).toBe('alert')
  })

  it('accepts a pasted recipe, and explains one it cannot read', async () => {
    const user = userEvent.setup()
    await render_()
    const paste = screen.getByRole('textbox', { name: 'Paste a recipe' })
    await user.type(paste, 'format/webp/-/nonsense/1')
    await user.click(screen.getByRole('button', { name: 'Use pasted recipe' }))
    expect(screen.getByRole('alert').textContent).toBe('Unknown image operation "nonsense".')
    expect(paste.getAttribute('aria-invalid')).toBe('true')
    expect(paste.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
    await user.clear(paste)
    await user.type(paste, 'format/webp/-/quality/smart')
    await user.click(screen.getByRole('button', { name: 'Use pasted recipe' }))
    expect(recipeText()).toBe('/-/format/webp/-/quality/smart/')
    // Said once, by the announcer; the recipe text itself is not live (it changes at every key).
    expect(document.querySelector('[data-slot="announcer"]')!.textContent).toBe(
      'Recipe: /-/format/webp/-/quality/smart/',
    )
    expect(document.querySelector('[data-slot="recipe-text"]')!.getAttribute('aria-live')).toBe('off')
    // Enter in the field uses what was pasted: it converts nothing (Enter in an argument field
    // would convert the recipe being replaced).
    await user.type(paste, '/-/grayscale/{Enter}')
    expect(recipeText()).toBe('/-/grayscale/')
    expect(paste).toHaveProperty('value', '')
    expect(count('POST', '/conversions/image.json')).toBe(0)
  })

  it("keeps a phone keyboard from capitalising or correcting recipe text ('Resize' is refused)", async () => {
    const user = userEvent.setup()
    await render_()
    await user.type(
      screen.getByRole('textbox', { name: 'Paste a recipe' }),
      '/-/crop/50px50p/center/-/blur_region/faces/-/overlay/x/{Enter}',
    )
    const fields = [
      ...document.querySelectorAll('.fk-recipe-builder input:is([type="text"], [type="number"])'),
    ]
    expect(fields.length).toBeGreaterThan(5)
    for (const field of fields) {
      expect(field.getAttribute('autocapitalize')).toBe('none')
      expect(field.getAttribute('autocorrect')).toBe('off')
      expect(field.getAttribute('spellcheck')).toBe('false')
    }
    expect(screen.getByRole('textbox', { name: 'Paste a recipe' }).getAttribute('enterkeyhint')).toBe('done')
  })

  it('shows each value of a pasted recipe in its own input, also after a skipped optional one', async () => {
    const user = userEvent.setup()
    await render_()
    await user.type(
      screen.getByRole('textbox', { name: 'Paste a recipe' }),
      '/-/scale_crop/100x100/center/{Enter}',
    )
    const type = screen.getByRole('combobox', { name: 'Scale and crop type (optional)' })
    const align = screen.getByRole('combobox', { name: 'Scale and crop align (optional)' })
    expect(type).toHaveProperty('value', '')
    expect(align).toHaveProperty('value', 'center')
    await user.clear(align)
    await user.type(align, '50p,20p')
    expect(recipeText()).toBe('/-/scale_crop/100x100/50p,20p/')
    await user.selectOptions(type, 'smart')
    expect(recipeText()).toBe('/-/scale_crop/100x100/smart/50p,20p/')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('never sends a value as the blank argument before it', async () => {
    const user = userEvent.setup()
    await render_()
    const add = async (name: string) => {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), name)
      await user.click(screen.getByRole('button', { name: 'Add' }))
    }
    // A blur amount alone: the strength before it takes its default, so 50 stays the amount.
    await add('blur')
    await user.type(screen.getByRole('spinbutton', { name: 'Blur amount (optional)' }), '50')
    expect(recipeText()).toBe('/-/blur/10/50/')
    await user.click(screen.getByRole('button', { name: 'Remove Blur' }))
    // A trim padding alone: the tolerance has no default, so the check asks for it.
    await add('trim')
    await user.type(
      screen.getByRole('spinbutton', { name: 'Trim solid background padding (optional)' }),
      '50',
    )
    expect((await screen.findByRole('alert')).textContent).toBe(
      'trim: give tolerance too, or 50 reads as tolerance.',
    )
    expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', true)
    await user.type(
      screen.getByRole('spinbutton', { name: 'Trim solid background tolerance (optional)' }),
      '5',
    )
    expect(recipeText()).toBe('/-/trim/5/50/')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('leaves an optional size out again once both its sides are cleared', async () => {
    const user = userEvent.setup()
    await render_()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'preview')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const width = screen.getByRole('spinbutton', { name: 'Preview (fit inside) size (optional) width' })
    const height = screen.getByRole('spinbutton', { name: 'Preview (fit inside) size (optional) height' })
    await user.type(width, '300')
    await user.type(height, '200')
    expect(recipeText()).toBe('/-/preview/300x200/')
    await user.clear(width)
    await user.clear(height)
    expect(recipeText()).toBe('/-/preview/')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', false)
  })

  it('converts and follows the new file to ready', async () => {
    const user = userEvent.setup()
    const onConverted = vi.fn()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
      onConverted,
    })
    emulator.faults.latency(200)
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    // While the service takes the conversion: said, and a second press is ignored, not refused
    // with a disabled button (which would drop the keyboard to the page body).
    const starting = screen.getByRole('button', { name: 'Starting…' })
    expect(starting.getAttribute('aria-disabled')).toBe('true')
    await user.click(starting)
    await waitFor(() =>
      expect(onConverted).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' })),
    )
    expect(count('POST', '/conversions/image.json')).toBe(1)
    const result = await screen.findByText(/^Result f-\w+: /)
    await waitFor(() => expect(result.textContent).toMatch(/: Ready$/), { timeout: 4_000 })
  })

  it('converts by Enter in a number or checkbox field, once, and not a recipe with problems', async () => {
    const user = userEvent.setup()
    const onConverted = vi.fn()
    await render_('subject', {
      onConverted,
      defaultValue: { kind: 'remove_bg', operations: [{ name: 'crop', args: ['true'] }] },
    })
    // Enter where a form would have submitted: a checkbox, a number field.
    ;(await screen.findByRole('checkbox', { name: 'Crop to the subject value' })).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onConverted).toHaveBeenCalledOnce())
    expect(count('POST', '/conversions/remove_bg.json')).toBe(1)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Conversion' }), 'image')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'brightness')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const value = screen.getByRole('spinbutton', { name: 'Brightness value' })
    await user.clear(value)
    await user.type(value, '300{Enter}')
    await screen.findByRole('alert')
    expect(count('POST', '/conversions/image.json')).toBe(0)
    await user.clear(value)
    await user.type(value, '30')
    // The Enter that ends an IME composition converts nothing (Safari: keyCode 229 only).
    fireEvent.keyDown(value, { key: 'Enter', keyCode: 229 })
    fireEvent.keyDown(value, { key: 'Enter', isComposing: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(count('POST', '/conversions/image.json')).toBe(0)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onConverted).toHaveBeenCalledTimes(2))
    expect(count('POST', '/conversions/image.json')).toBe(1)
  })

  it('sends one conversion for two presses before it re-renders (a double click)', async () => {
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
    })
    const convert = screen.getByRole('button', { name: 'Convert' })
    fireEvent.click(convert)
    fireEvent.click(convert)
    await screen.findByText(/^Result f-\w+: /)
    expect(count('POST', '/conversions/image.json')).toBe(1)
  })

  it('shows a result or a refusal only under the file it belongs to', async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }, { sample: 'subject' }] })
    const [a, b] = files.map((f) => f.id)
    const webp: Recipe = { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }
    const { Wrapper } = wrapper()
    // A host that shows one builder for whichever file is picked, keeping the recipe.
    const { rerender } = render(<RecipeBuilder fileId={a!} defaultValue={webp} previewDelay={10} />, {
      wrapper: Wrapper,
    })
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    await screen.findByText(/^Result f-\w+: /)
    rerender(<RecipeBuilder fileId={b!} defaultValue={webp} previewDelay={10} />)
    await screen.findByRole('button', { name: 'Convert' })
    expect(screen.queryByText(/^Result f-\w+: /)).toBeNull()
    emulator.faults.failNext('/conversions/image.json', { status: 400, message: 'Not this one' })
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Not this one')
    rerender(<RecipeBuilder fileId={a!} defaultValue={webp} previewDelay={10} />)
    await screen.findByRole('button', { name: 'Convert' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("converts this file while another file's conversion is still on its way, and shows each under its own", async () => {
    const user = userEvent.setup()
    const onConverted = vi.fn()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }, { sample: 'subject' }] })
    const [a, b] = files.map((f) => f.id)
    const webp: Recipe = { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }
    const { Wrapper } = wrapper()
    const builder = (fileId: string) => (
      <RecipeBuilder fileId={fileId} defaultValue={webp} previewDelay={10} onConverted={onConverted} />
    )
    const { rerender } = render(builder(a!), { wrapper: Wrapper })
    emulator.faults.latency(600)
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    emulator.faults.latency(0)
    rerender(builder(b!))
    // A's "Starting…" is not B's: B's Convert is pressable, and sends.
    const convert = await screen.findByRole('button', { name: 'Convert' })
    expect(convert.getAttribute('aria-disabled')).toBeNull()
    await user.click(convert)
    await waitFor(() => expect(onConverted).toHaveBeenCalledTimes(2), { timeout: 2_000 })
    expect(count('POST', '/conversions/image.json')).toBe(2)
    // B's conversion answered first, A's (held 600 ms) last: B still shows its own result, and
    // A's is there when A is picked again.
    const [fromB, fromA] = onConverted.mock.calls.map(([file]) => (file as { id: string }).id)
    expect(screen.getByText(/^Result f-\w+: /).textContent).toContain(fromB)
    rerender(builder(a!))
    expect(screen.getByText(/^Result f-\w+: /).textContent).toContain(fromA)
  })

  it("says this file's conversion is still starting when the host comes back to it from another file", async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }, { sample: 'subject' }] })
    const [a, b] = files.map((f) => f.id)
    const webp: Recipe = { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }
    // A's conversion is held until the end; B's goes through.
    const releaseA = hold('post', `/api/v1/projects/demo/files/${a}/conversions/image.json`)
    const { Wrapper } = wrapper()
    const builder = (fileId: string) => (
      <RecipeBuilder fileId={fileId} defaultValue={webp} previewDelay={10} />
    )
    const { rerender } = render(builder(a!), { wrapper: Wrapper })
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    rerender(builder(b!))
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    await screen.findByText(/^Result f-\w+: /)
    rerender(builder(a!))
    // Back on A, whose conversion the hook no longer follows: still said, and not sent twice.
    const starting = screen.getByRole('button', { name: 'Starting…' })
    expect(starting.getAttribute('aria-disabled')).toBe('true')
    await user.click(starting)
    expect(count('POST', `/files/${a}/conversions/image.json`)).toBe(1)
    releaseA()
    await screen.findByText(/^Result f-\w+: /)
    expect(screen.getByRole('button', { name: 'Convert' })).toBeTruthy()
  })

  it("does not show the last user's conversion result to the next one (another token's scope)", async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const webp: Recipe = { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }
    const hostClient = newQueryClient()
    const page = (who: string) => (
      <QueryClientProvider client={hostClient}>
        <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={() => secretKey} tokenScope={who}>
          <RecipeBuilder fileId={files[0]!.id} defaultValue={webp} previewDelay={10} />
        </FileServiceProvider>
      </QueryClientProvider>
    )
    const { rerender } = render(page('user-a'))
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    await screen.findByText(/^Result f-\w+: /)
    rerender(page('user-b'))
    await screen.findByRole('button', { name: 'Convert' })
    expect(screen.queryByText(/^Result f-\w+: /)).toBeNull()
  })

  it('keeps its own submit when untyped code passes onSubmit', async () => {
    const user = userEvent.setup()
    const onConverted = vi.fn()
    const onSubmit = vi.fn()
    // The props type leaves onSubmit out; JavaScript hosts can still pass one.
    const stray = { onSubmit } as Partial<Parameters<typeof RecipeBuilder>[0]>
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
      onConverted,
      ...stray,
    })
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    await waitFor(() => expect(onConverted).toHaveBeenCalledOnce())
    expect(count('POST', '/conversions/image.json')).toBe(1)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  // <Activity> is React 19's; the React 18 job has none.
  it.skipIf(!Activity)(
    'takes in a conversion answered while it was hidden by an <Activity>, and converts again',
    async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const user = userEvent.setup()
      const { Wrapper } = wrapper()
      const onConverted = vi.fn()
      const recipe: Recipe = { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }
      const builder = (mode: 'visible' | 'hidden') => (
        <Activity mode={mode}>
          <RecipeBuilder fileId={files[0]!.id} defaultValue={recipe} onConverted={onConverted} />
        </Activity>
      )
      const { rerender } = render(builder('visible'), { wrapper: Wrapper })
      emulator.faults.latency(200)
      await user.click(await screen.findByRole('button', { name: 'Convert' }))
      // Hidden (another tab of the host's UI) until the conversion has been started and answered.
      rerender(builder('hidden'))
      await waitFor(() => expect(count('POST', '/conversions/image.json')).toBe(1))
      // The host hears of it while the builder is still hidden.
      await waitFor(() => expect(onConverted).toHaveBeenCalledOnce(), { timeout: 2_000 })
      const [started] = onConverted.mock.calls[0]!
      emulator.faults.latency(0)
      rerender(builder('visible'))
      // Shown again, the builder follows the file it started.
      const result = await screen.findByText(/^Result f-\w+: /)
      expect(result.textContent).toContain(started.id)
      await user.click(screen.getByRole('button', { name: 'Convert' }))
      await waitFor(() => expect(count('POST', '/conversions/image.json')).toBe(2))
      await waitFor(() => expect(onConverted).toHaveBeenCalledTimes(2))
    },
  )

  it('works controlled', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const seen: Recipe[] = []
    function Controlled() {
      const [recipe, setRecipe] = useState<Recipe>({
        kind: 'image',
        operations: [{ name: 'grayscale', args: [] }],
      })
      return (
        <RecipeBuilder
          fileId={files[0]!.id}
          value={recipe}
          onValueChange={(next) => {
            seen.push(next)
            setRecipe(next)
          }}
        />
      )
    }
    const user = userEvent.setup()
    render(<Controlled />, { wrapper: Wrapper })
    await screen.findByRole('combobox', { name: 'Conversion' })
    expect(recipeText()).toBe('/-/grayscale/')
    await user.click(screen.getByRole('button', { name: 'Remove Grayscale' }))
    expect(seen.at(-1)).toEqual({ kind: 'image', operations: [] })
    expect(recipeText()).toBe('—')
  })

  it('says conversions need the secret key when used with a group token', async () => {
    const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const { Wrapper } = wrapper({ token: groups[0]!.accessToken })
    render(<RecipeBuilder fileId={files[0]!.id} />, { wrapper: Wrapper })
    expect((await screen.findByRole('alert')).textContent).toContain('secret key')
  })
})

describe('RecipeBuilder inputs', () => {
  // The text operation's text is typed as it should read; the recipe holds it escaped (a "/"
  // typed as such read as the next value, "/-/" as the next operation).
  it.each([
    ['Buy 1/get 1', 'Buy 1/get 1', 'Buy 1~sget 1'],
    ['a//b', 'a//b', 'a~s~sb'],
    ['Sale/-/format/png', 'Sale/-/format/png', 'Sale~s-~sformat~spng'],
    ['50% ~ off', '50% ~ off', '50% ~~ off'],
    ['two lines', 'Line 1{Enter}Line 2', 'Line 1~nLine 2'],
    // A recipe's values are trimmed: left, the field shows what is sent.
    [' Sale ', ' Sale ', 'Sale'],
  ])('takes %j as plain text in the Text field, and sends it escaped', async (_, keys, escaped) => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x100', '0,0', 'x'] }] },
      onValueChange,
    })
    const field = screen.getByRole('textbox', { name: 'Text text' }) as HTMLTextAreaElement
    expect(field.value).toBe('x')
    await user.clear(field)
    await user.type(field, keys)
    const plain = keys.replace('{Enter}', '\n')
    expect(field.value).toBe(plain)
    await user.tab()
    expect(field.value).toBe(plain.trim())
    expect(recipeText()).toBe(`/-/text/100x100/0,0/${escaped}/`)
    // The host's recipe is the escaped one too.
    expect(onValueChange.mock.lastCall?.[0]).toEqual({
      kind: 'image',
      operations: [{ name: 'text', args: ['100x100', '0,0', escaped] }],
    })
    await new Promise((resolve) => setTimeout(resolve, 50)) // the pause before problems show
    expect(screen.queryByRole('alert')).toBeNull()
    const sent: Promise<string | null>[] = []
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && request.url.includes('/conversions/'))
        sent.push(
          request
            .clone()
            .formData()
            .then((form) => form.get('recipe') as string | null),
        )
    }
    server.events.on('request:start', listener)
    try {
      await user.click(screen.getByRole('button', { name: 'Convert' }))
      await waitFor(() => expect(sent).toHaveLength(1))
      expect(await sent[0]).toBe(`/-/text/100x100/0,0/${escaped}/`)
    } finally {
      server.events.removeListener('request:start', listener)
    }
  })

  it('shows a pasted text as it reads', async () => {
    const user = userEvent.setup()
    await render_()
    await user.type(
      screen.getByRole('textbox', { name: 'Paste a recipe' }),
      '/-/text/100x100/0,0/Buy 1~sget 1~n~~50%/{Enter}',
    )
    expect(screen.getByRole('textbox', { name: 'Text text' })).toHaveProperty('value', 'Buy 1/get 1\n~50%')
    expect(recipeText()).toBe('/-/text/100x100/0,0/Buy 1~sget 1~n~~50%/')
  })

  it('says a text of "-" alone cannot be written, not that the text is missing', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x100', '0,0', 'x'] }] },
    })
    const field = screen.getByRole('textbox', { name: 'Text text' })
    await user.clear(field)
    await user.type(field, '-')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The text cannot be "-" alone: in a recipe, that separates operations.',
    )
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field).toHaveProperty('value', '-')
    expect(screen.getByRole('button', { name: 'Convert' })).toHaveProperty('disabled', true)
    await user.type(field, ' sale')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(recipeText()).toBe('/-/text/100x100/0,0/- sale/')
  })

  it('says of a "~" given not as the recipe writes it that an edit mends it, not how to escape it', async () => {
    const user = userEvent.setup()
    // From the host (or pasted): "~x" is none of ~~, ~s, ~n. The field shows what a reader sees.
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x100', '0,0', '~~a~xb'] }] },
    })
    const field = screen.getByRole('textbox', { name: 'Text text' })
    expect(field).toHaveProperty('value', '~a~xb')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This text has a "~" the service cannot read: edit the text to fix it.',
    )
    expect(field.getAttribute('aria-invalid')).toBe('true')
    await user.type(field, '!')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(recipeText()).toBe('/-/text/100x100/0,0/~~a~~xb!/')
  })

  it('says a lone "-" beside the operation\'s other problems, in the host\'s words', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper({
      messages: {
        'recipe.issue.invalidValue': 'Ungültiger Wert „{value}“ für {argLabel}.',
        'recipe.loneDash': 'Der Text darf nicht nur „-“ sein.',
      },
    })
    render(
      <RecipeBuilder
        fileId={files[0]!.id}
        previewDelay={10}
        defaultValue={{ kind: 'image', operations: [{ name: 'text', args: ['100x100', 'zz', '-'] }] }}
      />,
      { wrapper: Wrapper },
    )
    // The position's problem stays; the dash is said by its own message, not as the text missing.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ungültiger Wert „zz“ für position. Der Text darf nicht nur „-“ sein.',
    )
    const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].map((e) =>
      e.getAttribute('aria-label'),
    )
    expect(invalid).toEqual(['Text position', 'Text text'])
  })

  it('says of a "-" in another field of the text operation what that field holds, not that the text cannot be one', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x100', '0,0', 'x'] }] },
    })
    const position = screen.getByRole('textbox', { name: 'Text position' })
    await user.clear(position)
    await user.type(position, '-')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'position must not hold / or be - alone (got "-").',
    )
    expect(position.getAttribute('aria-invalid')).toBe('true')
  })

  it('keeps what was typed in the Text field when only the window loses focus', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x100', '0,0', 'x'] }] },
    })
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text text' })
    await user.clear(field)
    await user.type(field, 'Sale ')
    // Another app comes to the front: the field hears blur, and keeps the keyboard in its page.
    fireEvent.blur(field)
    expect(document.activeElement).toBe(field)
    expect(field.value).toBe('Sale ')
    await user.type(field, '50% off')
    expect(field.value).toBe('Sale 50% off')
    await user.tab()
    expect(recipeText()).toBe('/-/text/100x100/0,0/Sale 50% off/')
  })

  it('offers alignment keywords and accepts a point, for crop', async () => {
    const user = userEvent.setup()
    await render_()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add operation' }), 'crop')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const align = screen.getByLabelText('Crop align (optional)')
    const list = document.getElementById(align.getAttribute('list')!)!
    expect([...list.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual([
      'center',
      'top',
      'right',
      'bottom',
      'left',
    ])
    await user.type(align, '10,20p')
    expect(recipeText()).toBe('/-/crop/1:1/10,20p/')
  })
})

describe('RecipeBuilder renders', () => {
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50))

  it('renders only the paste field while a recipe is typed there: the recipe is not read again', async () => {
    const user = userEvent.setup()
    await render_('subject', {
      defaultValue: {
        kind: 'image',
        operations: [
          { name: 'resize', args: ['800x'] },
          { name: 'format', args: ['webp'] },
        ],
      },
    })
    await settled() // the preview's pause
    const paste = screen.getByRole('textbox', { name: 'Paste a recipe' })
    renders.reset()
    await user.type(paste, '/-/flip/')
    expect(renders.counts).toEqual({ PasteBox: 8 })
    await user.type(paste, '{Enter}')
    expect(recipeText()).toBe('/-/flip/')
  })
})
