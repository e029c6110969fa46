// The uploader in Chromium against the emulator server: real XMLHttpRequest progress and abort.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { Activity, Profiler, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cdp } from 'vitest/browser'
import { type FileResource, FileServiceProvider, FileUploader } from '../../src/index.ts'
import { baseUrl, faults, projectId, uploadLimit } from './support.ts'

const Wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <FileServiceProvider baseUrl={baseUrl} projectId={projectId}>
      {children}
    </FileServiceProvider>
  </QueryClientProvider>
)
const item = (name: string) => screen.getByText(name).closest('li')!
afterEach(async () => {
  cleanup()
  await faults({ clear: true })
})

describe('FileUploader in Chromium', () => {
  it('sends each file with the metadata of when it was chosen, and keeps it as keepUploaded says when it ends', async () => {
    await faults({ latency: 300 })
    const user = userEvent.setup()
    const batches = new Map<string, string | undefined>()
    const onUploaded = (file: FileResource) => batches.set(file.originalName!, file.metadata.batch)
    const { rerender } = render(<FileUploader metadata={{ batch: 'one' }} onUploaded={onUploaded} />, {
      wrapper: Wrapper,
    })
    const chosen = (names: string[]) =>
      user.upload(
        screen.getByLabelText('Choose files'),
        names.map((name) => new File([name], name, { type: 'text/plain' })),
      )
    await chosen(['w1.txt', 'w2.txt', 'w3.txt', 'w4.txt'])
    expect(item('w4.txt').dataset.status).toBe('queued')
    rerender(<FileUploader metadata={{ batch: 'two' }} keepUploaded={false} onUploaded={onUploaded} />)
    // Chosen now, it waits behind the others, which began with the old props.
    await chosen(['w5.txt'])
    expect(item('w5.txt').dataset.status).toBe('queued')
    await vi.waitFor(() => expect(batches.size).toBe(5), { timeout: 10_000 })
    expect(['w1.txt', 'w2.txt', 'w3.txt', 'w4.txt', 'w5.txt'].map((name) => batches.get(name))).toEqual([
      'one',
      'one',
      'one',
      'one',
      'two',
    ])
    // None stays listed: keepUploaded is false by the time each ends.
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull())
  })

  it('shows a progress bar while uploading, then "Uploaded"', async () => {
    await faults({ latency: 400 })
    const user = userEvent.setup()
    const onUploaded = vi.fn()
    render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(
      screen.getByLabelText('Choose files'),
      new File([new Uint8Array(3 * 1024 * 1024)], 'big.bin'),
    )
    const bar = within(item('big.bin')).getByRole('progressbar', { name: 'Upload of big.bin' })
    expect(Number(bar.getAttribute('max'))).toBeGreaterThan(0)
    // The item's live region says each change of state, not every percent (the bar has those).
    const live = within(item('big.bin')).getByRole('status')
    const said: string[] = []
    const watch = new MutationObserver(() => said.push(live.textContent!))
    watch.observe(live, { childList: true, subtree: true, characterData: true })
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    await vi.waitFor(() => expect(live.textContent).toBe('Uploaded'))
    watch.disconnect()
    expect(said.filter((text) => text.includes('%'))).toEqual([])
    // onUploaded is called as the item's new state is set: the text follows with the next render.
    await vi.waitFor(() => expect(within(item('big.bin')).getByRole('status').textContent).toBe('Uploaded'))
    expect(onUploaded.mock.calls[0]![0]).toMatchObject({ originalName: 'big.bin', size: 3 * 1024 * 1024 })
  })

  it('says every byte sent is not yet uploaded: the bar is indeterminate until the service answers', async () => {
    await faults({ latency: 1_500 })
    const user = userEvent.setup()
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(
      screen.getByLabelText('Choose files'),
      new File([new Uint8Array(64 * 1024)], 'sent.bin'),
    )
    // The body is sent long before the server (held 1.5 s) answers.
    // Said in the item's live region: a state of its own, unlike the percents.
    await vi.waitFor(() =>
      expect(within(item('sent.bin')).getByRole('status').textContent).toBe('Sent, waiting for the service'),
    )
    const bar = within(item('sent.bin')).getByRole('progressbar', { name: 'Upload of sent.bin' })
    expect(bar.hasAttribute('value')).toBe(false)
    expect(item('sent.bin').textContent).not.toContain('100%')
    await vi.waitFor(
      () => expect(within(item('sent.bin')).getByRole('status').textContent).toBe('Uploaded'),
      {
        timeout: 5_000,
      },
    )
  })

  it("tells the host's latest onUploaded, not the one from when the upload began", async () => {
    await faults({ latency: 800 })
    const user = userEvent.setup()
    const seen: string[] = []
    const Host = ({ step }: { step: string }) => (
      <FileUploader onUploaded={(file) => seen.push(`${step}: ${file.originalName}`)} />
    )
    const view = render(<Host step="before" />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    // The host renders again (its state moved on) while the upload is still going.
    view.rerender(<Host step="after" />)
    await vi.waitFor(() => expect(seen).toEqual(['after: a.txt']), { timeout: 10_000 })
  })

  it('cancels its uploads when it is removed from the page', async () => {
    await faults({ latency: 800 })
    const user = userEvent.setup()
    const onUploaded = vi.fn()
    const view = render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      ...['a', 'b', 'c', 'd'].map((n) => new File([n], `${n}.txt`, { type: 'text/plain' })),
    ])
    view.unmount()
    // Nobody can see, cancel or retry them any more: no upload goes on, and none starts.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('hidden by an <Activity>, its uploads end as canceled, with Try again', async () => {
    await faults({ latency: 800 })
    const user = userEvent.setup()
    const onUploaded = vi.fn()
    const view = render(
      <Activity mode="visible">
        <FileUploader onUploaded={onUploaded} />
      </Activity>,
      { wrapper: Wrapper },
    )
    // Five files: three uploading, two waiting for a free slot.
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']
    await user.upload(
      screen.getByLabelText('Choose files'),
      names.map((name) => new File([name], name, { type: 'text/plain' })),
    )
    expect(within(item('e.txt')).getByRole('status').textContent).toBe('Waiting to upload')
    view.rerender(
      <Activity mode="hidden">
        <FileUploader onUploaded={onUploaded} />
      </Activity>,
    )
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    view.rerender(
      <Activity mode="visible">
        <FileUploader onUploaded={onUploaded} />
      </Activity>,
    )
    for (const name of names) {
      await vi.waitFor(() => expect(within(item(name)).getByRole('status').textContent).toBe('Canceled'))
      expect(within(item(name)).getByRole('button', { name: `Try again: ${name}` })).toBeDefined()
    }
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('uploads dropped files, and refuses a dropped folder by name', async () => {
    const onUploaded = vi.fn()
    const { container } = render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    const zone = container.querySelector<HTMLElement>('[data-slot="dropzone"]')!
    const dropped = new DataTransfer()
    dropped.items.add(new File(['d'], 'dropped.txt', { type: 'text/plain' }))
    dropped.items.add(new File(['x'.repeat(4096)], 'photos'))
    // What Chromium gives for a folder dropped from the desktop, which a script can't drag: a File
    // named after it, with no type, whose item's entry is a directory.
    const { webkitGetAsEntry } = DataTransferItem.prototype
    vi.spyOn(DataTransferItem.prototype, 'webkitGetAsEntry').mockImplementation(function (
      this: DataTransferItem,
    ) {
      return this.getAsFile()?.name === 'photos'
        ? ({ isDirectory: true, name: 'photos' } as FileSystemEntry)
        : webkitGetAsEntry.call(this)
    })
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dropped }))
    vi.restoreAllMocks()
    await vi.waitFor(() =>
      expect(within(item('dropped.txt')).getByRole('status').textContent).toBe('Uploaded'),
    )
    expect(within(item('photos')).getByRole('alert').textContent).toBe(
      'A folder: drop or choose the files in it',
    )
    expect(item('photos').dataset.status).toBe('rejected')
    expect(onUploaded).toHaveBeenCalledTimes(1)
  })

  it('disabled, takes no file: the input is disabled, a drop is refused and kept from the browser', async () => {
    const onUploaded = vi.fn()
    const { container, rerender } = render(<FileUploader disabled onUploaded={onUploaded} />, {
      wrapper: Wrapper,
    })
    expect(screen.getByLabelText('Choose files')).toHaveProperty('disabled', true)
    expect(container.firstElementChild!.getAttribute('data-disabled')).toBe('true')
    const zone = container.querySelector<HTMLElement>('[data-slot="dropzone"]')!
    const dropped = new DataTransfer()
    dropped.items.add(new File(['d'], 'dropped.txt', { type: 'text/plain' }))
    const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dropped })
    zone.dispatchEvent(over)
    // Taken (else the browser would open the file in place of the page), shown as no drop.
    expect(over.defaultPrevented).toBe(true)
    expect(dropped.dropEffect).toBe('none')
    expect(zone.hasAttribute('data-dragging')).toBe(false)
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dropped })
    zone.dispatchEvent(drop)
    expect(drop.defaultPrevented).toBe(true)
    await new Promise((r) => setTimeout(r, 200))
    expect(screen.queryByRole('list')).toBeNull()
    expect(onUploaded).not.toHaveBeenCalled()
    // Enabled again, it takes the same drop.
    rerender(<FileUploader onUploaded={onUploaded} />)
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dropped }))
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1))
  })

  it('with multiple={false}, takes the first of several dropped files and says why not the rest', async () => {
    const onUploaded = vi.fn()
    const { container } = render(<FileUploader multiple={false} onUploaded={onUploaded} />, {
      wrapper: Wrapper,
    })
    const dropped = new DataTransfer()
    dropped.items.add(new File(['1'], 'first.txt', { type: 'text/plain' }))
    dropped.items.add(new File(['2'], 'second.txt', { type: 'text/plain' }))
    container
      .querySelector('[data-slot="dropzone"]')!
      .dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dropped }))
    await vi.waitFor(() => expect(within(item('first.txt')).getByRole('status').textContent).toBe('Uploaded'))
    expect(within(item('second.txt')).getByRole('alert').textContent).toBe(
      'Not uploaded: one file at a time here',
    )
    expect(onUploaded).toHaveBeenCalledTimes(1)
  })

  it('is highlighted while files are dragged over it, also over the text inside it, and only for files; takes a drop from the moment one enters', async () => {
    const { container } = render(<FileUploader />, { wrapper: Wrapper })
    const zone = container.querySelector<HTMLElement>('[data-slot="dropzone"]')!
    const label = zone.querySelector('label')!
    const files = new DataTransfer()
    files.items.add(new File(['x'], 'x.txt', { type: 'text/plain' }))
    const drag = (type: string, target: Element, relatedTarget: Element | null, dataTransfer = files) =>
      target.dispatchEvent(
        new DragEvent(type, { bubbles: true, cancelable: true, relatedTarget, dataTransfer }),
      )
    // Dragging text (or a GroupEditor row) over it is not an upload: no highlight, no drop target.
    const text = new DataTransfer()
    text.setData('text/plain', 'just text')
    expect(drag('dragover', zone, null, text)).toBe(true) // not canceled: the browser refuses the drop
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(zone.dataset.dragging).toBeUndefined()
    expect(drag('dragover', zone, null)).toBe(false)
    await vi.waitFor(() => expect(zone.dataset.dragging).toBe('true'))
    // Entering a child leaves the zone itself: Chromium fires dragleave on it, relatedTarget the
    // child, and the next dragover comes ~50 ms later: the frames between must stay highlighted.
    drag('dragleave', zone, label)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(zone.dataset.dragging).toBe('true')
    drag('dragleave', zone, document.body)
    await vi.waitFor(() => expect(zone.dataset.dragging).toBeUndefined())
    // Crossing into the zone or a part of it, Chromium and WebKit ask dragenter whether a drop
    // may land (dragover comes at the next move): a file dropped at once lands, not in the tab.
    for (const part of [zone, zone.querySelector('p')!, label])
      expect(drag('dragenter', part, null)).toBe(false)
    expect(drag('dragenter', label, null, text)).toBe(true)
  })

  it('with keepUploaded={false} drops each file from its list once uploaded', async () => {
    const user = userEvent.setup()
    const onUploaded = vi.fn()
    render(<FileUploader keepUploaded={false} onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['a'], 'a.txt', { type: 'text/plain' }),
      new File(['b'], 'b.txt', { type: 'text/plain' }),
    ])
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(2), { timeout: 10_000 })
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull())
  })

  it('renders once per whole percent sent, however often the browser tells progress (WebKit: thousands of times)', async () => {
    // Chromium tells upload progress about every 50 ms; WebKit at every few kB sent. Each event
    // here is told as 300, spread over the bytes since the one before, each in a task of its own
    // as WebKit's are (React batches what one task sets), and in order: an event that comes
    // while the last one's are still being told waits for them (on a busy machine, two at once
    // interleaved their bytes back and forth, which no browser does).
    const own = Object.getOwnPropertyDescriptor(XMLHttpRequestEventTarget.prototype, 'onprogress')!
    const tell = (listener: (e: ProgressEvent) => void, from: number, to: number, total: number) =>
      new Promise<void>((done) => {
        const channel = new MessageChannel()
        let i = 0
        channel.port1.onmessage = () => {
          const loaded = Math.round(from + ((to - from) * ++i) / 300)
          listener(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
          if (i < 300) return channel.port2.postMessage(null)
          channel.port1.close()
          done()
        }
        channel.port2.postMessage(null)
      })
    Object.defineProperty(XMLHttpRequestUpload.prototype, 'onprogress', {
      configurable: true,
      get() {
        return own.get!.call(this)
      },
      set(listener: ((e: ProgressEvent) => void) | null) {
        let [last, told] = [0, Promise.resolve()]
        own.set!.call(this, (e: ProgressEvent) => {
          const from = last
          last = e.loaded
          told = told.then(() => (listener ? tell(listener.bind(this), from, e.loaded, e.total) : undefined))
        })
      },
    })
    try {
      // The answer waits until every event told has been handled.
      await faults({ latency: 3000 })
      const user = userEvent.setup()
      let commits = 0
      render(
        <Profiler id="uploader" onRender={() => commits++}>
          <FileUploader />
        </Profiler>,
        { wrapper: Wrapper },
      )
      await user.upload(
        screen.getByLabelText('Choose files'),
        new File([new Uint8Array(8 * 1024 * 1024)], 'many.bin'),
      )
      await vi.waitFor(
        () => expect(within(item('many.bin')).getByRole('status').textContent).toBe('Uploaded'),
        {
          timeout: 10_000,
        },
      )
      // 101 percents at most (0 to 100), and the uploader's other renders (mount, the file
      // chosen, its upload begun, all sent, uploaded): some 106. Each event rendered: 300 or more.
      expect(commits).toBeLessThan(120)
    } finally {
      delete (XMLHttpRequestUpload.prototype as { onprogress?: unknown }).onprogress
    }
  })

  it("says why the server refused a file over its limit, and offers no retry that can't work", async () => {
    const user = userEvent.setup()
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(
      screen.getByLabelText('Choose files'),
      new File([new Uint8Array(uploadLimit + 1_000_000)], 'huge.bin'),
    )
    const alert = await within(item('huge.bin')).findByRole('alert', {}, { timeout: 10_000 })
    expect(alert.textContent).toBe(`Failed: The upload is larger than the limit of ${uploadLimit} bytes.`)
    expect(screen.queryByRole('button', { name: 'Try again: huge.bin' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Remove huge.bin from the list' })).toBeDefined()
  })

  it('keeps the keyboard on the item as its buttons change: cancel, retry, done, remove', async () => {
    await faults({ latency: 800 })
    const user = userEvent.setup()
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.txt', { type: 'text/plain' }),
    ])
    const focused = () =>
      document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName
    screen.getByRole('button', { name: 'Cancel one.txt' }).focus()
    await user.keyboard('{Enter}')
    await vi.waitFor(() => expect(focused()).toBe('Try again: one.txt'))
    await user.keyboard('{Enter}')
    expect(focused()).toBe('Cancel one.txt')
    // The upload ends while its Cancel has the focus: Remove takes it.
    await vi.waitFor(() => expect(focused()).toBe('Remove one.txt from the list'), { timeout: 10_000 })
    await vi.waitFor(() => expect(within(item('two.txt')).getByRole('status').textContent).toBe('Uploaded'))
    await user.keyboard('{Enter}')
    expect(focused()).toBe('Remove two.txt from the list')
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByLabelText('Choose files'))
  })

  it('cancels an upload in flight and retries it', async () => {
    await faults({ latency: 1500 })
    const user = userEvent.setup()
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(
      screen.getByLabelText('Choose files'),
      new File(['slow'], 'slow.txt', { type: 'text/plain' }),
    )
    await user.click(screen.getByRole('button', { name: 'Cancel slow.txt' }))
    await vi.waitFor(() => expect(within(item('slow.txt')).getByRole('status').textContent).toBe('Canceled'))
    await faults({ clear: true })
    await user.click(screen.getByRole('button', { name: 'Try again: slow.txt' }))
    await vi.waitFor(
      () => expect(within(item('slow.txt')).getByRole('status').textContent).toBe('Uploaded'),
      { timeout: 10_000 },
    )
  })

  it('holds no file it has sent and no longer shows', async () => {
    render(<FileUploader keepUploaded={false} />, { wrapper: Wrapper })
    const input = screen.getByLabelText<HTMLInputElement>('Choose files')
    const sent: WeakRef<File>[] = []
    for (let batch = 0; batch < 4; batch++) {
      const chosen = new DataTransfer()
      for (let i = 0; i < 5; i++) {
        // Made in memory, as a pasted image or a canvas export: the page holds its bytes.
        const file = new File([new Uint8Array(64 * 1024)], `b${batch}-${i}.bin`)
        sent.push(new WeakRef(file))
        chosen.items.add(file)
      }
      input.files = chosen.files
      fireEvent.change(input)
      input.files = new DataTransfer().files
      await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull(), {
        timeout: 10_000,
      })
    }
    // A finished upload's mutation is dropped a second after it ends (gcTime).
    await new Promise((resolve) => setTimeout(resolve, 1200))
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      await cdp().send('HeapProfiler.collectGarbage')
    }
    // At most the last choice's files, held by the render that sent them; not all 20.
    expect(sent.filter((file) => file.deref()).length).toBeLessThanOrEqual(5)
  })
})
