import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  FileServiceProvider,
  type Group,
  GroupList,
  isFileServiceError,
  useDeleteGroup,
} from '../src/index.ts'
import { anHour, baseUrl, emulator } from './support/emulator.ts'
import { seed } from './support/seed.ts'

const meta = {
  title: 'Components/GroupList',
  component: GroupList,
  args: { onSelect: fn() },
} satisfies Meta<typeof GroupList>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  loaders: [
    seed({
      files: [{}, {}, {}],
      groups: [{ files: [0, 1, 2] }, { files: [1] }, { files: [2], status: 'pending' }],
    }),
  ],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const open = await canvas.findAllByRole('button', { name: /^Open g-/ })
    await userEvent.click(open[0]!)
    await expect(args.onSelect).toHaveBeenCalled()
  },
}

export const DarkTheme: Story = {
  ...Default,
  parameters: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
}

/** A group just made or saved is `pending` until the service has built it: the page follows it to ready. */
export const PendingToReady: Story = {
  name: 'Pending to ready',
  loaders: [seed({ files: [{}, {}], groups: [{ files: [0, 1], status: 'pending' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const row = (await canvas.findAllByRole('row')).find((r) => r.dataset.slot === 'group-row')!
    await expect(row).toHaveAttribute('data-status', 'pending')
    // No file count until it is built.
    await expect(within(row).getByText('—')).toBeVisible()
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'ready'), { timeout: 5000 })
    await expect(within(row).getByText('Ready')).toBeVisible()
    await expect(within(row).getByText('2')).toBeVisible()
  },
}

// A host's Delete: aria-disabled while it runs (a disabled button would drop the keyboard to the
// page), and the refusal said beside it.
function DeleteGroup({ group }: { group: Group }) {
  const remove = useDeleteGroup()
  return (
    <>
      <button
        type="button"
        className="fk-button"
        aria-label={`Delete ${group.id}`}
        aria-disabled={remove.isPending || undefined}
        onClick={() => remove.isPending || remove.mutate(group.id)}
      >
        Delete
      </button>
      {remove.error && (
        <span role="alert">
          {' '}
          Not deleted:{' '}
          {isFileServiceError(remove.error)
            ? remove.error.messages.join(' ')
            : 'the service could not be reached'}
        </span>
      )}
    </>
  )
}

/** `renderActions` adds the host's own buttons after Open: here a Delete made with `useDeleteGroup`. */
export const WithDelete: Story = {
  name: 'With a Delete action',
  args: { renderActions: (group) => <DeleteGroup group={group} /> },
  loaders: [seed({ files: [{}, {}], groups: [{ files: [0, 1] }, { files: [1] }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const buttons = await canvas.findAllByRole('button', { name: /^Delete g-/ })
    await expect(buttons).toHaveLength(2)
    await userEvent.click(buttons[0]!)
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^Delete g-/ })).toHaveLength(1))
  },
}

export const Empty: Story = {
  loaders: [seed()],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No groups yet.')).toBeVisible()
  },
}

export const Loading: Story = {
  loaders: [seed({ before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Forbidden: Story = {
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], token: 'group' })],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Not allowed with this token'),
    )
  },
}

export const ErrorState: Story = {
  name: 'Error',
  loaders: [
    seed({
      files: [{}],
      groups: [{ files: [0] }],
      before: () =>
        emulator.faults.failNext('groups.json', { status: 400, message: 'Groups are being migrated' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Groups are being migrated')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    // The button is gone once pressed: the keyboard lands on the table that replaced the error.
    const table = await canvas.findByRole('table', { name: 'Groups' })
    await waitFor(() => expect(document.activeElement).toBe(table))
  },
}

/**
 * The service takes the request and never answers: after the provider's `timeout` (here 0.3 s;
 * 30 s by default) the list says so and tries again, then offers "Try again".
 */
export const NoAnswer: Story = {
  name: 'No answer in time',
  loaders: [seed({ before: () => emulator.faults.latency(anHour) })],
  render: (args) => (
    <FileServiceProvider
      baseUrl={baseUrl}
      projectId={emulator.projectId}
      token={emulator.secretKey}
      timeout={300}
    >
      <GroupList {...args} />
    </FileServiceProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByText(/Trying again: The service did not answer in time/, {}, { timeout: 10_000 }),
    ).toBeVisible()
  },
}
