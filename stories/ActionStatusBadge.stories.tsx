import type { Meta, StoryObj } from '@storybook/react-vite'
import { delay, http } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ActionStatusBadge, FileServiceProvider } from '../src/index.ts'
import { anHour, baseUrl, emulator, handlers } from './support/emulator.ts'
import { offline } from './support/offline.ts'
import { type Seeded, seed } from './support/seed.ts'

const meta = {
  title: 'Components/ActionStatusBadge',
  component: ActionStatusBadge,
  args: { fileId: '', type: 'recognize', showResult: true },
  render: (args, { loaded }) => (
    <ActionStatusBadge {...args} fileId={(loaded.seeded as Seeded).files[0]!.id} />
  ),
} satisfies Meta<typeof ActionStatusBadge>

export default meta
type Story = StoryObj<typeof meta>

export const NotStarted: Story = {
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Not started'),
    )
    await expect(canvas.getByRole('button', { name: 'Run: Image recognition' })).toBeEnabled()
  },
}

/** Run was pressed and the service has not answered yet (here it takes an hour). */
export const Starting: Story = {
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const run = await canvas.findByRole('button', { name: 'Run: Image recognition' })
    emulator.faults.latency(anHour)
    await userEvent.click(run)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Starting…'))
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/** A file that is not there (deleted, or a wrong id): asking again won't bring it back, so no "Try again". */
export const NotFound: Story = {
  name: 'File not found',
  loaders: [seed()],
  render: (args) => <ActionStatusBadge {...args} fileId="f-DoesNotExist0000000000" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Not found: File not found')
    await expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Unavailable')
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/**
 * Run was pressed and the service never answered: after twice the provider's `timeout` (here
 * 0.3 s; 30 s by default) the action may have started all the same, so the badge says so instead
 * of "Could not start", and asks again for the action (here the start never reached the service:
 * Not started, and Run offered).
 */
export const NoAnswerToRun: Story = {
  name: 'No answer to Run in time',
  loaders: [seed({ files: [{}] })],
  parameters: {
    msw: { handlers: [http.post(/\/actions\/[^/]+\.json$/, () => delay('infinite')), ...handlers] },
  },
  render: (args, { loaded }) => (
    <FileServiceProvider
      baseUrl={baseUrl}
      projectId={emulator.projectId}
      token={emulator.secretKey}
      timeout={300}
    >
      <ActionStatusBadge {...args} fileId={(loaded.seeded as Seeded).files[0]!.id} />
    </FileServiceProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Run: Image recognition' }))
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The service did not answer in time; it may have done this all the same. Check before trying again.',
    )
    await expect(canvas.queryByText(/Could not start/)).toBeNull()
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Not started'),
    )
    await expect(canvas.getByRole('button', { name: 'Run: Image recognition' })).toBeEnabled()
  },
}

export const CouldNotStart: Story = {
  name: 'Could not start (recognition of a PDF)',
  loaders: [seed({ files: [{ sample: 'pdf' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Run: Image recognition' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /^Could not start: recognize works on images only/,
    )
    await expect(canvas.getByRole('button', { name: 'Run: Image recognition' })).toBeEnabled()
  },
}

export const PendingToReady: Story = {
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Run: Image recognition' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Running…'))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Done — Labels: /), {
      timeout: 8000,
    })
  },
}

export const Infected: Story = {
  args: { type: 'virus_scan', autoRun: true },
  loaders: [seed({ files: [{ sample: 'eicar' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(
      () => expect(canvas.getByRole('status')).toHaveTextContent('Infected: Eicar-Test-Signature'),
      { timeout: 8000 },
    )
  },
}

export const Failed: Story = {
  args: { type: 'moderate', autoRun: true },
  loaders: [
    seed({
      files: [{}],
      before: () => {
        const id = emulator.storage.listFiles('demo', 0, 1).rows[0]!.id
        emulator.faults.failActions(id)
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(within(canvasElement).getByRole('status')).toHaveTextContent('Moderation: Failed'),
      { timeout: 8000 },
    )
    // A failed action can be run again.
    await expect(within(canvasElement).getByRole('button', { name: 'Run: Moderation' })).toBeEnabled()
  },
}

export const TimedOut: Story = {
  args: { autoRun: true, polling: { maxWait: 500 } },
  loaders: [seed({ files: [{}] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Still running'), {
      timeout: 4000,
    })
    await expect(canvas.getByRole('button', { name: /^Check again: / })).toBeVisible()
  },
}

export const Forbidden: Story = {
  loaders: [seed({ files: [{}], groups: [{ files: [0] }], token: 'group' })],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'Not allowed · This needs the project’s secret key',
      ),
    )
  },
}

/** The first check failed (the service refused it): the badge says why, and can try again. */
export const CheckFailed: Story = {
  loaders: [
    seed({
      files: [{}],
      before: () =>
        emulator.faults.failNext('/actions/recognize.json', { status: 400, message: 'Recognition is off' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Something went wrong: Recognition is off',
    )
    await expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Unavailable')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again: Image recognition' }))
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Image recognition: Not started'),
    )
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

export const Loading: Story = {
  loaders: [seed({ files: [{}], before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking…')
  },
}

export const DarkTheme: Story = {
  ...PendingToReady,
  parameters: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
}

/** The browser is offline: the badge can't check the action yet, and says so. */
export const Offline: Story = {
  loaders: [seed({ files: [{}] })],
  beforeEach: offline,
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(
        'Image recognition: Offline, waiting for the network',
      ),
    )
  },
}
