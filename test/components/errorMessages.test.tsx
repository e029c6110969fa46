// The service's error texts are in English; a host translates them by the error's code
// (`error.<code>` in the provider's messages), with the service's words and status to fill in.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ActionStatusBadge, GroupEditor, GroupList } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator, count } = setupEmulator()

describe("service errors in the host's words", () => {
  it('a missing group, by error.not_found', async () => {
    const { Wrapper } = wrapper({
      messages: {
        notFound: 'Nicht gefunden: {message}',
        'error.not_found': 'diese Gruppe gibt es nicht ({status})',
      },
    })
    render(<GroupEditor groupId="grp-missing" />, { wrapper: Wrapper })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nicht gefunden: diese Gruppe gibt es nicht (404)',
    )
  })

  it("a refused start, by error.bad_request, which may quote the service's words", async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper({
      messages: { runFailed: 'Start abgelehnt: {message}', 'error.bad_request': 'ungültig („{message}“)' },
    })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    const run = await screen.findByRole('button', { name: 'Run: Image recognition' })
    emulator.faults.failNext('/actions/recognize.json', { status: 400, message: 'Recognition is off' })
    run.click()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Start abgelehnt: ungültig („Recognition is off“)',
    )
  })

  it('a request the client refused to send says why, not that the service could not be reached', async () => {
    // A token with a line break inside (pasted from two lines) can't go in a header: nothing is sent.
    const { Wrapper } = wrapper({ token: 'sk_hooks\ntest' })
    render(<GroupList />, { wrapper: Wrapper })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The token has characters an HTTP header cannot carry (a line break?).',
    )
    expect(screen.queryByText(/could not be reached/)).toBeNull()
    expect(count('GET', 'groups.json')).toBe(0)
  })

  it("a refused request in the host's words, by requestRefused", async () => {
    const { Wrapper } = wrapper({
      token: 'sk_hooks\ntest',
      messages: { error: 'Fehler: {message}', requestRefused: 'nicht gesendet', retry: 'Nochmal' },
    })
    render(<GroupList />, { wrapper: Wrapper })
    expect((await screen.findByRole('alert')).textContent).toBe('Fehler: nicht gesendet')
  })

  it("without a translation for the code, the service's own words", async () => {
    const { Wrapper } = wrapper({ messages: { 'error.conflict': 'Konflikt' } })
    render(<GroupEditor groupId="grp-missing" />, { wrapper: Wrapper })
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not found: .*not found/i)
  })
})
