// DESIGN "Polling": after the maximum wait the UI says "still processing" and offers a retry.
// The badge has its own tests; here the two other components that follow a pending resource:
// RecipeBuilder (the converted file) and GroupEditor (the group after a save).
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { GroupEditor, RecipeBuilder } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

// Processing takes far longer than the components are willing to poll.
const { emulator, count } = setupEmulator({ delays: { conversion: 60_000, group: 60_000 } })
const polling = { initialInterval: 50, maxWait: 400 }

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
    await waitFor(() => expect(count('GET', `/groups/${groups[0]!.id}.json`)).toBeGreaterThan(polls))
    expect(meta.textContent).not.toMatch(/Still processing/)
  })
})
