// The end user's journey in Chromium against the emulator server: upload, create a group
// without a token, see the token once, reopen with only that token, reorder and save.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFileServiceClient, GroupEditor, useFileService } from '../../src/index.ts'
import { baseUrl, faults, groupOf, projectId, secretKey } from './support.ts'
import { handles, provider } from './wrapper.tsx'

const order = () => handles().map((text) => text.replace(/^\d+\. /, ''))
afterEach(async () => {
  cleanup()
  await faults({ clear: true })
})

describe('GroupEditor in Chromium', () => {
  it('keeps the keyboard on a row that a refresh moves into the chunk of 50 rows before', async () => {
    // Rows sit in chunks of 50: row 51 moves into the first chunk when the group is saved
    // elsewhere without its first file, and is a new element there.
    const { files, group } = await groupOf(60, 'k')
    let refresh = () => Promise.resolve()
    function Refresher() {
      const { queryClient } = useFileService()
      refresh = () => queryClient.invalidateQueries()
      return null
    }
    render(
      <>
        <Refresher />
        <GroupEditor groupId={group.id} />
      </>,
      { wrapper: provider(secretKey) },
    )
    await waitFor(() => expect(handles()).toHaveLength(60))
    screen.getByRole('button', { name: '51. k51.txt' }).focus()
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    await operator.groups.update(group.id, { fileIds: files.slice(1).map((f) => f.id) })
    await refresh()
    await waitFor(() => expect(handles()).toHaveLength(59))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '50. k51.txt' }))
  })

  it('does not add an upload started for one group to the next one shown', async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const [x, y] = await Promise.all(
      ['x.txt', 'y.txt'].map((name) => operator.files.upload(new Blob([name]), { name })),
    )
    const [a, b] = await Promise.all([
      operator.groups.create({ fileIds: [x!.id] }),
      operator.groups.create({ fileIds: [y!.id] }),
    ])
    const user = userEvent.setup()
    const Wrapper = provider(secretKey)
    const { rerender } = render(<GroupEditor groupId={a.id} />, { wrapper: Wrapper })
    await waitFor(() => expect(order()).toEqual(['x.txt']), { timeout: 10_000 })
    await faults({ latency: 800 })
    await user.upload(screen.getByLabelText('Choose files'), new File(['late'], 'late.txt'))
    // The host shows another group before the upload is done.
    rerender(<GroupEditor groupId={b.id} />)
    await waitFor(() => expect(order()).toEqual(['y.txt']), { timeout: 10_000 })
    expect(screen.queryByText('late.txt')).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(order()).toEqual(['y.txt'])
    expect(screen.queryByText('Unsaved changes')).toBeNull()
  })

  it('keeps an upload going when the host passes the id of the group it just created', async () => {
    const user = userEvent.setup()
    function Host() {
      const [id, setId] = useState<string>()
      return <GroupEditor groupId={id} onCreated={({ group }) => setId(group.id)} />
    }
    render(<Host />, { wrapper: provider(secretKey) })
    const input = screen.getByLabelText('Choose files')
    await user.upload(input, new File(['one'], 'one.txt'))
    await waitFor(() => expect(order()).toEqual(['one.txt']), { timeout: 10_000 })
    await faults({ latency: 1_000 })
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    // A file chosen while the group is being created: the editor the host keeps keeps it too.
    await user.upload(input, new File(['two'], 'two.txt'))
    await screen.findByRole('heading', { name: /^Group g-/ }, { timeout: 10_000 })
    await waitFor(() => expect(order()).toEqual(['one.txt', 'two.txt']), { timeout: 10_000 })
    expect(screen.getByText('Unsaved changes')).toBeDefined()
  })

  it('creates a group from uploads anonymously, then edits it with only its token', async () => {
    const onCreated = vi.fn()
    const user = userEvent.setup()
    const first = render(<GroupEditor onCreated={onCreated} />, { wrapper: provider() })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.txt', { type: 'text/plain' }),
      new File(['three'], 'three.txt', { type: 'text/plain' }),
    ])
    await waitFor(() => expect(order()).toHaveLength(3), { timeout: 10_000 })
    // Each upload moved into the group's list: the uploader no longer lists it a second time.
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull()
    expect(document.querySelector('[data-slot="announcer"]')?.textContent).toMatch(
      /^(one|two|three)\.txt added\.$/,
    )
    // With the keyboard: the button vanishes with the editor; the keyboard lands on the new view.
    const create = screen.getByRole('button', { name: 'Create group' })
    await waitFor(() => expect(create).toHaveProperty('disabled', false)) // no upload pending
    create.focus()
    await user.keyboard('{Enter}')
    const region = await screen.findByRole('region', { name: 'Access token for this group' })
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'))
    expect(document.activeElement?.textContent).toMatch(/^Group g-/)
    const token = within(region).getByText(/^gat-/).textContent!
    const { group } = onCreated.mock.calls[0]![0]
    first.unmount()

    render(<GroupEditor groupId={group.id} />, { wrapper: provider(token) })
    await waitFor(() => expect(order()).toHaveLength(3), { timeout: 10_000 })
    const uploaded = order()
    screen.getByRole('button', { name: `1. ${uploaded[0]}` }).focus()
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await user.click(screen.getByRole('button', { name: `Remove ${uploaded[2]}` }))
    const save = screen.getByRole('button', { name: 'Save group' })
    save.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull())
    // Saved, the button is disabled (nothing to save): Chromium would drop its focus to the body.
    await waitFor(() => expect(save).toHaveProperty('disabled', true))
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: `Group ${group.id}` }))

    const user2 = createFileServiceClient({ baseUrl, projectId, token })
    const saved = await user2.groups.files(group.id)
    expect(saved.data.map((f) => f.originalName)).toEqual([uploaded[1], uploaded[0]])
    // The group token reaches nothing else.
    await expect(user2.files.list()).rejects.toMatchObject({ status: 401 })
  })
})
