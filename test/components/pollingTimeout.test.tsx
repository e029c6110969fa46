// DESIGN "Polling": after the maximum wait the UI says "still processing" and offers a retry.
// The badge has its own tests; here the two other components that follow a pending resource:
// RecipeBuilder (the converted file) and GroupEditor (the group after a save), and the pages of
// FileList and GroupList, which poll while a row on them is pending.
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFileServiceClient, FileList, GroupEditor, GroupList, RecipeBuilder } from '../../src/index.ts'
import { baseUrl, secretKey, setupEmulator, wrapper } from '../hooks/setup.tsx'

// Processing takes far longer than the components are willing to poll.
const { emulator, count } = setupEmulator({ delays: { conversion: 60_000, group: 60_000 } })
const polling = { initialInterval: 50, maxWait: 400 }
type Client = ReturnType<typeof createFileServiceClient>

describe('after the maximum wait', () => {
  it('RecipeBuilder says the converted file is still processing, and checks again on request', async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper()
    render(
      <RecipeBuilder
        fileId={files[0]!.id}
        previewDelay={10}
        polling={polling}
        defaultValue={{ kind: 'image', operations: [{ name: 'format', args: ['webp'] }] }}
      />,
      { wrapper: Wrapper },
    )
    await user.click(await screen.findByRole('button', { name: 'Convert' }))
    const result = await screen.findByText(/^Result f-\w+: Processing$/)
    await waitFor(() => expect(result.textContent).toMatch(/Still processing/), { timeout: 3_000 })
    expect(result.closest('[data-timed-out]')).not.toBeNull()
    const polls = count('GET', '/files/')
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(document.activeElement).toBe(result) // the button is gone; the keyboard is on the result
    await waitFor(() => expect(count('GET', '/files/')).toBeGreaterThan(polls))
    expect(result.textContent).not.toMatch(/Still processing/)
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull()
  })

  it('GroupEditor says the saved group is still processing, and checks again on request', async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const { Wrapper } = wrapper()
    render(<GroupEditor groupId={groups[0]!.id} polling={polling} />, { wrapper: Wrapper })
    await user.click(await screen.findByRole('button', { name: 'Move a.png down' }))
    await user.click(screen.getByRole('button', { name: 'Save group' }))
    const meta = await screen.findByText(/^Status: Processing/)
    await waitFor(() => expect(meta.textContent).toMatch(/Still processing/), { timeout: 3_000 })
    const polls = count('GET', `/groups/${groups[0]!.id}.json`)
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(document.activeElement).toBe(meta)
    await waitFor(() => expect(count('GET', `/groups/${groups[0]!.id}.json`)).toBeGreaterThan(polls))
    expect(meta.textContent).not.toMatch(/Still processing/)
  })

  it.each([
    [
      'FileList',
      '/files.json',
      async (client: Client) => {
        const { files } = await emulator.seed({ files: [{}] })
        await client.conversions.convert(files[0]!.id, 'image', '/-/format/webp/')
        return <FileList polling={polling} />
      },
    ],
    [
      'GroupList',
      '/groups.json',
      async (client: Client) => {
        const { files } = await emulator.seed({ files: [{}] })
        await client.groups.create({ fileIds: [files[0]!.id] })
        return <GroupList polling={polling} />
      },
    ],
  ])(
    '%s says its page stopped checking a pending row, and checks again on request',
    async (_, path, setup) => {
      const user = userEvent.setup()
      const ui = await setup(createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey }))
      const { Wrapper } = wrapper()
      render(ui, { wrapper: Wrapper })
      await screen.findByRole('table')
      const line = await screen.findByText(/^Some of these are still processing/, {}, { timeout: 3_000 })
      const polls = count('GET', path)
      await user.click(within(line).getByRole('button', { name: 'Check again' }))
      expect(document.activeElement).toBe(screen.getByRole('table'))
      await waitFor(() => expect(count('GET', path)).toBeGreaterThan(polls))
      expect(screen.queryByText(/^Some of these are still processing/)).toBeNull()
    },
  )
})
