import type { Meta, StoryObj } from '@storybook/react-vite'
import { onlineManager } from '@tanstack/react-query'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { RecipeBuilder } from '../src/index.ts'
import { anHour, emulator } from './support/emulator.ts'
import { onlineAfter } from './support/offline.ts'
import { type Seeded, seed } from './support/seed.ts'

const meta = {
  title: 'Components/RecipeBuilder',
  component: RecipeBuilder,
  args: { fileId: '', onConverted: fn() },
  render: (args, { loaded }) => <RecipeBuilder {...args} fileId={(loaded.seeded as Seeded).files[0]!.id} />,
} satisfies Meta<typeof RecipeBuilder>

export default meta
type Story = StoryObj<typeof meta>
const text = (el: HTMLElement) => el.querySelector('[data-slot="recipe-text"]')!.textContent

export const ImageToWebp: Story = {
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Add operation' }), 'format')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Format format' }), 'webp')
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Add operation' }), 'resize')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await expect(text(canvasElement)).toBe('/-/format/webp/-/resize/800x/')
    // The live preview of this recipe really loads (the CDN answers its URL with an image).
    const figure = canvasElement.querySelector('[data-slot="recipe-preview"]')!
    await waitFor(() => expect(figure.querySelector('img')?.src).toContain('/format/webp/-/resize/800x/'))
    await waitFor(() => expect(figure).toHaveAttribute('data-state', 'ready'), { timeout: 4000 })
    await expect(figure.querySelector('img')!.naturalWidth).toBeGreaterThan(0)
    await userEvent.click(canvas.getByRole('button', { name: 'Convert' }))
    await waitFor(() => expect(args.onConverted).toHaveBeenCalled())
    await waitFor(() => expect(canvas.getByText(/^Result f-.*: Ready$/)).toBeVisible(), { timeout: 8000 })
  },
}

export const StillProcessing: Story = {
  name: 'Still processing (timed out)',
  // The conversion takes 1.5 s here; the builder gives up polling after 0.3 s.
  args: {
    polling: { initialInterval: 100, maxWait: 300 },
    defaultValue: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
  },
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Convert' }))
    await waitFor(() => expect(canvas.getByText(/Still processing/)).toBeVisible(), { timeout: 4000 })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(canvas.getByText(/^Result f-.*: Ready$/)).toBeVisible(), { timeout: 4000 })
  },
}

export const Invalid: Story = {
  args: { defaultValue: { kind: 'image', operations: [{ name: 'brightness', args: ['300'] }] } },
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('between -100 and 100')
    await expect(canvas.getByRole('button', { name: 'Convert' })).toBeDisabled()
  },
}

/** A value after a blank argument would be read as that one: trim's padding alone is refused, saying why. */
export const BlankArgument: Story = {
  args: { defaultValue: { kind: 'image', operations: [{ name: 'trim', args: ['', '50'] }] } },
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'trim: give tolerance too, or 50 reads as tolerance.',
    )
    await expect(canvas.getByRole('button', { name: 'Convert' })).toBeDisabled()
  },
}

export const Document: Story = {
  args: { defaultValue: { kind: 'document', operations: [{ name: 'format', args: ['docx'] }] } },
  loaders: [seed({ files: [{ sample: 'pdf' }] })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(text(canvasElement)).toBe('/format/docx/'))
  },
}

export const Video: Story = {
  args: {
    defaultValue: {
      kind: 'video',
      operations: [
        { name: 'format', args: ['webm'] },
        { name: 'quality', args: ['lighter'] },
      ],
    },
  },
  loaders: [seed({ files: [{ sample: 'video' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(text(canvasElement)).toBe('/format/webm/-/quality/lighter/'))
    // Video sizes must divide by 4: the problem is tied to its input.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Add operation' }), 'size')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    const width = canvas.getByRole('spinbutton', { name: 'Size size width' })
    await userEvent.type(width, '641')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('4')
    await expect(width).toHaveAttribute('aria-invalid', 'true')
    await userEvent.clear(width)
    await userEvent.type(width, '640')
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Convert' })).toBeEnabled()
  },
}

/** The Text field takes the text as it reads; the recipe holds it escaped (`/` as `~s`, a new line as `~n`). */
export const TextOverlay: Story = {
  args: { defaultValue: { kind: 'image', operations: [{ name: 'text', args: ['100x20p', '0,0', 'Sale'] }] } },
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const field = await canvas.findByRole('textbox', { name: 'Text text' })
    await userEvent.clear(field)
    await userEvent.type(field, 'Buy 1/get 1{Enter}today')
    await expect(text(canvasElement)).toBe('/-/text/100x20p/0,0/Buy 1~sget 1~ntoday/')
    await expect(field).toHaveValue('Buy 1/get 1\ntoday')
    await expect(canvas.getByRole('button', { name: 'Convert' })).toBeEnabled()
  },
}

const hostSubmit = fn()
/**
 * Inside the host's own form (a product form with a recipe field): the builder is no form of its
 * own, so Convert and Enter in its fields convert, and neither submits the host's form.
 */
export const InAHostForm: Story = {
  args: {
    defaultValue: {
      kind: 'document',
      operations: [
        { name: 'format', args: ['png'] },
        { name: 'page', args: ['1'] },
      ],
    },
  },
  loaders: [seed({ files: [{ sample: 'pdf' }] })],
  render: (args, { loaded }) => (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        hostSubmit()
      }}
    >
      <label>
        Product name <input name="title" defaultValue="Poster" />
      </label>
      <RecipeBuilder {...args} fileId={(loaded.seeded as Seeded).files[0]!.id} />
      <button type="submit">Save product</button>
    </form>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('spinbutton', { name: 'Page page' }), '{Enter}')
    await waitFor(() => expect(args.onConverted).toHaveBeenCalledOnce())
    await expect(hostSubmit).not.toHaveBeenCalled()
  },
}

/** Convert pressed offline: TanStack holds the conversion until the network is back, and the builder says so. */
export const ConvertOffline: Story = {
  args: { defaultValue: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] } },
  loaders: [seed({ files: [{}] })],
  beforeEach: onlineAfter,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const convert = await canvas.findByRole('button', { name: 'Convert' })
    onlineManager.setOnline(false)
    await userEvent.click(convert)
    await expect(await canvas.findByText('Offline, waiting for the network')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Starting…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

export const ProcessingError: Story = {
  args: { defaultValue: { kind: 'remove_bg', operations: [{ name: 'crop', args: ['true'] }] } },
  loaders: [seed({ files: [{ sample: 'blank' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Convert' }))
    await waitFor(() => expect(canvas.getByText(/: Processing failed$/)).toBeVisible(), { timeout: 8000 })
  },
}

export const Loading: Story = {
  loaders: [seed({ files: [{}], before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Forbidden: Story = {
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], token: 'group' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('secret key')
  },
}
