// A request the service takes and never answers: after the provider's `timeout` the components
// say so instead of waiting for ever. A read or a replacing save is safe to ask again (the hooks
// retry a query; "Could not save" offers Save again); a POST may have been done, and is not
// called failed.
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FileUploader, GroupEditor, GroupList } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator, count, hold } = setupEmulator()
const timeout = 300
const noAnswer = 'The service did not answer in time'
const unconfirmed = `${noAnswer}; it may have done this all the same. Check before trying again.`
const root = '/api/v1/projects/demo'

describe('no answer in time', () => {
  it('GroupList: a page never answered says it tries again, and shows the groups once answered', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const release = hold('get', `${root}/groups.json`)
    const { Wrapper } = wrapper({ timeout })
    render(<GroupList />, { wrapper: Wrapper })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Trying again: ${noAnswer}`), {
      timeout: 3_000,
    })
    release()
    expect(await screen.findByRole('table', { name: 'Groups' }, { timeout: 3_000 })).toBeDefined()
  })

  it('GroupEditor: a save never answered says it could not save, and can be saved again', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ timeout })
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    await user.click(await screen.findByRole('button', { name: 'Remove a.png' }))
    const release = hold('put', `${root}/groups/${groups[0]!.id}.json`)
    await user.click(screen.getByRole('button', { name: 'Save group' }))
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDefined()
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 })
    expect(alert.textContent).toBe(`Could not save: ${noAnswer}`)
    const save = screen.getByRole('button', { name: 'Save group' })
    expect(save.getAttribute('aria-disabled')).toBeNull()
    release()
    await user.click(save)
    await waitFor(() => expect(document.querySelector('[data-slot="announcer"]')!.textContent).toBe('Saved.'))
    expect(count('PUT', '/groups/')).toBe(2)
  })

  it('GroupEditor: a new group never answered is not said to have failed: it may exist', async () => {
    await emulator.seed({ files: [{ name: 'a.png' }] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ timeout })
    render(<GroupEditor />, { wrapper: Wrapper })
    await user.click(screen.getByRole('button', { name: 'Add from project files' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Select a.png' }))
    await user.click(screen.getByRole('button', { name: 'Add 1 selected' }))
    hold('post', `${root}/groups.json`)
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 })
    expect(alert.textContent).toBe(unconfirmed)
    expect(count('POST', '/groups.json')).toBe(1)
  })

  it('FileUploader: an upload never answered is not said to have failed: it may be there', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined, timeout })
    render(<FileUploader />, { wrapper: Wrapper })
    hold('post', `${root}/files.json`)
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    const item = () => within(screen.getByText('a.txt').closest('li')!)
    await waitFor(() => expect(item().getByRole('alert').textContent).toBe(unconfirmed), { timeout: 3_000 })
    expect(screen.getByRole('button', { name: 'Try again: a.txt' })).toBeDefined()
    expect(count('POST', '/files.json')).toBe(1)
  })
})
