// Status messages that come later land in a live region that was already there: some screen
// readers read no region that appears together with its text.
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createFileServiceClient, FileList, GroupEditor, RecipeBuilder } from '../../src/index.ts'
import { baseUrl, secretKey, setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator({ delays: { conversion: 5_000 } })
const client = createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey })

/** The clipboard refuses the next copy, as a browser without the permission does. */
const refuseCopy = () =>
  vi
    .spyOn(navigator.clipboard, 'writeText')
    .mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'))

/** The status region `slot` names, as it is now (empty): the one that must later say `text`. */
function regionFor(slot: string) {
  const region = document.querySelector(`[data-slot="${slot}"]`)
  expect(region?.getAttribute('role')).toBe('status')
  expect(region?.textContent).toBe('')
  return region!
}

/** What the live regions hold now: what a screen reader reads out for the last change. */
const spoken = () =>
  [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')]
    .map((region) => region.textContent)
    .filter(Boolean)

describe('live regions are there before their text', () => {
  it("RecipeBuilder: the conversion's result, and a refused copy", async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper()
    render(
      <RecipeBuilder
        fileId={files[0]!.id}
        defaultValue={{ kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }}
      />,
      { wrapper: Wrapper },
    )
    await screen.findByRole('button', { name: 'Convert' })
    const result = regionFor('conversion-status')
    const copy = regionFor('copy-status')
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    await waitFor(() => expect(result.textContent).toMatch(/^Result f-\w+: Processing/))
    refuseCopy()
    await user.click(screen.getByRole('button', { name: 'Copy recipe' }))
    await waitFor(() => expect(copy.textContent).toMatch(/^The browser did not allow copying/))
  })

  it("GroupEditor: a refused copy of the new group's token", async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<GroupEditor />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['x'], 'x.txt', { type: 'text/plain' }))
    await user.click(await screen.findByRole('button', { name: 'Create group' }))
    await screen.findByRole('region', { name: 'Access token for this group' })
    const copy = regionFor('copy-status')
    refuseCopy()
    await user.click(screen.getByRole('button', { name: 'Copy token' }))
    await waitFor(() => expect(copy.textContent).toMatch(/^The browser did not allow copying/))
  })

  it('GroupEditor: a first edit is read out once, and a version saved elsewhere is read out', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const user = userEvent.setup()
    const { Wrapper, hostClient } = wrapper()
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    await user.click(await screen.findByRole('button', { name: 'Move b.png up' }))
    // What the live regions hold now is what a screen reader reads out for the edit.
    expect(spoken()).toEqual(['b.png moved to position 1 of 2.'])
    expect(screen.getByText('Unsaved changes')).toBeDefined()
    await client.groups.update(groups[0]!.id, { fileIds: [files[0]!.id] })
    await hostClient.invalidateQueries()
    await screen.findByText(/changed elsewhere/)
    expect(spoken()).toContainEqual(expect.stringMatching(/^This group was changed elsewhere/))
  })

  it('GroupEditor: files chosen to upload are read out once, by the uploader', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<GroupEditor />, { wrapper: Wrapper })
    emulator.faults.latency(300)
    await user.upload(screen.getByLabelText('Choose files'), new File(['x'], 'x.txt', { type: 'text/plain' }))
    expect(screen.getByText('Waiting for uploads to finish')).toBeDefined()
    expect(spoken()).toEqual(['Uploading x.txt.'])
  })

  it('FileList: still processing after the longest wait', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'photo.png' }] })
    await client.conversions.convert(files[0]!.id, 'image', '/-/format/webp/')
    const { Wrapper } = wrapper()
    const { container } = render(<FileList polling={{ initialInterval: 50, maxWait: 300 }} />, {
      wrapper: Wrapper,
    })
    await screen.findByRole('table', { name: 'Files' })
    const region = container.querySelector('[data-slot="list-status"]')!
    expect(region.getAttribute('role')).toBe('status')
    expect(region.textContent).toBe('')
    await waitFor(() => expect(region.textContent).toMatch(/^Some of these are still processing/), {
      timeout: 3_000,
    })
  })
})
