// What is asked again when the tab comes back or the network returns.
import { focusManager, onlineManager, QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import {
  createFileServiceClient,
  fileQueryOptions,
  fileServiceKeys,
  filesQueryOptions,
  tokenScope,
  useAction,
  useGroupFiles,
  useGroups,
} from '../../src/index.ts'
import { baseUrl, secretKey, setupEmulator, wrapper } from './setup.tsx'

const { emulator, count } = setupEmulator({ delays: { action: 0 } })
const operator = createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey })
afterEach(() => {
  focusManager.setFocused(undefined)
  onlineManager.setOnline(true)
})
const backToTheTab = () =>
  act(() => {
    focusManager.setFocused(false)
    focusManager.setFocused(true)
  })

it('a done action is not asked for again when the tab is shown or the network is back; one not started, or failed, is', async () => {
  const { files } = await emulator.seed({ files: [{}, {}, {}] })
  const [done, fresh, failed] = files.map((f) => f.id) as [string, string, string]
  await operator.actions.run(done, 'virus_scan')
  emulator.faults.failActions(failed)
  await operator.actions.run(failed, 'virus_scan')
  const { Wrapper } = wrapper()
  const { result } = renderHook(
    () => ({
      done: useAction(done, 'virus_scan'),
      fresh: useAction(fresh, 'virus_scan'),
      failed: useAction(failed, 'virus_scan'),
    }),
    { wrapper: Wrapper },
  )
  await waitFor(() => expect(result.current.done.data?.status).toBe('ready'))
  await waitFor(() => expect(result.current.fresh.isSuccess).toBe(true))
  await waitFor(() => expect(result.current.failed.data?.status).toBe('error'))
  expect(result.current.fresh.data).toBeNull() // never run: another tab may start it
  // A failed one runs again when started again, maybe from another tab.
  const asked = () => [done, fresh, failed].map((id) => count('GET', `${id}/actions`))
  expect(asked()).toEqual([1, 1, 1])
  backToTheTab()
  await waitFor(() => expect(asked()).toEqual([1, 2, 2]))
  act(() => {
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
  })
  await waitFor(() => expect(asked()).toEqual([1, 3, 3]))
  // Asked for on purpose, it is asked again.
  await act(() => result.current.done.refetch())
  expect(asked()).toEqual([2, 3, 3])
})

it.each([
  [
    "the host's client",
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } }),
  ],
  [
    // The TanStack way to give only Filekit's queries a staleTime (after server rendering, say).
    "the host's setQueryDefaults for Filekit's keys",
    () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      client.setQueryDefaults(fileServiceKeys.all({ projectId: 'demo', scope: tokenScope(secretKey) }), {
        staleTime: 60_000,
      })
      return client
    },
  ],
])('an action not done is as fresh as %s says', async (_, makeClient) => {
  const { files } = await emulator.seed({ files: [{}] })
  const { Wrapper } = wrapper({ hostClient: makeClient() })
  const { result } = renderHook(() => useAction(files[0]!.id, 'virus_scan'), { wrapper: Wrapper })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  backToTheTab()
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(count('GET', '/actions')).toBe(1)
})

it('a page fetched a moment ago (the next one, prefetched) is shown without asking again; an older one is asked at focus', async () => {
  const { files } = await emulator.seed({ files: Array.from({ length: 45 }, () => ({})) })
  const { groups } = await emulator.seed({
    groups: Array.from({ length: 45 }, () => ({ fileIds: files.map((f) => f.id) })),
  })
  // The clock stands still: every page is as old as it was when fetched.
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    const { Wrapper, hostClient } = wrapper()
    const { result, rerender } = renderHook(
      ({ page }) => ({ groups: useGroups({ page }), files: useGroupFiles(groups[0]!.id, { page }) }),
      { wrapper: Wrapper, initialProps: { page: 1 } },
    )
    const asked = () => [count('GET', '/groups.json'), count('GET', '/files.json')]
    await waitFor(() => expect(asked()).toEqual([2, 2])) // each with its next page
    rerender({ page: 2 })
    await waitFor(() => expect(result.current.groups.data?.page).toBe(2))
    await waitFor(() => expect(asked()).toEqual([3, 3])) // page 3 ahead, not page 2 again
    rerender({ page: 1 })
    await waitFor(() => expect(hostClient.isFetching()).toBe(0))
    expect(result.current.files.data?.page).toBe(1)
    expect(asked()).toEqual([3, 3])
    vi.setSystemTime(Date.now() + 6_000)
    backToTheTab()
    await waitFor(() => expect(asked()).toEqual([4, 4]))
  } finally {
    vi.useRealTimers()
  }
})

it("a page is as fresh as the host's staleTime says, when it sets one", async () => {
  await emulator.seed({ groups: [] })
  const hostClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } })
  const { Wrapper } = wrapper({ hostClient })
  const { result } = renderHook(() => useGroups(), { wrapper: Wrapper })
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  backToTheTab()
  await waitFor(() => expect(count('GET', '/groups.json')).toBe(2))
})

it('a final row patched into a page leaves a page a write made stale still stale', async () => {
  const { files } = await emulator.seed({ files: [{}] })
  const ctx = {
    client: operator,
    projectId: 'demo',
    scope: tokenScope(secretKey),
    queryClient: new QueryClient(),
  }
  const page = filesQueryOptions(ctx, { page: 1, items: 20 })
  await ctx.queryClient.fetchQuery(page)
  // The page as it was while the file was being processed, then made stale by a write.
  ctx.queryClient.setQueryData(
    page.queryKey,
    (old) => old && { ...old, data: [{ ...old.data[0]!, status: 'pending' }] },
  )
  await ctx.queryClient.invalidateQueries({ queryKey: page.queryKey, refetchType: 'none' })
  // The file read at its final status: its row agrees, and the page is still to be asked again.
  await ctx.queryClient.fetchQuery(fileQueryOptions(ctx, files[0]!.id))
  expect(ctx.queryClient.getQueryData(page.queryKey)?.data[0]?.status).toBe('ready')
  expect(ctx.queryClient.getQueryState(page.queryKey)?.isInvalidated).toBe(true)
})
