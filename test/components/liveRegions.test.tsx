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
