import type { Meta, StoryObj } from '@storybook/react-vite'
import { onlineManager } from '@tanstack/react-query'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createFileServiceClient, FileList } from '../src/index.ts'
import { anHour, baseUrl, emulator } from './support/emulator.ts'
import { offline, onlineAfter, staleNow } from './support/offline.ts'
import { type Seeded, seed } from './support/seed.ts'

const meta = {
  title: 'Components/FileList',
  component: FileList,
} satisfies Meta<typeof FileList>

export default meta
type Story = StoryObj<typeof meta>

const many = Array.from({ length: 45 }, (_, i) => ({
  sample: i % 9 === 4 ? ('pdf' as const) : ('subject' as const),
}))

export const Many: Story = {
  loaders: [seed({ files: many })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Page 1 of 3')
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }))
    await canvas.findByText('Page 2 of 3')
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }))
    await canvas.findByText('Page 3 of 3')
    await expect(canvas.getAllByRole('row')).toHaveLength(6)
  },
}

/**
 * Against the real service, which answers 20 rows a page whatever is asked: `pageSizeOptions={[]}`
 * offers no Per page select (with choices, it would show the 20 that came).
 */
export const NoPageSizes: Story = {
  name: 'No Per page choices',
  args: { pageSizeOptions: [] },
  loaders: [seed({ files: many })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Page 1 of 3')
    await expect(canvas.queryByRole('combobox', { name: 'Per page' })).toBeNull()
  },
}

export const Selection: Story = {
  args: { defaultSelectedIds: [] },
  loaders: [seed({ files: [{ name: 'beach.png' }, { name: 'city.png' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = await canvas.findByRole('checkbox', { name: 'Select city.png' })
    await userEvent.click(box)
    await expect(box).toBeChecked()
    // The header's checkbox is mixed now; it selects the rest of the page.
    const page = canvas.getByRole('checkbox', { name: 'Select all on this page' })
    await expect(page).toBePartiallyChecked()
    await userEvent.click(page)
    await expect(canvas.getByRole('checkbox', { name: 'Select beach.png' })).toBeChecked()
  },
}

export const GroupFiles: Story = {
  loaders: [
    seed({
      files: [{ name: 'first.png' }, { name: 'second.png' }],
      groups: [{ files: [1, 0] }],
      token: 'group',
    }),
  ],
  render: (args, { loaded }) => <FileList {...args} groupId={(loaded.seeded as Seeded).groups[0]!.id} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const rows = await canvas.findAllByRole('row')
    await expect(rows[1]).toHaveTextContent('second.png')
  },
}

/** Seeds a file and starts converting it: the page then lists a pending conversion result. */
const withConversion = async () => {
  const loaded = await seed({ files: [{ name: 'photo.png' }] })()
  const client = createFileServiceClient({ baseUrl, projectId: 'demo', token: 'demo_secret_key' })
  const converted = await client.conversions.convert(loaded.seeded.files[0]!.id, 'image', '/-/format/webp/')
  return { ...loaded, converted: converted.id }
}

/** A conversion result is listed while it is processing; the page is refreshed until it is ready. */
export const PendingToReady: Story = {
  name: 'Pending → ready',
  args: { polling: { initialInterval: 500 }, renderActions: (file) => file.id },
  loaders: [withConversion],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    const row = (await canvas.findByText(loaded.converted as string)).closest('tr')!
    await expect(within(row).getByText('Processing')).toBeVisible()
    await waitFor(() => expect(within(row).getByText('Ready')).toBeVisible(), { timeout: 6_000 })
  },
}

/** The page gave up waiting (`polling.maxWait`) with a row still processing: it says so. */
export const StillProcessing: Story = {
  args: { polling: { initialInterval: 200, maxWait: 600 } },
  loaders: [withConversion],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const line = await canvas.findByText(/^Some of these are still processing/, {}, { timeout: 3_000 })
    await expect(within(line).getByRole('button', { name: 'Check again' })).toBeVisible()
  },
}

/**
 * In a narrow container the table scrolls sideways inside the list (a focusable region then);
 * the page does not widen.
 */
export const Narrow: Story = {
  loaders: [seed({ files: [{ name: 'a-rather-long-file-name-without-spaces.png' }, { sample: 'pdf' }] })],
  render: (args) => (
    <div style={{ width: 320 }} data-testid="narrow">
      <FileList {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('table')
    const box = canvas.getByTestId('narrow')
    const scroller = box.querySelector<HTMLElement>('[data-slot="table-scroll"]')!
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth)
    // Something to scroll: the box is a named region keyboard users can focus and scroll.
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Files, scrolls sideways' })).toBe(scroller),
    )
    await expect(scroller).toHaveAttribute('tabindex', '0')
    // Short values stay on one line (the name may wrap): one line box for "193 bytes".
    const lines = document.createRange()
    lines.selectNodeContents(canvas.getByText(/ bytes$/))
    await expect(lines.getClientRects()).toHaveLength(1)
    await expect(box.scrollWidth).toBe(320)
    await expect(
      canvas.getByRole('navigation', { name: 'Files, pages' }).getBoundingClientRect().width,
    ).toBeLessThanOrEqual(320)
  },
}

export const Loading: Story = {
  loaders: [seed({ before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Empty: Story = {
  loaders: [seed()],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No files yet.')).toBeVisible()
  },
}

export const ErrorState: Story = {
  name: 'Error',
  loaders: [
    seed({
      before: () =>
        emulator.faults.failNext('files.json', { status: 400, message: 'The file index is rebuilding' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The file index is rebuilding')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(await canvas.findByText('No files yet.')).toBeVisible()
  },
}

export const Forbidden: Story = {
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], token: 'group' })],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent('needs the project’s secret key'),
    )
  },
}

export const DarkTheme: Story = {
  ...Many,
  parameters: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
}

/** The browser is offline: the first page waits for the network, and says so. */
export const Offline: Story = {
  loaders: [seed({ files: [{}] })],
  beforeEach: offline,
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent('Offline, waiting for the network'),
    )
  },
}

/** The first try failed (503): the list says it tries again (after 1 s), then shows the page. */
export const TryingAgain: Story = {
  loaders: [
    seed({
      files: [{ name: 'photo.png' }],
      before: () => emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Trying again: Storage is down'))
    await expect(await canvas.findByText('photo.png', {}, { timeout: 3_000 })).toBeVisible()
  },
}

/** A refresh (here: on reconnecting) failed: the rows stay, a line says so, with "Try again". */
export const RefreshFailed: Story = {
  loaders: [seed({ files: [{ name: 'photo.png' }] })],
  beforeEach: onlineAfter,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('photo.png')
    emulator.faults.failNext('files.json', { status: 400, message: 'The file index is rebuilding' })
    await staleNow()
    onlineManager.setOnline(false)
    onlineManager.setOnline(true) // TanStack refetches stale data on reconnect
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not refresh: The file index is rebuilding',
    )
    await expect(canvas.getByText('photo.png')).toBeVisible()
  },
}

/** Another page failed to load: the page shown stays, with its pagination, and says which page failed. */
export const PageFailed: Story = {
  args: { defaultPageSize: 20 },
  loaders: [seed({ files: Array.from({ length: 45 }, (_, i) => ({ name: `photo-${i + 1}.png` })) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Page 1 of 3')
    // Two: page 2's prefetch may not have gone yet, and would take the first.
    emulator.faults.failNext(/GET .*\/files\.json/, {
      status: 400,
      message: 'The file index is rebuilding',
      count: 2,
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not load page 3: The file index is rebuilding',
    )
    await expect(canvas.getByText('Page 1 of 3')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}
