import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { http } from 'msw'
import { createRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ActionStatusBadge } from '../../src/index.ts'
import { eicar } from '../../src/testing/index.ts'
import { baseUrl, setupEmulator, wrapper } from '../hooks/setup.tsx'
import { expectNoAxeViolations } from './axe.ts'

const { emulator, count, hold, server } = setupEmulator({ delays: { action: 5_000 } })

// Polling runs on fake timers; clicks use fireEvent because user-event waits on real timers.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: false,
  })
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  setVisibility('visible')
})
// Time advances in steps of 100 ms, each in its own act, as a browser renders between timers:
// React 18 renders, and runs the effects that start the next request, only when an act scope
// ends (React 19 also within one).
const tick = async (ms: number) => {
  for (let left = ms; left > 0; left -= 100) await act(() => vi.advanceTimersByTimeAsync(Math.min(left, 100)))
}
const status = () => screen.getByRole('status')
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
}

/** A moderation badge (autoRun) whose action failed; the fault is cleared again. */
async function failedModeration() {
  const { files } = await emulator.seed({ files: [{}] })
  emulator.faults.failActions(files[0]!.id)
  const { Wrapper } = wrapper()
  render(<ActionStatusBadge fileId={files[0]!.id} type="moderate" autoRun />, { wrapper: Wrapper })
  await tick(12_000)
  expect(status().textContent).toBe('Moderation: Failed')
  emulator.faults.clear()
}

describe('ActionStatusBadge', () => {
  it('not started → run → pending → ready with the result summary, announced politely', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { container } = render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" showResult />, {
      wrapper: Wrapper,
    })
    expect(status().textContent).toBe('Image recognition: Checking…')
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Not started')
    expect(status().getAttribute('aria-live')).toBe('polite')
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Running…')
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('pending')
    // The Run button is gone: the keyboard is on the status it started, not on the page body.
    expect(document.activeElement).toBe(status())
    await tick(12_000)
    expect(status().textContent).toMatch(/^Image recognition: Done — Labels: \w+ \d+%/)
    expect(screen.queryByRole('button')).toBeNull()
    await expectNoAxeViolations(container)
  })

  it('a failed check keeps the status it knew, says the check failed, and tries again on request', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { container } = render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, {
      wrapper: Wrapper,
    })
    await tick(50)
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Running…')
    emulator.faults.failNext('/actions/recognize.json', { status: 400, message: 'Index rebuilding' })
    await tick(1_100) // the next poll fails (a 400 is not retried)
    expect(status().textContent).toBe('Image recognition: Running…')
    expect(screen.getByRole('alert').textContent).toBe('Could not refresh: Index rebuilding')
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('pending')
    fireEvent.click(screen.getByRole('button', { name: 'Try again: Image recognition' }))
    expect(document.activeElement).toBe(status())
    await tick(50)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(status().textContent).toBe('Image recognition: Running…')
  })

  it('does not read out its first status (a list of badges on load), only the changes after it', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    const region = status()
    // What a screen reader would read: each text change made while the region is live, in the
    // order of the changes (the region goes live by an attribute change).
    const read: string[] = []
    let live = region.getAttribute('aria-live')
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') live = region.getAttribute('aria-live')
        else if (live === 'polite' && read.at(-1) !== region.textContent) read.push(region.textContent!)
      }
    })
    watch.observe(region, {
      attributes: true,
      attributeFilter: ['aria-live'],
      childList: true,
      subtree: true,
      characterData: true,
    })
    expect(region.getAttribute('aria-live')).toBe('off')
    await tick(50)
    expect(region.textContent).toBe('Image recognition: Not started')
    expect(region.getAttribute('aria-live')).toBe('polite')
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(50)
    watch.disconnect()
    expect(read).toEqual(['Image recognition: Running…'])
  })

  it("starts quiet again when given another file: the next file's first status is not read out", async () => {
    const { files } = await emulator.seed({ files: [{}, {}] })
    const { Wrapper } = wrapper()
    const { rerender } = render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, {
      wrapper: Wrapper,
    })
    await tick(50)
    expect(status().getAttribute('aria-live')).toBe('polite')
    rerender(<ActionStatusBadge fileId={files[1]!.id} type="recognize" />)
    expect(status().getAttribute('aria-live')).toBe('off')
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Not started')
    expect(status().getAttribute('aria-live')).toBe('polite')
  })

  it('keeps one alert through failed background polls (not read out again at each)', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, { wrapper: Wrapper })
    await tick(300) // the check, then the run autoRun sends
    expect(status().textContent).toBe('Image recognition: Running…')
    // An outage: every poll of the running action fails, tries included (5xx: polling goes on).
    emulator.faults.failNext('/actions/recognize.json', { status: 503, message: 'Down', count: 1_000 })
    await tick(15_000)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Could not refresh: Down')
    await tick(60_000)
    expect(screen.getByRole('alert')).toBe(alert)
    emulator.faults.clear()
  })

  it('says a check failed again with a new alert, when "Try again" fails too', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    emulator.faults.failNext('/actions/recognize.json', {
      status: 400,
      message: 'Recognition is off',
      count: 2,
    })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(50)
    const first = screen.getByRole('alert')
    fireEvent.click(screen.getByRole('button', { name: 'Try again: Image recognition' }))
    await tick(50)
    // The same words, in a new element: screen readers read a new alert, not an unchanged one.
    const second = screen.getByRole('alert')
    expect(second.textContent).toBe(first.textContent)
    expect(second).not.toBe(first)
    expect(first.isConnected).toBe(false)
  })

  it('a first check that fails says why, with a Try again named after its action', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    emulator.faults.failNext('/actions/recognize.json', { status: 400, message: 'Recognition is off' })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Unavailable')
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong: Recognition is off')
    fireEvent.click(screen.getByRole('button', { name: 'Try again: Image recognition' }))
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Not started')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says a file that is not there is not found, with nothing to retry, also after a status it knew', async () => {
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId="f-AAAAAAAAAAAAAAAAAAAAAA" type="recognize" />, { wrapper: Wrapper })
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Unavailable')
    expect(screen.getByRole('alert').textContent).toBe('Not found: File not found')
    expect(screen.queryByRole('button')).toBeNull()
    cleanup()
    // Known running, then gone (the service answers 404 for it): not "Could not refresh" with a retry.
    const { files } = await emulator.seed({ files: [{}] })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, { wrapper: Wrapper })
    await tick(300) // the check, then the run autoRun sends
    expect(status().textContent).toBe('Image recognition: Running…')
    emulator.faults.failNext('/actions/recognize.json', { status: 404, message: 'File not found' })
    await tick(1_100)
    expect(status().textContent).toBe('Image recognition: Unavailable')
    expect(screen.getByRole('alert').textContent).toBe('Not found: File not found')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('has no axe violations when not started (with its Run button)', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { container } = render(<ActionStatusBadge fileId={files[0]!.id} type="moderate" />, {
      wrapper: Wrapper,
    })
    await tick(50)
    expect(screen.getByRole('button', { name: 'Run: Moderation' })).toBeDefined()
    await expectNoAxeViolations(container)
  })

  it('autoRun starts the action once', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'eicar' }] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="virus_scan" autoRun showResult />, {
      wrapper: Wrapper,
    })
    await tick(12_000)
    expect(count('POST', '/actions/virus_scan.json')).toBe(1)
    expect(status().textContent).toBe('Virus scan: Done — Infected: Eicar-Test-Signature')
    expect(eicar().length).toBeGreaterThan(0)
  })

  it('autoRun starts the action once for every badge watching it', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(
      ['a', 'b', 'c', 'd', 'e'].map((badge) => (
        <ActionStatusBadge key={badge} fileId={files[0]!.id} type="moderate" autoRun />
      )),
      { wrapper: Wrapper },
    )
    await tick(12_000)
    expect(count('POST', '/actions/moderate.json')).toBe(1)
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(Array(5).fill('Moderation: Done'))
  })

  it('autoRun starts the action of the next file when the badge is reused', async () => {
    const { files } = await emulator.seed({ files: [{}, {}] })
    const { Wrapper } = wrapper()
    const { rerender } = render(<ActionStatusBadge fileId={files[0]!.id} type="moderate" autoRun />, {
      wrapper: Wrapper,
    })
    await tick(1_000)
    rerender(<ActionStatusBadge fileId={files[1]!.id} type="moderate" autoRun />)
    await tick(1_000)
    expect(count('POST', '/actions/moderate.json')).toBe(2)
    expect(status().textContent).toBe('Moderation: Running…')
  })

  it('shows a failed action', async () => {
    await failedModeration()
    // A failed action runs again when started again: the badge offers it.
    fireEvent.click(screen.getByRole('button', { name: 'Run: Moderation' }))
    await tick(1_000)
    expect(count('POST', '/actions/moderate.json')).toBe(2)
    expect(status().textContent).toBe('Moderation: Running…')
    await tick(12_000)
    expect(status().textContent).toBe('Moderation: Done')
    expect(screen.queryByRole('button', { name: 'Run: Moderation' })).toBeNull()
  })

  it('says why a failed action could not start again', async () => {
    await failedModeration()
    emulator.faults.failNext('/actions/moderate.json', { status: 400, message: 'Moderation is off' })
    fireEvent.click(screen.getByRole('button', { name: 'Run: Moderation' }))
    await tick(1_000)
    expect(screen.getByRole('alert').textContent).toBe('Could not start: Moderation is off')
    expect(status().textContent).toBe('Moderation: Failed')
  })

  it('says why an action could not start, and offers to run it again', async () => {
    // Recognition works on images only: the service refuses it for a PDF.
    const { files } = await emulator.seed({ files: [{ sample: 'pdf' }] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, { wrapper: Wrapper })
    await tick(1_000)
    expect(count('POST', '/actions/recognize.json')).toBe(1)
    expect(status().textContent).toBe('Image recognition: Not started')
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not start: recognize works on images only; this file is application/pdf.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(1_000)
    expect(count('POST', '/actions/recognize.json')).toBe(2)
  })

  it('tells every badge on the action why it could not start', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'pdf' }] })
    const { Wrapper } = wrapper()
    render(
      <>
        <ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />
        <ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />
      </>,
      { wrapper: Wrapper },
    )
    await tick(1_000)
    expect(count('POST', '/actions/recognize.json')).toBe(1)
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
      Array(2).fill('Could not start: recognize works on images only; this file is application/pdf.'),
    )
    emulator.faults.latency(500)
    fireEvent.click(screen.getAllByRole('button', { name: 'Run: Image recognition' })[0]!)
    // Both badges follow the run the first one started again: no old error, no second Run.
    await tick(100)
    expect(screen.queryAllByRole('alert')).toEqual([])
    expect(screen.queryAllByRole('button')).toEqual([])
    await tick(1_000)
    expect(count('POST', '/actions/recognize.json')).toBe(2)
    expect(screen.getAllByRole('alert')).toHaveLength(2)
  })

  it('says "still running" after the maximum wait, and checks again on request', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(
      <ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun polling={{ maxWait: 3_000 }} />,
      { wrapper: Wrapper },
    )
    await tick(3_500)
    expect(status().textContent).toBe('Image recognition: Still running')
    fireEvent.click(screen.getByRole('button', { name: 'Check again: Image recognition' }))
    await tick(50)
    expect(status().textContent).toBe('Image recognition: Running…')
    expect(document.activeElement).toBe(status())
  })

  it('waits for the answer of a poll on its way at the maximum wait: it may be final', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper({ timeout: 5_000 })
    render(
      <ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun polling={{ maxWait: 3_000 }} />,
      { wrapper: Wrapper },
    )
    await tick(500)
    // Every poll from now on is taken and not answered: the one at 1 s is on its way at 3 s.
    const release = hold('get', `/api/v1/projects/demo/files/${files[0]!.id}/actions/recognize.json`)
    await tick(3_000)
    expect(status().textContent).toBe('Image recognition: Running…')
    // One never answered ends at the client's timeout (5 s), which the badge says, trying again.
    await tick(3_000)
    expect(status().textContent).toBe(
      'Image recognition: Running… · Trying again: The service did not answer in time',
    )
    release() // the answer comes: the action was done meanwhile (after 5 s)
    await tick(2_500)
    expect(status().textContent).toBe('Image recognition: Done')
  })

  it('counts no time in a hidden tab toward the maximum wait: asks again on return', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    // A host whose queries do not refetch on focus (a common default): only polling asks again.
    const hostClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    })
    const { Wrapper } = wrapper({ hostClient })
    render(
      <ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun polling={{ maxWait: 3_000 }} />,
      { wrapper: Wrapper },
    )
    await tick(1_500)
    setVisibility('hidden') // while hidden, the action is done (after 5 s)
    await tick(10_000)
    expect(status().textContent).toBe('Image recognition: Running…')
    setVisibility('visible')
    await tick(2_000)
    expect(status().textContent).toBe('Image recognition: Done')
  })

  it('does not say a run never answered could not start: it may have started', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    hold('post', `/api/v1/projects/demo/files/${files[0]!.id}/actions/recognize.json`)
    const { Wrapper } = wrapper({ timeout: 1_000 })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(100)
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(2_500)
    expect(screen.getByRole('alert').textContent).toBe(
      'The service did not answer in time; it may have done this all the same. Check before trying again.',
    )
  })

  it('a run the service started but never answered shows what the service has, not "Not started"', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const path = `/api/v1/projects/demo/files/${files[0]!.id}/actions/recognize.json`
    // The emulator starts the action; its answer never comes.
    server.use(
      http.post(`${baseUrl}${path}`, async ({ request }) => {
        await emulator.fetch(request)
        return new Promise<Response>(() => {})
      }),
    )
    const { Wrapper } = wrapper({ timeout: 1_000 })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(100)
    fireEvent.click(screen.getByRole('button', { name: 'Run: Image recognition' }))
    await tick(2_500)
    // Asked again: the action is running, as the service says, and no Run is offered to start it twice.
    expect(status().textContent).toBe('Image recognition: Running…')
    expect(screen.queryByRole('button', { name: 'Run: Image recognition' })).toBeNull()
  })

  it('is forbidden with a group token, without crashing', async () => {
    const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const onAuthError = vi.fn()
    const { Wrapper } = wrapper({ token: groups[0]!.accessToken, onAuthError })
    const { container } = render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, {
      wrapper: Wrapper,
    })
    await tick(50)
    // What would be allowed: the secret key, which a group's token is not.
    expect(status().textContent).toBe(
      'Image recognition: Not allowed · This needs the project’s secret key (an operator or a server-side proxy).',
    )
    expect(onAuthError).toHaveBeenCalled()
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('forbidden')
  })

  it('stays "Not allowed" while a refused check is asked again in the background', async () => {
    const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const { Wrapper, hostClient } = wrapper({ token: groups[0]!.accessToken })
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(50)
    expect(status().textContent).toMatch(/^Image recognition: Not allowed ·/)
    emulator.faults.latency(300)
    const asked = count('GET', '/actions/')
    void hostClient.invalidateQueries()
    await tick(100)
    expect(count('GET', '/actions/')).toBe(asked + 1)
    // Not "Checking…" and then "Not allowed" again, read out at every refresh.
    expect(status().textContent).toMatch(/^Image recognition: Not allowed ·/)
    await tick(400)
    expect(status().textContent).toMatch(/^Image recognition: Not allowed ·/)
    emulator.faults.latency(0)
  })

  it('spreads props on the root, merges className last, and takes a ref', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const ref = createRef<HTMLSpanElement>()
    render(
      <ActionStatusBadge
        ref={ref}
        fileId={files[0]!.id}
        type="recognize"
        className="mine"
        data-testid="badge"
        title="t"
      />,
      {
        wrapper: Wrapper,
      },
    )
    const root = screen.getByTestId('badge')
    expect(root).toBe(ref.current)
    expect(root.className).toBe('fk-badge mine')
    expect(root.getAttribute('title')).toBe('t')
  })

  it('starts the action once however often Run is pressed while it starts', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" />, { wrapper: Wrapper })
    await tick(50)
    emulator.faults.latency(300)
    const run = screen.getByRole('button', { name: 'Run: Image recognition' })
    fireEvent.click(run)
    fireEvent.click(run)
    await tick(50)
    // On its way: neither "Not started" nor a second Run.
    expect(status().textContent).toBe('Image recognition: Starting…')
    expect(screen.queryByRole('button')).toBeNull()
    await tick(1_000)
    expect(count('POST', '/actions/recognize.json')).toBe(1)
    expect(status().textContent).toBe('Image recognition: Running…')
  })

  it('says it is starting while the run autoRun sent is on its way', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    emulator.faults.latency(300)
    const { container } = render(<ActionStatusBadge fileId={files[0]!.id} type="recognize" autoRun />, {
      wrapper: Wrapper,
    })
    await tick(400) // the check's answer; the run is sent
    expect(status().textContent).toBe('Image recognition: Starting…')
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('starting')
    await tick(400)
    expect(status().textContent).toBe('Image recognition: Running…')
  })

  it('says it is starting again after a failure, not "Failed", while the new run is on its way', async () => {
    await failedModeration()
    emulator.faults.latency(300)
    fireEvent.click(screen.getByRole('button', { name: 'Run: Moderation' }))
    await tick(100)
    expect(status().textContent).toBe('Moderation: Starting…')
    await tick(400)
    expect(status().textContent).toBe('Moderation: Running…')
  })
})
