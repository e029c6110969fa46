import type { Meta, StoryObj } from '@storybook/react-vite'
import { focusManager, onlineManager } from '@tanstack/react-query'
import { delay, http } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { FileServiceProvider, GroupEditor } from '../src/index.ts'
import { anHour, baseUrl, emulator, handlers, operator } from './support/emulator.ts'
import { onlineAfter, staleNow } from './support/offline.ts'
import { type Seeded, seed } from './support/seed.ts'

const meta = {
  title: 'Components/GroupEditor',
  component: GroupEditor,
  args: { onCreated: fn(), onSaved: fn(), onDirtyChange: fn() },
} satisfies Meta<typeof GroupEditor>

export default meta
type Story = StoryObj<typeof meta>
const withGroup = {
  render: (args: Parameters<typeof GroupEditor>[0], { loaded }: { loaded: Record<string, unknown> }) => (
    <GroupEditor {...args} groupId={(loaded.seeded as Seeded).groups[0]!.id} />
  ),
}
/** Loads a group of a.png and b.png, the story's provider holding the group's own token. */
const abGroupWithItsToken = seed({
  files: [{ name: 'a.png' }, { name: 'b.png' }],
  groups: [{ files: [0, 1] }],
  token: 'group',
})

const names = (canvas: ReturnType<typeof within>) =>
  canvas
    .getAllByRole('listitem')
    .filter((li: HTMLElement) => li.getAttribute('data-slot') === 'group-file')
    .map((li: HTMLElement) => li.querySelector('[data-slot="drag-handle"]')!.textContent)

/** Uploads one.txt and two.txt in a new group's editor, then presses Create group. */
const uploadTwoAndCreate = async (canvas: ReturnType<typeof within>) => {
  await userEvent.upload(canvas.getByLabelText('Choose files'), [
    new File(['1'], 'one.txt', { type: 'text/plain' }),
    new File(['2'], 'two.txt', { type: 'text/plain' }),
  ])
  await waitFor(() => expect(names(canvas)).toHaveLength(2))
  // The uploader tells the editor its uploads are done in an effect after the render that adds
  // their rows: Create is enabled one render later, and a click before that does nothing.
  const create = canvas.getByRole('button', { name: 'Create group' })
  await waitFor(() => expect(create).toBeEnabled())
  await userEvent.click(create)
}

export const CreateAnonymously: Story = {
  loaders: [seed({ token: 'none' })],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await uploadTwoAndCreate(canvas)
    await expect(
      await canvas.findByRole('region', { name: 'Access token for this group' }),
    ).toHaveTextContent(/gat-/)
    await expect(args.onCreated).toHaveBeenCalled()
  },
}

/**
 * Create was pressed and the service never answered: after twice the provider's `timeout` (here
 * 0.5 s; 30 s by default) the group may have been made all the same, so the editor says so
 * instead of "Could not save", keeps the files, and offers Create again (which could make a
 * second group if the first was made).
 */
export const NoAnswerToCreate: Story = {
  name: 'No answer to Create in time',
  loaders: [seed({ token: 'none' })],
  parameters: {
    msw: { handlers: [http.post(/\/groups\.json$/, () => delay('infinite')), ...handlers] },
  },
  render: (args) => (
    <FileServiceProvider baseUrl={baseUrl} projectId={emulator.projectId} timeout={500}>
      <GroupEditor {...args} />
    </FileServiceProvider>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await uploadTwoAndCreate(canvas)
    await expect(
      await canvas.findByText(/it may have done this all the same/, {}, { timeout: 5000 }),
    ).toBeVisible()
    await expect(canvas.queryByText(/Could not save/)).toBeNull()
    await expect(names(canvas)).toHaveLength(2)
    await expect(canvas.getByRole('button', { name: 'Create group' })).toBeEnabled()
    await expect(args.onCreated).not.toHaveBeenCalled()
  },
}

export const EditWithKeyboard: Story = {
  ...withGroup,
  loaders: [
    seed({
      files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }],
      groups: [{ files: [0, 1, 2] }],
      token: 'group',
    }),
  ],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const first = await canvas.findByRole('button', { name: '1. a.png' })
    first.focus()
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await expect(names(canvas)).toEqual(['1. b.png', '2. a.png', '3. c.png'])
    await expect(canvas.getByText('Unsaved changes')).toBeVisible()
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(true))
    await userEvent.click(canvas.getByRole('button', { name: 'Save group' }))
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled())
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(false))
  },
}

export const PendingToReady: Story = {
  ...withGroup,
  loaders: [seed({ files: [{}, {}], groups: [{ files: [0, 1], status: 'pending' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/Status: Processing/)).toBeVisible()
    await waitFor(() => expect(canvas.getByText(/Status: Ready/)).toBeVisible(), { timeout: 6000 })
  },
}

export const Many: Story = {
  ...withGroup,
  name: 'Many (1000 files)',
  loaders: [
    seed({
      files: Array.from({ length: 1000 }, (_, i) => ({
        sample: 'pdf' as const,
        name: `document-${i + 1}.pdf`,
      })),
      groups: [{ files: Array.from({ length: 1000 }, (_, i) => i) }],
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Places are written in the browser's own locale ("1.000." in German), as the editor writes them.
    const place = (n: number) => new Intl.NumberFormat().format(n)
    const last = await canvas.findByRole(
      'button',
      { name: `${place(1000)}. document-1000.pdf` },
      { timeout: 8000 },
    )
    await expect(last).toBeVisible()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1000)
    // Rows are laid out in chunks of 50, and chunks out of view skip layout (content-visibility):
    // a row reached by the keyboard is laid out, scrolled to, and keeps focus after a move, also
    // one from a chunk into the one before it (rows 501 and 500).
    for (const [from, to] of [
      [1000, 999],
      [501, 500],
    ] as const) {
      canvas.getByRole('button', { name: `${place(from)}. document-${from}.pdf` }).focus()
      await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
      const moved = await canvas.findByRole('button', { name: `${place(to)}. document-${from}.pdf` })
      await waitFor(() => expect(moved).toHaveFocus())
      // WebKit scrolls a newly focused element into view a task later, not at once.
      await waitFor(
        () => {
          const box = moved.getBoundingClientRect()
          expect(box.height).toBeGreaterThan(0)
          expect(box.top >= 0 && box.bottom <= window.innerHeight).toBe(true)
        },
        { timeout: 5000 },
      )
    }
  },
}

export const StillProcessing: Story = {
  ...withGroup,
  name: 'Still processing (timed out)',
  // The group takes 2 s to be ready here; the editor gives up polling after 0.3 s.
  args: { polling: { initialInterval: 100, maxWait: 300 } },
  loaders: [seed({ files: [{}, {}], groups: [{ files: [0, 1], status: 'pending' }] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByText(/Still processing/)).toBeVisible(), { timeout: 4000 })
    // Once the service has built it, the user asks again.
    const id = (loaded.seeded as Seeded).groups[0]!.id
    await waitFor(async () => expect((await operator.groups.get(id)).status).toBe('ready'), { timeout: 4000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(canvas.getByText(/Status: Ready/)).toBeVisible(), { timeout: 4000 })
  },
}

export const Forbidden: Story = {
  ...withGroup,
  loaders: [seed({ files: [{}], groups: [{ files: [0] }, { files: [0] }], token: 'otherGroup' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Not allowed with this token',
    )
  },
}

/** Opened with no token at all: it says what would open it. */
export const NoToken: Story = {
  ...withGroup,
  name: 'Forbidden (no token)',
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], token: 'none' })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Open this group with its access token.',
    )
  },
}

/** A group id that does not exist (deleted, or mistyped): said plainly, nothing to retry or save. */
export const NotFound: Story = {
  args: { groupId: 'g-DoesNotExist0000000000' },
  loaders: [seed()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Not found: Group not found')
    await expect(canvas.queryByRole('button', { name: 'Save group' })).toBeNull()
  },
}

/**
 * The group was deleted elsewhere while shown (here by the operator, then the window gets the
 * focus): its files and unsaved edit give way to "Not found", with nothing to save or retry.
 */
export const DeletedElsewhere: Story = {
  ...withGroup,
  loaders: [seed({ files: [{ name: 'a.png' }, { name: 'b.png' }], groups: [{ files: [0, 1] }] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove a.png' }))
    await operator.groups.delete((loaded.seeded as Seeded).groups[0]!.id)
    await staleNow()
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    focusManager.setFocused(undefined)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Not found: Group not found')
    await expect(canvas.queryByRole('button', { name: 'Save group' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull()
  },
}

export const SaveFails: Story = {
  ...withGroup,
  loaders: [
    seed({
      files: [{ name: 'a.png' }, { name: 'b.png' }],
      groups: [{ files: [0, 1] }],
      token: 'group',
      before: () =>
        emulator.faults.failNext(/PUT .*groups\//, { status: 422, message: 'Refused on purpose' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Move b.png up' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Save group' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Could not save: Refused on purpose$/)
  },
}

export const Loading: Story = {
  ...withGroup,
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading…')).toBeVisible()
  },
}

export const DarkTheme: Story = {
  ...withGroup,
  parameters: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
  loaders: [abGroupWithItsToken],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: '2. b.png' })).toBeVisible()
  },
}

/** Saved while the browser is offline: the save waits for the network, and says so. */
export const SaveOffline: Story = {
  ...withGroup,
  loaders: [abGroupWithItsToken],
  beforeEach: onlineAfter,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Move b.png up' }))
    onlineManager.setOnline(false)
    await userEvent.click(canvas.getByRole('button', { name: 'Save group' }))
    await expect(await canvas.findByText('Offline, waiting for the network')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

/**
 * Somebody else saved the group while this edit was open (another tab, the end user): a
 * refresh brings their version, the edit stays, and the editor says saving would replace it.
 */
export const ChangedElsewhere: Story = {
  ...withGroup,
  loaders: [
    seed({
      files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }],
      groups: [{ files: [0, 1, 2] }],
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    const { groups, files } = loaded.seeded as Seeded
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove a.png' }))
    await operator.groups.update(groups[0]!.id, { fileIds: [files[2]!.id] })
    // The window gets the focus back, some seconds later: TanStack refreshes what is shown.
    await staleNow()
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    focusManager.setFocused(undefined)
    await expect(await canvas.findByText(/changed elsewhere/)).toBeVisible()
  },
}

/**
 * A refresh of the group (here: on reconnecting) failed: its files and status stay, and the
 * editor says they may be out of date (a save elsewhere would not show), with "Try again".
 */
export const RefreshFailed: Story = {
  ...withGroup,
  loaders: [abGroupWithItsToken],
  beforeEach: onlineAfter,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('button', { name: '2. b.png' })
    await canvas.findByText(/^Status: Ready/)
    // The group and its files: both refused (400 is not tried again).
    emulator.faults.failNext(/GET .*groups\//, {
      status: 400,
      message: 'The group index is rebuilding',
      count: 2,
    })
    await staleNow()
    onlineManager.setOnline(false)
    onlineManager.setOnline(true) // TanStack refetches stale data on reconnect
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not refresh: The group index is rebuilding',
    )
    await expect(canvas.getByRole('button', { name: '2. b.png' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

/** A file of the group was removed from the project: the row says so, and saving asks to take it out first. */
export const RemovedFile: Story = {
  ...withGroup,
  loaders: [
    async () => {
      const loaded = await seed({
        files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }],
        groups: [{ files: [0, 1, 2] }],
      })()
      await operator.files.delete(loaded.seeded.files[1]!.id)
      return loaded
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Move c.png up' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Save group' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /removed from the project to save: b\.png/,
    )
  },
}

/** At `maxFiles`: what fits is added, and the editor names what it did not add. */
export const FileLimit: Story = {
  ...withGroup,
  args: { maxFiles: 3 },
  loaders: [
    seed({
      files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }, { name: 'd.png' }],
      groups: [{ files: [0, 1] }],
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add from project files' }))
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select c.png' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select d.png' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Add 2 selected' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'A group holds at most 3 files. Not added: d.png.',
    )
    await expect(names(canvas)).toEqual(['1. a.png', '2. b.png', '3. c.png'])
  },
}

/** A file still processing (a conversion's output, here) is marked in its row until it is ready. */
export const FileProcessing: Story = {
  ...withGroup,
  loaders: [
    async () => {
      const loaded = await seed({ files: [{ name: 'a.png' }, { name: 'b.png' }], groups: [{ files: [0] }] })()
      const converted = await operator.conversions.convert(
        loaded.seeded.files[1]!.id,
        'image',
        '/-/format/webp/',
      )
      return { ...loaded, converted }
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement)
    const { converted } = loaded as { converted: { id: string; originalName: string | null } }
    const name = converted.originalName ?? converted.id
    await userEvent.click(await canvas.findByRole('button', { name: 'Add from project files' }))
    const boxes = await canvas.findAllByRole('checkbox', { name: `Select ${name}` })
    const pending = boxes.find((box) => box.closest('tr')?.dataset.status === 'pending')!
    await userEvent.click(pending)
    await userEvent.click(canvas.getByRole('button', { name: 'Add 1 selected' }))
    await expect(names(canvas).at(-1)).toBe(`2. ${name} · Processing`)
  },
}

/** A new group with no file yet: Create says what is missing instead of sending nothing. */
export const NeedsAFile: Story = {
  loaders: [seed({ files: [{ name: 'a.png' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Create group' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Add at least one file.')
  },
}

/** Picking a file the group already holds adds the others and says which one was left out. */
export const Duplicate: Story = {
  ...withGroup,
  loaders: [
    seed({ files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }], groups: [{ files: [0, 1] }] }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add from project files' }))
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select c.png' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select a.png' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Add 2 selected' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('a.png is already in the group.')
    await expect(names(canvas)).toEqual(['1. a.png', '2. b.png', '3. c.png'])
  },
}

// Last on purpose, as FileUploader's Uploading story: its upload may reach the in-browser
// emulator only after the next story's loader has reset it, and would take that story's fault.
/** Save waits while an upload into the group is still on its way. */
export const WaitingForUploads: Story = {
  ...withGroup,
  loaders: [
    seed({
      files: [{ name: 'a.png' }],
      groups: [{ files: [0] }],
      token: 'group',
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('button', { name: '1. a.png' })
    // The upload is held for an hour: it stays on its way as long as anyone looks.
    emulator.faults.latency(anHour)
    await userEvent.upload(canvas.getByLabelText('Choose files'), new File(['x'.repeat(2048)], 'slow.png'))
    await expect(await canvas.findByText('Waiting for uploads to finish')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save group' })).toBeDisabled()
  },
}
