import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { FileServiceProvider, FileUploader } from '../src/index.ts'
import { anHour, baseUrl, emulator } from './support/emulator.ts'
import { offline } from './support/offline.ts'
import { seed } from './support/seed.ts'

const meta = {
  title: 'Components/FileUploader',
  component: FileUploader,
  args: { onUploaded: fn() },
  loaders: [seed({ token: 'none' })],
} satisfies Meta<typeof FileUploader>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText('Choose files'), [
      new File(['hello'], 'hello.txt', { type: 'text/plain' }),
      new File(['world'], 'world.txt', { type: 'text/plain' }),
    ])
    await waitFor(() => expect(args.onUploaded).toHaveBeenCalledTimes(2))
    await expect(canvas.getAllByText('Uploaded')).toHaveLength(2)
  },
}

export const Failed: Story = {
  loaders: [
    seed({
      token: 'none',
      before: () => emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(
      canvas.getByLabelText('Choose files'),
      new File(['a'], 'a.txt', { type: 'text/plain' }),
    )
    // The service's own message, not the request line.
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Failed: Storage is down$/)
    await userEvent.click(canvas.getByRole('button', { name: 'Try again: a.txt' }))
    await waitFor(() => expect(canvas.getByText('Uploaded')).toBeVisible())
  },
}

export const Limits: Story = {
  args: { accept: ['image/*'], maxSize: 1024 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(
      canvas.getByLabelText('Choose files'),
      [
        new File(['x'.repeat(4096)], 'huge.png', { type: 'image/png' }),
        new File([], 'empty.png', { type: 'image/png' }),
        new File(['notes'], 'notes.txt', { type: 'text/plain' }),
      ],
      {
        applyAccept: false,
      },
    )
    // A folder dropped from the desktop, which a script can't drag: Chromium gives a File named
    // after it whose item's entry is a directory.
    const folder = new DataTransfer()
    folder.items.add(new File(['x'], 'photos'))
    const entry = spyOn(DataTransferItem.prototype, 'webkitGetAsEntry').mockReturnValue({
      isDirectory: true,
      name: 'photos',
    } as FileSystemEntry)
    canvasElement
      .querySelector('[data-slot="dropzone"]')!
      .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: folder }))
    entry.mockRestore()
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(4))
    const [huge, empty, notes, photos] = canvas.getAllByRole('alert')
    await expect(huge).toHaveTextContent(/Larger than/)
    await expect(empty).toHaveTextContent('Empty file: nothing to upload')
    await expect(notes).toHaveTextContent('Not an accepted type (image/*)')
    await expect(photos).toHaveTextContent('A folder: drop or choose the files in it')
  },
}

export const DarkTheme: Story = {
  ...Default,
  parameters: { theme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
}

/** The browser is offline: a chosen file waits for the network (and can be canceled meanwhile). */
export const Offline: Story = {
  beforeEach: offline,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(
      canvas.getByLabelText('Choose files'),
      new File(['later'], 'later.txt', { type: 'text/plain' }),
    )
    await expect(await canvas.findByText('Offline, waiting for the network')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel later.txt' }))
    await expect(canvas.getByText('Canceled')).toBeVisible()
  },
}

/** Five files at once: three are sent, two wait for a free slot (the server is slow here). */
export const ManyAtOnce: Story = {
  loaders: [seed({ token: 'none', before: () => emulator.faults.latency(1_500) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(
      canvas.getByLabelText('Choose files'),
      ['1', '2', '3', '4', '5'].map((n) => new File([n], `photo-${n}.txt`, { type: 'text/plain' })),
    )
    await expect(await canvas.findAllByText('Waiting to upload')).toHaveLength(2)
    await waitFor(() => expect(canvas.getAllByText('Uploaded')).toHaveLength(5), { timeout: 8_000 })
  },
}

/** One file at a time (`multiple={false}`): of several dropped, the rest are listed as not uploaded. */
export const SingleFile: Story = {
  args: { multiple: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const dropped = new DataTransfer()
    dropped.items.add(new File(['1'], 'first.txt', { type: 'text/plain' }))
    dropped.items.add(new File(['2'], 'second.txt', { type: 'text/plain' }))
    canvasElement
      .querySelector('[data-slot="dropzone"]')!
      .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dropped }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Not uploaded: one file at a time here')
    await waitFor(() => expect(canvas.getByText('Uploaded')).toBeVisible())
  },
}

/**
 * The service took the upload and never answered: after the provider's `timeout` (here 0.5 s; 30 s
 * by default, twice that for an upload's answer) it may have stored the file all the same, so the
 * uploader says so instead of "Failed" (Try again, after checking, would store it twice if it was).
 */
export const NoAnswer: Story = {
  name: 'No answer in time',
  loaders: [seed({ token: 'none', before: () => emulator.faults.latency(anHour) })],
  render: (args) => (
    <FileServiceProvider baseUrl={baseUrl} projectId={emulator.projectId} timeout={500}>
      <FileUploader {...args} />
    </FileServiceProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText('Choose files'), new File(['x'.repeat(2048)], 'quiet.bin'))
    await expect(
      await canvas.findByText(/it may have done this all the same/, {}, { timeout: 10_000 }),
    ).toBeVisible()
    await expect(canvas.queryByText(/Failed/)).toBeNull()
  },
}

// Last on purpose: its upload may reach the in-browser emulator only after the next story's
// loader has reset it (a busy machine), and would then take that story's injected fault.
export const Uploading: Story = {
  loaders: [seed({ token: 'none', before: () => emulator.faults.latency(anHour) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(canvas.getByLabelText('Choose files'), new File(['x'.repeat(2048)], 'slow.bin'))
    await expect(await canvas.findByRole('progressbar', { name: 'Upload of slow.bin' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Cancel slow.bin' })).toBeEnabled()
  },
}

/** Takes no new files (GroupEditor's uploader while an anonymous create is on its way). */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Choose files')).toBeDisabled()
  },
}
