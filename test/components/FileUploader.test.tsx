import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { FileList, FileServiceProvider, FileUploader } from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator, wrapper } from '../hooks/setup.tsx'
import { expectNoAxeViolations } from './axe.ts'

const { emulator, server, count, hold } = setupEmulator()
const item = (name: string) => screen.getByText(name).closest('li')!
afterEach(() => onlineManager.setOnline(true))

// Progress and cancel need a real XMLHttpRequest, and dropping a real DataTransfer: they are
// tested in Chromium (test/browser/FileUploader.test.tsx).
describe('FileUploader', () => {
  it('tells the host its pending count once per change, also under StrictMode', async () => {
    const { Wrapper } = wrapper()
    const onPendingChange = vi.fn()
    // StrictMode runs each effect twice in development: the host still hears 0 once.
    render(<FileUploader onPendingChange={onPendingChange} />, { wrapper: Wrapper, reactStrictMode: true })
    await screen.findByLabelText('Choose files')
    expect(onPendingChange.mock.calls).toEqual([[0]])
  })

  it("draws an item again only when it changes, not at every other item's progress", async () => {
    // The numbers formatted (sizes, percents): an item drawn formats its size.
    const formatted: number[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      ...descriptor,
      get(this: Intl.NumberFormat) {
        const format: Intl.NumberFormat['format'] = descriptor.get!.call(this)
        return (n: number) => {
          formatted.push(n)
          return format(n)
        }
      },
    })
    onTestFinished(() => {
      Object.defineProperty(Intl.NumberFormat.prototype, 'format', descriptor)
    })
    // Each upload answered in turn: the others' states change one at a time.
    const answers: (() => void)[] = []
    server.use(
      http.post(`${baseUrl}/api/v1/projects/demo/files.json`, async ({ request }) => {
        await new Promise<void>((resolve) => answers.push(resolve))
        return emulator.fetch(request)
      }),
    )
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ locale: 'en-US' })
    render(<FileUploader maxSize={100} />, { wrapper: Wrapper })
    const names = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}.txt`)
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array(12_345)], 'large.bin'),
      ...names.map((name) => new File([name], name, { type: 'text/plain' })),
    ])
    for (const name of names) {
      await vi.waitFor(() => expect(answers).not.toHaveLength(0))
      answers.shift()!()
      await vi.waitFor(() => expect(item(name).getAttribute('data-status')).toBe('done'))
    }
    // Refused at once, it is drawn once while five others are queued, sent and uploaded.
    expect(item('large.bin').textContent).toContain('12.3 kB')
    expect(formatted.filter((n) => n === 12.345)).toHaveLength(1)
  })

  it('uploads several chosen files and reports each one', async () => {
    const onUploaded = vi.fn()
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    const { container } = render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.txt', { type: 'text/plain' }),
    ])
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem')).toHaveLength(2)
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(2))
    // onUploaded is called as the item's new state is set: the text follows with the next render.
    await vi.waitFor(() => expect(within(item('one.txt')).getByRole('status').textContent).toBe('Uploaded'))
    expect(item('two.txt').getAttribute('data-status')).toBe('done')
    expect(count('POST', '/files.json')).toBe(2)
    await expectNoAxeViolations(container)
  })

  it('says what began in a region that was there before, and not once it is over', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader accept={['text/*']} />, { wrapper: Wrapper })
    const region = screen.getByRole('status')
    expect(region.textContent).toBe('')
    emulator.faults.latency(200)
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.png', { type: 'image/png' }),
      new File(['three'], 'three.txt', { type: 'text/plain' }),
    ])
    // The refused file has its own alert.
    expect(region.textContent).toBe('Uploading 2 files.')
    await vi.waitFor(() => expect(item('three.txt').getAttribute('data-status')).toBe('done'))
    expect(region.textContent).toBe('')
    await user.upload(
      screen.getByLabelText('Choose files'),
      new File(['four'], 'four.txt', { type: 'text/plain' }),
    )
    expect(region.textContent).toBe('Uploading four.txt.')
  })

  it('refuses files over the size limit or of another type, with a clear message, without sending them', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader accept={['image/*', '.pdf']} maxSize={10} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['x'.repeat(50)], 'big.png', { type: 'image/png' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ])
    expect(within(item('big.png')).getByRole('alert').textContent).toBe('Larger than 10 bytes')
    expect(within(item('notes.txt')).getByRole('alert').textContent).toBe(
      'Not an accepted type (image/*, .pdf)',
    )
    expect(count('POST', '/files.json')).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Remove big.png from the list' }))
    expect(screen.queryByText('big.png')).toBeNull()
    // At the limit exactly, and an extension in capitals: both taken, and sent.
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['x'.repeat(10)], 'REPORT.PDF', { type: 'application/pdf' }),
    ])
    expect(within(item('REPORT.PDF')).queryByRole('alert')).toBeNull()
    await waitFor(() => expect(count('POST', '/files.json')).toBe(1))
  })

  it('refuses an empty file in plain words, without sending it', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader />, { wrapper: Wrapper })
    // Without styles.css the browser's own "No file chosen" is not run into the label.
    expect(screen.getByLabelText('Choose files').nextSibling?.textContent).toBe(' ')
    await user.upload(screen.getByLabelText('Choose files'), new File([], 'empty.txt'))
    // The service would refuse it too, in its own terms ("file[content] is empty.").
    expect(within(item('empty.txt')).getByRole('alert').textContent).toBe('Empty file: nothing to upload')
    expect(count('POST', '/files.json')).toBe(0)
  })

  it('shows a failure and retries it', async () => {
    emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await vi.waitFor(() =>
      expect(within(item('a.txt')).getByRole('alert').textContent).toContain('Storage is down'),
    )
    await user.click(screen.getByRole('button', { name: 'Try again: a.txt' }))
    await vi.waitFor(() => expect(within(item('a.txt')).getByRole('status').textContent).toBe('Uploaded'))
  })

  it('an upload cut off as the network goes is sent again once it is back, not left "Failed"', async () => {
    // The connection drops mid-way and the browser goes offline: the service can't have the file.
    let cut = true
    server.use(
      http.post(`${baseUrl}/api/v1/projects/demo/files.json`, ({ request }) => {
        if (!cut) return emulator.fetch(request)
        cut = false
        onlineManager.setOnline(false)
        return HttpResponse.error()
      }),
    )
    const user = userEvent.setup()
    const onUploaded = vi.fn()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await vi.waitFor(() =>
      expect(within(item('a.txt')).getByRole('status').textContent).toBe('Offline, waiting for the network'),
    )
    expect(within(item('a.txt')).queryByRole('alert')).toBeNull()
    expect(count('POST', 'files.json')).toBe(1)
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(within(item('a.txt')).getByRole('status').textContent).toBe('Uploaded'))
    expect(count('POST', 'files.json')).toBe(2)
    expect(onUploaded).toHaveBeenCalledOnce()
  })

  it.each([403])(
    'refused (%i) with no token, it says one is needed, with no "Try again" that gets the same answer',
    async (status) => {
      // The real service's 403 has no body: not its status, nor "Unauthorized", but what it means.
      emulator.faults.failNext('files.json', { status, message: '' })
      const user = userEvent.setup()
      const onAuthError = vi.fn()
      const { Wrapper } = wrapper({ token: undefined, onAuthError })
      render(<FileUploader />, { wrapper: Wrapper })
      await user.upload(
        screen.getByLabelText('Choose files'),
        new File(['a'], 'a.txt', { type: 'text/plain' }),
      )
      await vi.waitFor(() =>
        expect(within(item('a.txt')).getByRole('alert').textContent).toBe(
          'Failed: Not allowed without a token',
        ),
      )
      expect(screen.queryByRole('button', { name: 'Try again: a.txt' })).toBeNull()
      expect(screen.getByRole('button', { name: 'Remove a.txt from the list' })).toBeDefined()
      expect(onAuthError).toHaveBeenCalledTimes(1)
    },
  )

  it('an expired token (401) says so, and "Try again" sends with the token renewed after onAuthError', async () => {
    let token = 'sk_expired'
    const user = userEvent.setup()
    const { Wrapper } = wrapper({
      token: () => token,
      onAuthError: () => {
        token = secretKey
      },
    })
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await vi.waitFor(() =>
      expect(within(item('a.txt')).getByRole('alert').textContent).toBe(
        'Failed: Not allowed with this token.',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Try again: a.txt' }))
    await vi.waitFor(() => expect(within(item('a.txt')).getByRole('status').textContent).toBe('Uploaded'))
  })

  it('disabled, sends nothing: not even "Try again" of a failed upload', async () => {
    emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    const { rerender } = render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await vi.waitFor(() =>
      expect(within(item('a.txt')).getByRole('alert').textContent).toContain('Storage is down'),
    )
    rerender(<FileUploader disabled />)
    const retry = screen.getByRole('button', { name: 'Try again: a.txt' })
    expect(retry.getAttribute('aria-disabled')).toBe('true')
    await user.click(retry)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(count('POST', '/files.json')).toBe(1)
    expect(item('a.txt').dataset.status).toBe('failed')
  })

  it("drops one user's uploads under another token's scope, sending none of them with the next token", async () => {
    const { groups } = await emulator.seed({
      files: [{ name: 'a.png' }],
      groups: [{ files: [0] }, { files: [0] }],
    })
    const [a, b] = groups.map((g) => g.accessToken!) as [string, string]
    const sentWith: string[] = []
    server.events.on('request:start', ({ request }) => {
      const header = request.headers.get('authorization')
      if (request.method === 'POST')
        sentWith.push(header === `Bearer ${a}` ? 'A' : header === `Bearer ${b}` ? 'B' : '?')
    })
    const hostClient = newQueryClient()
    const onUploaded = vi.fn()
    const page = (who: string, token: string) => (
      <QueryClientProvider client={hostClient}>
        <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={() => token} tokenScope={who}>
          <FileUploader onUploaded={onUploaded} />
        </FileServiceProvider>
      </QueryClientProvider>
    )
    const user = userEvent.setup()
    const { rerender } = render(page('user-a', a))
    emulator.faults.latency(300)
    const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']
    await user.upload(
      screen.getByLabelText('Choose files'),
      names.map((name) => new File([name], name, { type: 'text/plain' })),
    )
    // A renewed token function of the same user keeps the uploads.
    rerender(page('user-a', a))
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem')).toHaveLength(5)
    // Another user: the list goes, and what was waiting or on its way is canceled.
    rerender(page('user-b', b))
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull()
    emulator.faults.latency(0)
    await user.upload(screen.getByLabelText('Choose files'), new File(['6'], '6.txt', { type: 'text/plain' }))
    await vi.waitFor(() => expect(within(item('6.txt')).getByRole('status').textContent).toBe('Uploaded'))
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem')).toHaveLength(1)
    expect(sentWith).toEqual(['A', 'A', 'A', 'B'])
    expect(onUploaded).toHaveBeenCalledOnce()
  })

  it('an upload is done once the service answers it, and the next waiting one starts, while a FileList beside it still refreshes', async () => {
    await emulator.seed({ files: [{}] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper()
    render(
      <>
        <FileUploader />
        <FileList />
      </>,
      { wrapper: Wrapper },
    )
    await screen.findByRole('table')
    expect(count('GET', '/demo/files.json')).toBe(1)
    // The list's answers take their time (or fail and are retried): the uploads don't wait.
    const release = hold('get', '/api/v1/projects/demo/files.json')
    try {
      const names = ['1.txt', '2.txt', '3.txt', '4.txt']
      await user.upload(
        screen.getByLabelText('Choose files'),
        names.map((name) => new File([name], name, { type: 'text/plain' })),
      )
      const line = (name: string) => within(item(name)).getByRole('status').textContent
      await vi.waitFor(() => expect(names.map(line)).toEqual(names.map(() => 'Uploaded')))
      expect(count('POST', '/files.json')).toBe(4)
      expect(screen.getAllByRole('row')).toHaveLength(2)
    } finally {
      release()
    }
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6))
  })

  it('sends three files at a time; the rest wait, saying so, and a waiting one can be canceled; reports how many are pending', async () => {
    emulator.faults.latency(300)
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    const onPendingChange = vi.fn()
    render(<FileUploader onPendingChange={onPendingChange} />, { wrapper: Wrapper })
    const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']
    await user.upload(
      screen.getByLabelText('Choose files'),
      names.map((name) => new File([name], name, { type: 'text/plain' })),
    )
    const line = (name: string) => within(item(name)).getByRole('status').textContent
    expect(names.map((name) => item(name).getAttribute('data-status'))).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'queued',
      'queued',
    ])
    expect(line('4.txt')).toBe('Waiting to upload')
    expect(within(item('4.txt')).queryByRole('progressbar')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Cancel 5.txt' }))
    expect(line('5.txt')).toBe('Canceled')
    await vi.waitFor(() => expect(line('4.txt')).toBe('Uploaded'), { timeout: 3_000 })
    expect(names.slice(0, 3).map(line)).toEqual(['Uploaded', 'Uploaded', 'Uploaded'])
    expect(line('5.txt')).toBe('Canceled')
    expect(count('POST', '/files.json')).toBe(4)
    // How many are uploading or waiting, as it changes: 5, 4 after the cancel, … 0.
    expect(onPendingChange.mock.calls.map(([n]) => n).slice(0, 3)).toEqual([0, 5, 4])
    // Told from an effect, after the render that shows the last "Uploaded".
    await vi.waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(0))
  })
})
