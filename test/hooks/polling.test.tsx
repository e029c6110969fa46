import { QueryClient } from '@tanstack/react-query'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type Action,
  AuthError,
  fileServiceKeys,
  useAction,
  useCreateGroup,
  useFile,
  useFileService,
  useFiles,
  useGroup,
  useGroups,
  usePollingTimeout,
  useRunAction,
} from '../../src/index.ts'
import { secretKey, setupEmulator, wrapper } from './setup.tsx'

// Actions take a minute on this emulator, so the backoff schedule is visible. Its clock is the
// (faked) Date.now, less `serviceBehind`: a test that sets the user's clock leaves the service's.
let serviceBehind = 0
const { emulator, requests, count, hold } = setupEmulator({
  delays: { action: 60_000, conversion: 5_000 },
  clock: () => Date.now() - serviceBehind,
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  serviceBehind = 0
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
})

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const actionGets = () =>
  requests.filter((r) => r.method === 'GET' && r.path.endsWith('/actions/recognize.json'))

async function startedAction() {
  const { files } = await emulator.seed({ files: [{}] })
  const fileId = files[0]!.id
  await emulator.fetch(
    new Request(`http://x/api/v1/projects/demo/files/${fileId}/actions/recognize.json`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}` },
    }),
  )
  return fileId
}

/** Starts a conversion of a new file; returns the converted file's id (pending for 5 s here). */
async function convertedFile() {
  const { files } = await emulator.seed({ files: [{}] })
  const answer = await emulator.fetch(
    new Request(`http://x/api/v1/projects/demo/files/${files[0]!.id}/conversions/image.json`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'recipe=/-/format/webp/',
    }),
  )
  return (await answer.json()).data.id as string
}

describe('polling', () => {
  it('backs off 1 s × 1.5 up to 10 s while pending', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    renderHook(() => useAction(fileId, 'recognize', { maxWait: 10 * 60_000 }), { wrapper: Wrapper })
    await tick(55_000)
    const at = actionGets().map((r) => r.at)
    const gaps = at.slice(1).map((t, i) => t - at[i]!)
    expect(gaps.slice(0, 8)).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 10000, 10000])
  })

  it('stops at a final status', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useAction(fileId, 'recognize'), { wrapper: Wrapper })
    await tick(80_000)
    expect(result.current.data?.status).toBe('ready')
    expect(result.current.data?.result?.data.Labels.length).toBeGreaterThan(0)
    const polls = actionGets().length
    await tick(60_000)
    expect(actionGets().length).toBe(polls)
  })

  it('stops after a refusal that asking again cannot mend (a revoked token), calling onAuthError once', async () => {
    const fileId = await startedAction()
    const onAuthError = vi.fn()
    const { Wrapper } = wrapper({ onAuthError })
    const { result } = renderHook(() => useAction(fileId, 'recognize'), { wrapper: Wrapper })
    await tick(3_000)
    expect(result.current.data?.status).toBe('pending')
    emulator.faults.failNext(/GET .*\/actions\/recognize\.json/, { status: 401, count: 1000 })
    await tick(60_000)
    expect(onAuthError.mock.calls[0]![0]).toBeInstanceOf(AuthError)
    expect(onAuthError).toHaveBeenCalledTimes(1)
    const polls = actionGets().length
    await tick(60_000)
    expect(actionGets().length).toBe(polls)
  })

  it('keeps polling an unknown status: it is never taken for success', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ action: useAction(fileId, 'recognize'), ctx: useFileService() }), {
      wrapper: Wrapper,
    })
    await tick(100)
    const key = fileServiceKeys.action(result.current.ctx, fileId, 'recognize')
    // Through a typed value: TanStack's setQueryData refuses an object literal for data that may be null.
    const queued: Action<'recognize'> = { ...result.current.action.data!, status: 'queued_somewhere' }
    act(() => {
      result.current.ctx.queryClient.setQueryData(key, queued)
    })
    const before = actionGets().length
    await tick(3_000)
    expect(actionGets().length).toBeGreaterThan(before)
  })

  it('stops when the last watcher unmounts', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { unmount } = renderHook(() => useAction(fileId, 'recognize'), { wrapper: Wrapper })
    await tick(3_000)
    const polls = actionGets().length
    expect(polls).toBeGreaterThan(1)
    unmount()
    await tick(30_000)
    expect(actionGets().length).toBe(polls)
  })

  it('makes no requests while the tab is hidden', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    renderHook(() => useAction(fileId, 'recognize'), { wrapper: Wrapper })
    await tick(3_000)
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    const polls = actionGets().length
    await tick(40_000)
    expect(actionGets().length).toBe(polls)
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    await tick(100)
    expect(actionGets().length).toBeGreaterThan(polls) // back in view: refreshed at once
  })

  it('fifty watchers of one action cost one request per tick', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    function Badge() {
      return <span>{useAction(fileId, 'recognize').data?.status}</span>
    }
    render(
      <Wrapper>
        {Array.from({ length: 50 }, (_, i) => `badge-${i}`).map((id) => (
          <Badge key={id} />
        ))}
      </Wrapper>,
    )
    await tick(20_000)
    const at = actionGets().map((r) => r.at)
    // The same schedule as one watcher: 1 initial fetch + polls at 1, 2.5, 4.75, 8.125, 13.19 s.
    expect(at.length).toBe(6)
    expect(new Set(at).size).toBe(at.length)
  })

  it('times out after maxWait, says so, and restarts on request', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => {
        const ctx = useFileService()
        return {
          action: useAction(fileId, 'recognize', { maxWait: 20_000 }),
          timeout: usePollingTimeout(fileServiceKeys.action(ctx, fileId, 'recognize'), 20_000),
        }
      },
      { wrapper: Wrapper },
    )
    await tick(19_000)
    expect(result.current.timeout.timedOut).toBe(false)
    await tick(2_000)
    expect(result.current.timeout.timedOut).toBe(true)
    expect(result.current.action.data?.status).toBe('pending')
    const polls = actionGets().length
    await tick(30_000)
    expect(actionGets().length).toBe(polls) // gave up
    act(() => result.current.timeout.restart())
    await tick(100)
    expect(result.current.timeout.timedOut).toBe(false)
    await tick(30_000)
    expect(actionGets().length).toBeGreaterThan(polls + 2)
    expect(result.current.action.data?.status).toBe('ready') // 60 s after it started
  })

  /** An action polled with maxWait 20 s (polls at 1, 2.5, 4.75, 8.1, 13.2 and 20 s), and its timeout. */
  function polledAction(fileId: string, Wrapper: ReturnType<typeof wrapper>['Wrapper'], maxWait = 20_000) {
    return renderHook(
      () => {
        const ctx = useFileService()
        return {
          action: useAction(fileId, 'recognize', { maxWait }),
          timeout: usePollingTimeout(fileServiceKeys.action(ctx, fileId, 'recognize'), maxWait),
        }
      },
      { wrapper: Wrapper },
    )
  }
  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
  }

  it('counts only time spent polling toward maxWait: not the time the tab was hidden', async () => {
    const fileId = await startedAction()
    // A host whose queries do not refetch on focus (a common default): only polling asks again.
    const hostClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    })
    const { Wrapper } = wrapper({ hostClient })
    const { result } = polledAction(fileId, Wrapper)
    await tick(3_000)
    setVisibility('hidden')
    const polls = actionGets().length
    await tick(25_000) // past maxWait of wall time, with no poll (the action takes 60 s)
    expect(actionGets().length).toBe(polls)
    setVisibility('visible')
    await tick(10_000)
    // Polling goes on where it was (17.5 s of its 20 s left), not "still processing" unasked.
    expect(result.current.timeout.timedOut).toBe(false)
    expect(actionGets().length).toBeGreaterThan(polls + 1)
    await tick(10_000)
    expect(result.current.timeout.timedOut).toBe(true)
    expect(result.current.action.data?.status).toBe('pending')
  })

  it('counts only time spent polling toward maxWait: not the time no component watched', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const first = polledAction(fileId, Wrapper)
    await tick(3_000)
    first.unmount() // the user is on another page
    await tick(25_000)
    const polls = actionGets().length
    const { result } = polledAction(fileId, Wrapper) // back on the page
    await tick(10_000)
    expect(result.current.timeout.timedOut).toBe(false)
    expect(actionGets().length).toBeGreaterThan(polls + 1)
    await tick(10_000)
    expect(result.current.timeout.timedOut).toBe(true)
  })

  it('a computer asleep, or the clock set forward, does not count toward maxWait', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = polledAction(fileId, Wrapper)
    await tick(3_000)
    // An hour on the user's clock (asleep: timers wait; or set forward), none on the service's.
    serviceBehind += 3_600_000
    vi.setSystemTime(Date.now() + 3_600_000)
    await tick(10_000)
    expect(result.current.timeout.timedOut).toBe(false)
    expect(result.current.action.data?.status).toBe('pending')
    await tick(10_000)
    expect(result.current.timeout.timedOut).toBe(true)
  })

  it('the clock set back polls no longer than maxWait', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = polledAction(fileId, Wrapper)
    await tick(3_000)
    serviceBehind -= 3_600_000
    vi.setSystemTime(Date.now() - 3_600_000)
    await tick(20_000)
    expect(result.current.timeout.timedOut).toBe(true)
    const polls = actionGets().length
    await tick(60_000)
    expect(actionGets().length).toBe(polls)
  })

  it('waits for the answer of the last poll before timing out: it may be final', async () => {
    const fileId = await startedAction()
    const { Wrapper } = wrapper()
    const { result } = polledAction(fileId, Wrapper)
    await tick(15_000)
    // The last poll, due at 20 s, is slow to answer (a network waking up).
    const release = hold('get', `/api/v1/projects/demo/files/${fileId}/actions/recognize.json`)
    await tick(8_000)
    expect(result.current.timeout.timedOut).toBe(false)
    release()
    await tick(100)
    expect(result.current.timeout.timedOut).toBe(true) // answered: still pending
  })

  it('polls on with a maxWait past what a timer can wait, without a timer overflow warning', async () => {
    vi.useRealTimers()
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      for (const maxWait of [Number.POSITIVE_INFINITY, 30 * 24 * 3_600_000]) {
        const fileId = await startedAction()
        const { Wrapper } = wrapper()
        const { result, unmount } = polledAction(fileId, Wrapper, maxWait)
        await waitFor(() => expect(result.current.action.data?.status).toBe('pending'))
        await act(() => new Promise((resolve) => setTimeout(resolve, 50))) // warnings come a tick later
        expect(result.current.timeout.timedOut).toBe(false)
        unmount()
      }
      expect(warnings).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('useRunAction seeds the action so watchers start polling at once', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const fileId = files[0]!.id
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ watch: useAction(fileId, 'recognize'), run: useRunAction() }), {
      wrapper: Wrapper,
    })
    await tick(100)
    expect(result.current.watch.data).toBeNull() // not started
    await act(() => result.current.run.mutateAsync({ fileId, type: 'recognize' }))
    await tick(0) // TanStack notifies observers on a 0 ms timer
    expect(result.current.watch.data?.status).toBe('pending')
    const before = actionGets().length
    await tick(1_100)
    expect(actionGets().length).toBe(before + 1)
    expect(count('POST', '/actions/recognize.json')).toBe(1)
  })

  it('useFile follows a converted file from pending to ready', async () => {
    const converted = await convertedFile()
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useFile(converted), { wrapper: Wrapper })
    await tick(100)
    expect(result.current.data?.status).toBe('pending')
    await tick(10_000)
    expect(result.current.data?.status).toBe('ready')
    expect(result.current.data?.mime?.mime).toBe('image/webp')
  })

  it('useFiles refreshes a page while a file on it is pending, and stops once every row is final', async () => {
    const converted = await convertedFile()
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useFiles(), { wrapper: Wrapper })
    const row = () => result.current.data?.data.find((f) => f.id === converted)
    await tick(100)
    expect(row()?.status).toBe('pending')
    await tick(10_000)
    expect(row()?.status).toBe('ready')
    const lists = count('GET', '/files.json')
    // Polled on the shared schedule (1 s, 2.5 s, 4.75 s, 8.1 s after the first answer), not more.
    expect(lists).toBe(5)
    await tick(60_000)
    expect(count('GET', '/files.json')).toBe(lists)
  })

  // A list polled once a minute: what it shows before then came without a request of its own.
  const slowly = { initialInterval: 60_000, maxInterval: 60_000 }

  it('a file read at its final status is that row in every cached page at once, with no request', async () => {
    const converted = await convertedFile()
    const { Wrapper } = wrapper()
    // The list polls slowly; the file more often (a RecipeBuilder following its conversion).
    const { result } = renderHook(() => ({ list: useFiles({}, slowly), file: useFile(converted) }), {
      wrapper: Wrapper,
    })
    const row = () => result.current.list.data?.data.find((f) => f.id === converted)
    await tick(100)
    expect(row()?.status).toBe('pending')
    await tick(10_000)
    expect(result.current.file.data?.status).toBe('ready')
    expect(row()).toEqual(result.current.file.data)
    expect(count('GET', '/files.json')).toBe(1)
    // Every row final: the page stops polling.
    await tick(120_000)
    expect(count('GET', '/files.json')).toBe(1)
  })

  it('a group read at its final status is that row in the cached list pages', async () => {
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ list: useGroups({}, slowly), create: useCreateGroup() }), {
      wrapper: Wrapper,
    })
    await tick(100)
    const { files } = await emulator.seed({ files: [{}] })
    let id = ''
    await act(async () => {
      id = (await result.current.create.mutateAsync({ fileIds: [files[0]!.id] })).id
    })
    await tick(100)
    expect(result.current.list.data?.data[0]?.status).toBe('pending')
    const lists = count('GET', '/groups.json')
    const { result: group } = renderHook(() => useGroup(id), { wrapper: Wrapper })
    await tick(2_000)
    expect(group.current.data?.status).toBe('ready')
    expect(result.current.list.data?.data[0]).toEqual(group.current.data)
    expect(count('GET', '/groups.json')).toBe(lists)
  })

  it('a page whose rows are all final is fetched once', async () => {
    await emulator.seed({ files: [{}, {}], groups: [{ files: [0] }] })
    const { Wrapper } = wrapper()
    renderHook(() => ({ files: useFiles(), groups: useGroups() }), { wrapper: Wrapper })
    await tick(60_000)
    expect(count('GET', '/files.json')).toBe(1)
    expect(count('GET', '/groups.json')).toBe(1)
  })

  it('useGroups follows a new group from pending to ready', async () => {
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ groups: useGroups(), create: useCreateGroup() }), {
      wrapper: Wrapper,
    })
    await tick(100)
    expect(result.current.groups.data?.count).toBe(0)
    const { files } = await emulator.seed({ files: [{}] })
    await act(() => result.current.create.mutateAsync({ fileIds: [files[0]!.id] }))
    await tick(100) // the mutation invalidates the list
    expect(result.current.groups.data?.data[0]?.status).toBe('pending')
    await tick(2_000)
    expect(result.current.groups.data?.data[0]?.status).toBe('ready')
  })
})
