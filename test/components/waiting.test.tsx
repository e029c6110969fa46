// What a component says while a request waits for more than an answer. Offline, TanStack Query
// holds queries and mutations (networkMode 'online') until the window's `online` event: every
// component says it is waiting for the network instead of "Loading…", "Saving…" or "Uploading
// 0%" forever, and carries on once the network is back. After a failed try (5xx, network) a
// query tries again after a pause: the components say so instead of "Loading…".
import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ActionStatusBadge, FileList, FileUploader, GroupEditor, RecipeBuilder } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator, count } = setupEmulator()
const offline = 'Offline, waiting for the network'
const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')))
// Before anything is rendered no QueryClient is mounted to hear the event: set the state itself.
const startOffline = () => onlineManager.setOnline(false)
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')))
afterEach(() => onlineManager.setOnline(true))

describe('offline', () => {
  it('FileList: a first load and a page change wait for the network, and say so', async () => {
    await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }] })
    const { Wrapper } = wrapper()
    startOffline()
    render(<FileList defaultPageSize={1} />, { wrapper: Wrapper })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(offline))
    goOnline()
    const pages = await screen.findByRole('navigation', { name: 'Files, pages' })
    expect(within(pages).getByText(/^Page 1 of 3/).textContent).toBe('Page 1 of 3')

    goOffline()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    // Page 3 was never fetched: the last page shown stays, and the list says why it does.
    await waitFor(() =>
      expect(within(pages).getByText(/^Page /).textContent).toBe(`Page 2 of 3 · Loading page 3 · ${offline}`),
    )
    goOnline()
    await waitFor(() => expect(within(pages).getByText(/^Page /).textContent).toBe('Page 3 of 3'))
  })

  it('FileUploader: an upload chosen offline waits, starts once online, and can be canceled meanwhile', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader />, { wrapper: Wrapper })
    goOffline()
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.txt', { type: 'text/plain' }),
    ])
    const line = (name: string) => within(screen.getByText(name).closest('li')!).getByRole('status')
    expect(line('one.txt').textContent).toBe(offline)
    expect(line('two.txt').textContent).toBe(offline)
    // Nothing to abort yet: canceled at once, and the keyboard moves to its "Try again".
    await user.click(screen.getByRole('button', { name: 'Cancel two.txt' }))
    expect(line('two.txt').textContent).toBe('Canceled')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again: two.txt' }))
    expect(count('POST', '/files.json')).toBe(0)

    goOnline()
    await waitFor(() => expect(line('one.txt').textContent).toBe('Uploaded'))
    expect(line('two.txt').textContent).toBe('Canceled')
    expect(count('POST', '/files.json')).toBe(1)
  })

  it('FileUploader: canceled and tried again offline, it is sent once when online', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader />, { wrapper: Wrapper })
    goOffline()
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await user.click(screen.getByRole('button', { name: 'Cancel a.txt' }))
    await user.click(screen.getByRole('button', { name: 'Try again: a.txt' }))
    goOnline()
    // The canceled attempt resumes too, with its signal aborted: it sends nothing and changes nothing.
    const line = () => within(screen.getByText('a.txt').closest('li')!).getByRole('status')
    await waitFor(() => expect(line().textContent).toBe('Uploaded'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(line().textContent).toBe('Uploaded')
    expect(count('POST', '/files.json')).toBe(1)
  })

  it('GroupEditor: a save made offline says it waits, and saves once online', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: groups[0]!.accessToken })
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    await user.click(await screen.findByRole('button', { name: 'Remove a.png' }))
    goOffline()
    await user.click(screen.getByRole('button', { name: 'Save group' }))
    const announcer = document.querySelector('[data-slot="announcer"]')!
    await waitFor(() => expect(announcer.textContent).toBe(offline))
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDefined()
    expect(count('PUT', '/groups/')).toBe(0)
    // Said once: the group's refresh, held too (the save marked it pending), is not said again.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const saying = screen.getAllByRole('status').filter((region) => region.textContent === offline)
    expect(saying).toEqual([announcer])
    goOnline()
    await waitFor(() => expect(announcer.textContent).toBe('Saved.'))
    expect(count('PUT', '/groups/')).toBe(1)
  })

  it('RecipeBuilder: a conversion started offline says it waits, and starts once online', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper()
    render(
      <RecipeBuilder
        fileId={files[0]!.id}
        previewDelay={10}
        defaultValue={{ kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }}
      />,
      { wrapper: Wrapper },
    )
    const convert = await screen.findByRole('button', { name: 'Convert' })
    goOffline()
    fireEvent.click(convert)
    const status = document.querySelector('[data-slot="convert-status"]')!
    await waitFor(() => expect(status.textContent).toBe(offline))
    expect(count('POST', '/conversions/image.json')).toBe(0)
    goOnline()
    await screen.findByText(/^Result f-\w+: /)
    expect(status.textContent).toBe('')
    expect(count('POST', '/conversions/image.json')).toBe(1)
  })

  it('ActionStatusBadge: checking and a pressed Run wait for the network, and say so', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    startOffline()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    const status = screen.getByRole('status')
    await waitFor(() => expect(status.textContent).toBe(`Image recognition: ${offline}`))
    goOnline()
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Not started'))
    goOffline()
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await waitFor(() => expect(status.textContent).toBe(`Image recognition: ${offline}`))
    expect(count('POST', '/actions/')).toBe(0)
    goOnline()
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Running…'))
    expect(count('POST', '/actions/')).toBe(1)
  })

  it('ActionStatusBadge: a running action polled offline says the status it knew may be behind', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, { wrapper: Wrapper })
    const status = screen.getByRole('status')
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Running…'))
    goOffline()
    // The next poll (a second later) is held: the action may have finished meanwhile.
    await waitFor(() => expect(status.textContent).toBe(`Image recognition: Running… · ${offline}`), {
      timeout: 3_000,
    })
    goOnline()
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Running…'))
  })
})

describe('trying again', () => {
  it('FileList: a first load and a page change that failed once say they try again, then show the page', async () => {
    await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }] })
    emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' })
    const { Wrapper } = wrapper()
    render(<FileList defaultPageSize={1} />, { wrapper: Wrapper })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Trying again: Storage is down'))
    const pages = await screen.findByRole('navigation', { name: 'Files, pages' }, { timeout: 3_000 })
    const status = () => within(pages).getByText(/^Page /).textContent
    await waitFor(() => expect(status()).toBe('Page 1 of 3'))
    // The last page is not fetched ahead (page 2 is): its fetch fails once, and the status says
    // which page it tries again for while page 1 stays.
    await waitFor(() => expect(count('GET', '/files.json')).toBe(3))
    emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    await waitFor(() => expect(status()).toBe('Page 1 of 3 · Loading page 3 · Trying again: Storage is down'))
    await waitFor(() => expect(status()).toBe('Page 3 of 3'), { timeout: 3_000 })
  })

  it('ActionStatusBadge: checking that failed once says it tries again', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    emulator.faults.failNext('/actions/', { status: 503, message: 'Busy' })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    const status = screen.getByRole('status')
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Trying again: Busy'))
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Not started'), { timeout: 3_000 })
  })

  it('RecipeBuilder: a check of the converted file that is tried again, or failed, says so', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper()
    const webp = { kind: 'image' as const, operations: [{ name: 'format', args: ['webp'] }] }
    render(<RecipeBuilder fileId={files[0]!.id} defaultValue={webp} previewDelay={10} />, {
      wrapper: Wrapper,
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Convert' }))
    const result = await screen.findByText(/^Result f-\w+: Processing/)
    emulator.faults.failNext(/GET .*\/files\/f-/, { status: 503, message: 'Busy' })
    await waitFor(() => expect(result.textContent).toMatch(/: Processing · Trying again: Busy$/), {
      timeout: 3_000,
    })
    emulator.faults.failNext(/GET .*\/files\/f-/, { status: 400, message: 'Index rebuilding' })
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe('Could not refresh: Index rebuilding'),
      {
        timeout: 3_000,
      },
    )
    // Outside the live region that holds the result line: read out once, as an alert.
    expect(screen.getByRole('alert').closest('[role="status"]')).toBeNull()
    // A 4xx stops the polling: it is asked again on request, and follows the file to ready.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(document.activeElement).toBe(result)
    await waitFor(() => expect(result.textContent).toMatch(/: Ready$/), { timeout: 6_000 })
    expect(screen.queryByRole('alert')).toBeNull()
  }, 20_000)

  it('ActionStatusBadge: a poll of a running action that failed once says it tries again', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, { wrapper: Wrapper })
    const status = screen.getByRole('status')
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Running…'))
    emulator.faults.failNext('/actions/', { status: 503, message: 'Busy' })
    await waitFor(() => expect(status.textContent).toBe('Image recognition: Running… · Trying again: Busy'), {
      timeout: 3_000,
    })
  })
})
