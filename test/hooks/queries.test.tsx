import {
  focusManager,
  onlineManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query'
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type ReactNode, Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  AuthError,
  createFileServiceClient,
  FileServiceProvider,
  fileQueryOptions,
  fileServiceKeys,
  groupAllFilesQueryOptions,
  NotFoundError,
  RateLimitError,
  tokenScope,
  useAction,
  useConversions,
  useFile,
  useFileService,
  useFiles,
  useGroup,
  useGroupFiles,
  useGroups,
  useSuspenseAction,
  useSuspenseConversions,
  useSuspenseFile,
  useSuspenseFiles,
  useSuspenseGroup,
  useSuspenseGroupFiles,
  useSuspenseGroups,
} from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator, wrapper } from './setup.tsx'

const { emulator, count, server, requests } = setupEmulator()

/** The window loses and gets the focus, then the network goes and comes back; each waited out. */
async function refocusAndReconnect(client: QueryClient) {
  try {
    // The client hears a focus after its paused mutations have resumed (a promise later).
    await act(async () => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await waitFor(() => expect(client.isFetching()).toBe(0))
    await act(async () => {
      onlineManager.setOnline(false)
      onlineManager.setOnline(true)
    })
    await waitFor(() => expect(client.isFetching()).toBe(0))
  } finally {
    focusManager.setFocused(undefined)
    onlineManager.setOnline(true)
  }
}

describe('query hooks against the emulator', () => {
  it("a group's every file at the page size the service answers with: the real one gives 20, whatever is asked", async () => {
    const { files } = await emulator.seed({ files: Array.from({ length: 250 }, () => ({})) })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, ({ request }) => {
        const url = new URL(request.url)
        url.searchParams.set('items', '20')
        return emulator.fetch(new Request(url, request))
      }),
    )
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => useQuery(groupAllFilesQueryOptions(useFileService(), groups[0]!.id)),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.data.map((f) => f.id)).toEqual(files.map((f) => f.id))
    expect(count('GET', '/files.json')).toBe(13)
  })

  it("a group's every file: a group saved elsewhere between its pages is an error, not a list to save", async () => {
    const { files } = await emulator.seed({ files: Array.from({ length: 41 }, () => ({})) })
    const ids = files.map((f) => f.id)
    const { groups } = await emulator.seed({ groups: [{ fileIds: ids.slice(1) }] })
    const id = groups[0]!.id
    const operator = createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey })
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, async ({ request }) => {
        const url = new URL(request.url)
        url.searchParams.set('items', '20')
        const answer = await emulator.fetch(new Request(url, request))
        // Saved elsewhere right after page 1 was read: a file put first shifts every page.
        if (url.searchParams.get('page') === '1') await operator.groups.update(id, { fileIds: ids })
        return answer
      }),
    )
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useQuery(groupAllFilesQueryOptions(useFileService(), id)), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ code: 'invalid_response' })
    // Not retried by itself (it is not the network): Try again reads it anew, whole.
    expect(count('GET', '/files.json')).toBe(2)
    await act(() => result.current.refetch())
    expect(result.current.data!.data.map((f) => f.id)).toEqual(ids)
  })

  it("a group's every file: the pages its count needs, not the pages an answer claims", async () => {
    const { files } = await emulator.seed({ files: [{}, {}] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    // A broken or hostile service claims 5000 pages: they would all be asked for at once.
    let claim = { count: 2, pages: 5000 }
    let empty = false
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, async ({ request }) => {
        const body = await (await emulator.fetch(request)).json()
        return HttpResponse.json({
          ...body,
          ...(empty && { data: [] }),
          pagination: { ...body.pagination, ...claim },
        })
      }),
    )
    const { Wrapper } = wrapper()
    const { result, rerender } = renderHook(
      ({ id }) => useQuery({ ...groupAllFilesQueryOptions(useFileService(), id), retry: false }),
      { wrapper: Wrapper, initialProps: { id: groups[0]!.id } },
    )
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(count('GET', '/files.json')).toBe(1)
    /** Another group of these files, as the answers now claim it: its error, and the GETs so far. */
    const anotherFails = async (message: string, gets: number) => {
      const { groups: next } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
      rerender({ id: next[0]!.id })
      await waitFor(() => expect(result.current.isError).toBe(true))
      expect(result.current.error).toMatchObject({ code: 'invalid_response', messages: [message] })
      expect(count('GET', '/files.json')).toBe(gets)
    }
    // It claims 5000 files on pages of 2: more than 100 pages hold, so no page more is asked
    // for, and a group that can't be read whole is an error (saved in part, the rest would go).
    claim = { count: 5000, pages: 5000 }
    await anotherFails('The group has 5000 files; at most 200 can be read as one list (100 pages of 2).', 2)
    // Its first page empty while its count says 3: no page can be read, and none more is asked
    // for (the count over pages of 1 would be 3 more, up to 100).
    claim = { count: 3, pages: 3 }
    empty = true
    await anotherFails("The group's 3 files could not be read as one list; it may have changed meanwhile.", 3)
  })

  it("a group's every file: one larger than 100 pages at the real service's 20 says so after one page, and Try again says it again", async () => {
    const { files } = await emulator.seed({
      files: Array.from({ length: 2001 }, () => ({ sample: 'blank' as const })),
    })
    const ids = files.map((f) => f.id)
    const { groups } = await emulator.seed({ groups: [{ fileIds: ids }, { fileIds: ids.slice(1) }] })
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, ({ request }) => {
        const url = new URL(request.url)
        url.searchParams.set('items', '20')
        return emulator.fetch(new Request(url, request))
      }),
    )
    const { Wrapper } = wrapper()
    const { result, rerender } = renderHook(
      ({ id }) => useQuery(groupAllFilesQueryOptions(useFileService(), id)),
      { wrapper: Wrapper, initialProps: { id: groups[0]!.id } },
    )
    await waitFor(() => expect(result.current.isError).toBe(true))
    // Not "it may have changed meanwhile" after 100 pages: it did not change, and never fits.
    expect(result.current.error).toMatchObject({
      code: 'invalid_response',
      messages: ['The group has 2001 files; at most 2000 can be read as one list (100 pages of 20).'],
    })
    expect(count('GET', '/files.json')).toBe(1)
    await act(() => result.current.refetch())
    expect(result.current.error).toMatchObject({ code: 'invalid_response' })
    expect(count('GET', '/files.json')).toBe(2)
    // 2000 fit: read whole.
    rerender({ id: groups[1]!.id })
    // 100 pages, four at a time: past waitFor's 1 s on a busy machine (seen once, React 18 job).
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 10_000 })
    expect(result.current.data!.data.map((f) => f.id)).toEqual(ids.slice(1))
    expect(count('GET', '/files.json')).toBe(102)
    // Seeding 2001 files takes seconds on a busy machine, past the 5 s default.
  }, 20_000)

  it("a group's every file: at most 4 pages on their way at once (a browser queues past 6 while their timeouts run), in order", async () => {
    const { files } = await emulator.seed({
      files: Array.from({ length: 200 }, () => ({ sample: 'blank' as const })),
    })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    let inFlight = 0
    let most = 0
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, async ({ request }) => {
        const url = new URL(request.url)
        url.searchParams.set('items', '20')
        most = Math.max(most, ++inFlight)
        try {
          // Answered out of order: later pages sooner.
          await new Promise((resolve) => setTimeout(resolve, 30 - 3 * Number(url.searchParams.get('page'))))
          return await emulator.fetch(new Request(url, request))
        } finally {
          inFlight--
        }
      }),
    )
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => useQuery(groupAllFilesQueryOptions(useFileService(), groups[0]!.id)),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data!.data.map((f) => f.id)).toEqual(files.map((f) => f.id))
    expect(count('GET', '/files.json')).toBe(10)
    expect(most).toBe(4)
  })

  it("a group's every file: a page that fails asks no more pages and aborts those on their way", async () => {
    const { files } = await emulator.seed({
      files: Array.from({ length: 200 }, () => ({ sample: 'blank' as const })),
    })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const held: Request[] = []
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get(`${baseUrl}/api/v1/projects/demo/groups/:id/files.json`, async ({ request }) => {
        const url = new URL(request.url)
        url.searchParams.set('items', '20')
        const page = url.searchParams.get('page')
        if (page === '3') {
          await new Promise((resolve) => setTimeout(resolve, 20))
          return HttpResponse.json({ errors: ['Internal error'] }, { status: 500 })
        }
        if (page !== '1') {
          held.push(request)
          await released
        }
        return emulator.fetch(new Request(url, request))
      }),
    )
    try {
      const { Wrapper } = wrapper()
      const { result } = renderHook(
        () => useQuery({ ...groupAllFilesQueryOptions(useFileService(), groups[0]!.id), retry: false }),
        { wrapper: Wrapper },
      )
      await waitFor(() => expect(result.current.isError).toBe(true))
      expect(result.current.error).toMatchObject({ status: 500, code: 'server_error' })
      // Page 1, then pages 2 to 5 at once; 3 failed: no page 6.
      expect(count('GET', '/files.json')).toBe(5)
      expect(held.map((r) => r.signal.aborted)).toEqual([true, true, true])
    } finally {
      release()
    }
  })

  it('useGroups: a page of groups with the secret key, and the next page prefetched', async () => {
    const { files } = await emulator.seed({ files: [{}, {}] })
    for (let i = 0; i < 3; i++) await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useGroups({ items: 2 }), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toMatchObject({ count: 3, page: 1, pageSize: 2, pages: 2 })
    await waitFor(() => expect(count('GET', 'groups.json')).toBe(2)) // page 2 prefetched
  })

  it("groupList(ctx) and fileList(ctx) with no params are every page: a write of the host's own refreshes page 2", async () => {
    const { files } = await emulator.seed({ files: [{}, {}, {}] })
    await emulator.seed({ groups: [0, 1, 2].map(() => ({ fileIds: [files[0]!.id] })) })
    const hostClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
    const { Wrapper } = wrapper({ hostClient })
    const { result } = renderHook(
      () => ({
        groups: useGroups({ page: 2, items: 2 }),
        files: useFiles({ page: 2, items: 2 }),
        ctx: useFileService(),
      }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.groups.data?.count).toBe(3))
    await waitFor(() => expect(result.current.files.data?.count).toBe(3))
    // Written through the client, not a Filekit mutation: the host invalidates by itself.
    const { ctx } = result.current
    await ctx.client.files.uploadFromUrl('https://example.com/d.png')
    await ctx.client.groups.create({ fileIds: [files[1]!.id] })
    await act(() => hostClient.invalidateQueries({ queryKey: fileServiceKeys.groupList(ctx) }))
    await act(() => hostClient.invalidateQueries({ queryKey: fileServiceKeys.fileList(ctx) }))
    await waitFor(() => expect(result.current.groups.data?.count).toBe(4))
    await waitFor(() => expect(result.current.files.data?.count).toBe(4))
    // With params, one page, as the factories build it.
    expect(fileServiceKeys.groupList(ctx, {})).toEqual([
      ...fileServiceKeys.groupList(ctx),
      { page: 1, items: 20 },
    ])
  })

  it('useGroupFiles keeps the previous page while the next one loads', async () => {
    const { files } = await emulator.seed({ files: [{}, {}, {}] })
    const [group] = (await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })).groups
    const { Wrapper } = wrapper({ token: group!.accessToken })
    const { result, rerender } = renderHook(({ page }) => useGroupFiles(group!.id, { page, items: 1 }), {
      wrapper: Wrapper,
      initialProps: { page: 1 },
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    emulator.faults.latency(50)
    rerender({ page: 3 }) // page 2 was prefetched; page 3 was not
    expect(result.current.data?.page).toBe(1)
    expect(result.current.isPlaceholderData).toBe(true)
    await waitFor(() => expect(result.current.data?.page).toBe(3))
    expect(result.current.data?.data.map((f) => f.id)).toEqual([files[2]!.id])
  })

  it('useGroup, useFiles, useFile and useConversions read the emulator', async () => {
    const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => ({
        group: useGroup(groups[0]!.id),
        files: useFiles(),
        file: useFile(files[0]!.id),
        conversions: useConversions(files[0]!.id),
      }),
      { wrapper: Wrapper },
    )
    await waitFor(() =>
      expect(result.current.conversions.isSuccess && result.current.file.isSuccess).toBe(true),
    )
    await waitFor(() => expect(result.current.group.data?.status).toBe('ready'))
    expect(result.current.files.data?.count).toBe(1)
    expect(result.current.file.data?.id).toBe(files[0]!.id)
    expect(result.current.conversions.data?.methodsAvailable).toContain('remove_bg')
  })

  it('a factory with `enabled` waits for an id the host does not have yet (docs/hooks.md)', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { result, rerender } = renderHook(
      ({ id }: { id?: string }) => {
        const ctx = useFileService()
        return useQuery({ ...fileQueryOptions(ctx, id ?? ''), enabled: id !== undefined }, ctx.queryClient)
      },
      { wrapper: Wrapper, initialProps: {} },
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(result.current.fetchStatus).toBe('idle')
    expect(count('GET', '/files/')).toBe(0)
    rerender({ id: files[0]!.id })
    await waitFor(() => expect(result.current.data?.id).toBe(files[0]!.id))
  })

  it('useAction gives null for an action never started, not an error', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useAction(files[0]!.id, 'recognize'), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toBeNull()
  })

  it('useAction on a file that does not exist is an error, not "never started"', async () => {
    const { Wrapper } = wrapper()
    // A wrong or stale id: a badge must say so, not offer to run the action.
    const { result } = renderHook(() => useAction('f-0000000000000000000000', 'recognize'), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(NotFoundError)
    expect(result.current.data).toBeUndefined()
  })

  it('an id of dots is refused before any request, and not retried: it would reach another endpoint', async () => {
    const { Wrapper } = wrapper()
    // `groups/../files.json` is the project's files: a group id from a URL must not reach them.
    const { result } = renderHook(() => ({ files: useGroupFiles('..'), file: useConversions('..') }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.files.isError && result.current.file.isError).toBe(true))
    expect(result.current.files.error).toBeInstanceOf(TypeError)
    expect(result.current.files.failureCount).toBe(1)
    expect(result.current.file.failureCount).toBe(1)
    expect(requests).toEqual([])
  })

  it('a token no header can carry is an error at once, not three retries of a "network error"', async () => {
    const { Wrapper } = wrapper({ token: 'sk_line\nbreak' })
    const { result } = renderHook(() => useGroups(), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toBeInstanceOf(TypeError)
    expect(result.current.failureCount).toBe(1)
    expect(requests).toEqual([])
  })

  it('errors reach the caller typed, 4xx are not retried, and 401 calls onAuthError once', async () => {
    const onAuthError = vi.fn()
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper({ token: 'gat-AAAAAAAAAAAAAAAAAAAAAA', onAuthError })
    const { result } = renderHook(() => ({ groups: useGroups(), file: useFile(files[0]!.id) }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.groups.isError && result.current.file.isError).toBe(true))
    expect(result.current.groups.error).toBeInstanceOf(AuthError)
    expect(result.current.file.error).toBeInstanceOf(AuthError)
    expect(count('GET', 'groups.json')).toBe(1)
    expect(onAuthError).toHaveBeenCalledTimes(2)
    expect(onAuthError.mock.calls[0]![0]).toBeInstanceOf(AuthError)

    const { Wrapper: Operator } = wrapper()
    // Another last character than the real id's (ids are random: it may itself end in Z).
    const id = files[0]!.id
    const missingId = `${id.slice(0, -1)}${id.endsWith('Z') ? 'Y' : 'Z'}`
    const missing = renderHook(() => useFile(missingId), { wrapper: Operator })
    await waitFor(() => expect(missing.result.current.isError).toBe(true))
    expect(missing.result.current.error).toBeInstanceOf(NotFoundError)
  })

  it('retries a 5xx and succeeds; waits Retry-After on a 429', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      emulator.faults.failNext('groups.json', { status: 503, count: 1 })
      emulator.faults.failNext('files.json', { status: 429, count: 1, retryAfter: 5 })
      const { Wrapper } = wrapper()
      const { result } = renderHook(
        () => ({ groups: useGroups({ items: 100 }), files: useFiles({ items: 100 }) }),
        {
          wrapper: Wrapper,
        },
      )
      await act(() => vi.advanceTimersByTimeAsync(100))
      expect(count('GET', 'groups.json')).toBe(1)
      await act(() => vi.advanceTimersByTimeAsync(1_000)) // backoff: 1 s after the first failure
      expect(count('GET', 'groups.json')).toBe(2)
      expect(result.current.groups.isSuccess).toBe(true)
      await act(() => vi.advanceTimersByTimeAsync(3_700))
      expect(count('GET', 'files.json')).toBe(1) // still waiting: Retry-After is 5 s
      await act(() => vi.advanceTimersByTimeAsync(300))
      expect(count('GET', 'files.json')).toBe(2)
      expect(result.current.files.isSuccess).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  // The service's clock 2 min behind the browser's: its Retry-After date is in the browser's past.
  const limitedAt = (retryIn: number, date: boolean, method: 'get' | 'post' = 'get') =>
    server.use(
      http[method](
        `${baseUrl}/api/v1/projects/demo/files.json`,
        () => {
          const serviceNow = Date.now() - 120_000
          const headers: Record<string, string> = {
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Expose-Headers': 'Retry-After, Date',
            'Retry-After': new Date(serviceNow + retryIn).toUTCString(),
          }
          if (date) headers.Date = new Date(serviceNow).toUTCString()
          return HttpResponse.json({ errors: ['Too many requests'] }, { status: 429, headers })
        },
        { once: true },
      ),
    )

  it("waits a Retry-After date by the answer's own Date, whatever the browser's clock says", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      limitedAt(30_000, true)
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => useFiles({ items: 100 }), { wrapper: Wrapper })
      await act(() => vi.advanceTimersByTimeAsync(29_000))
      expect(count('GET', 'files.json')).toBe(1) // still waiting: 30 s by the service's clock
      await act(() => vi.advanceTimersByTimeAsync(1_100))
      expect(count('GET', 'files.json')).toBe(2)
      expect(result.current.isSuccess).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it("reads an upload's Retry-After date (sent with XHR) by its Date too", async () => {
    limitedAt(30_000, true, 'post')
    const client = createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey })
    const error = await client.files.upload(new Blob(['x']), { name: 'x.txt' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(30)
  })

  it('waits the usual backoff, not nothing, for a Retry-After date already past', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    try {
      limitedAt(30_000, false) // no Date: read by the browser's clock, 90 s ago
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => useFiles({ items: 100 }), { wrapper: Wrapper })
      await act(() => vi.advanceTimersByTimeAsync(500))
      expect(count('GET', 'files.json')).toBe(1)
      await act(() => vi.advanceTimersByTimeAsync(600)) // backoff: 1 s after the first failure
      expect(count('GET', 'files.json')).toBe(2)
      expect(result.current.isSuccess).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('provider', () => {
  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useGroups())).toThrow(/FileServiceProvider/)
    vi.restoreAllMocks()
  })

  it("uses the host's QueryClient and leaves the host's own queries alone", async () => {
    const hostClient = newQueryClient()
    hostClient.setQueryData(['host', 'profile'], { name: 'Ada' })
    const { Wrapper } = wrapper({ hostClient })
    const { result } = renderHook(
      () => ({
        groups: useGroups(),
        host: useQuery({
          queryKey: ['host', 'profile'],
          queryFn: () => ({ name: 'x' }),
          staleTime: Infinity,
        }),
        ctx: useFileService(),
      }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true))
    expect(result.current.ctx.queryClient).toBe(hostClient)
    expect(hostClient.getQueryData(fileServiceKeys.groupList(result.current.ctx, {}))).toEqual(
      result.current.groups.data,
    )
    expect(result.current.host.data).toEqual({ name: 'Ada' })
  })

  it('a queryClient prop is used for Filekit only; the host keeps its own', async () => {
    const own = newQueryClient()
    const { Wrapper, hostClient } = wrapper({ queryClient: own })
    const { result } = renderHook(() => ({ groups: useGroups(), ctx: useFileService() }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.groups.isSuccess).toBe(true))
    expect(result.current.ctx.queryClient).toBe(own)
    expect(hostClient.getQueryCache().getAll()).toHaveLength(0)
    expect(own.getQueryCache().getAll().length).toBeGreaterThan(0)
  })

  it('without a host QueryClient its own client is mounted: offline pauses, back online resumes', async () => {
    await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    // Read in render: a result's property read only later is not tracked (TanStack's tracked props).
    const { result } = renderHook(() => ({ ...useGroups() }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={secretKey}>
          {children}
        </FileServiceProvider>
      ),
    })
    await waitFor(() => expect(result.current.data?.count).toBe(1))
    await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    try {
      // A mounted QueryClient hears the window's offline and online events (TanStack's
      // onlineManager); an unmounted one never pauses, and never resumes what paused.
      act(() => void window.dispatchEvent(new Event('offline')))
      act(() => void result.current.refetch())
      await waitFor(() => expect(result.current.fetchStatus).toBe('paused'))
      expect(result.current.data?.count).toBe(1)
      act(() => void window.dispatchEvent(new Event('online')))
      await waitFor(() => expect(result.current.data?.count).toBe(2))
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('a refused query is not asked again at window focus or reconnect, only when the host asks', async () => {
    const onAuthError = vi.fn()
    const { Wrapper, hostClient } = wrapper({ token: 'gat-AAAAAAAAAAAAAAAAAAAAAA', onAuthError })
    const { result } = renderHook(() => ({ groups: useGroups(), ctx: useFileService() }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.groups.error).toBeInstanceOf(AuthError))
    await refocusAndReconnect(hostClient)
    expect(count('GET', 'groups.json')).toBe(1)
    expect(onAuthError).toHaveBeenCalledOnce()
    // Asked on purpose ("Try again", or after renewing a token function), it asks.
    await act(() => result.current.groups.refetch())
    expect(count('GET', 'groups.json')).toBe(2)
    await act(() => hostClient.invalidateQueries({ queryKey: fileServiceKeys.all(result.current.ctx) }))
    expect(count('GET', 'groups.json')).toBe(3)
    expect(onAuthError).toHaveBeenCalledTimes(3)
  })

  it('a group not found (deleted) is not asked again at window focus or reconnect, only when the host asks', async () => {
    const { Wrapper, hostClient } = wrapper()
    const { result } = renderHook(() => useGroup('g-gone'), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.error).toBeInstanceOf(NotFoundError))
    await refocusAndReconnect(hostClient)
    expect(count('GET', 'groups/g-gone.json')).toBe(1)
    await act(() => result.current.refetch())
    expect(count('GET', 'groups/g-gone.json')).toBe(2)
  })

  it.each([
    [
      "the host QueryClient's defaults",
      () =>
        new QueryClient({
          defaultOptions: {
            queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
          },
        }),
    ],
    [
      "setQueryDefaults for Filekit's keys",
      () => {
        const client = newQueryClient()
        client.setQueryDefaults(fileServiceKeys.all({ projectId: 'demo', scope: tokenScope(secretKey) }), {
          refetchOnWindowFocus: false,
          refetchOnReconnect: false,
        })
        return client
      },
    ],
  ])(
    'follows refetchOnWindowFocus and refetchOnReconnect: false set with %s, as a query of its own would',
    async (_, makeClient) => {
      const hostClient = makeClient()
      const { Wrapper } = wrapper({ hostClient })
      const { result } = renderHook(() => useGroups(), { wrapper: Wrapper })
      await waitFor(() => expect(result.current.isSuccess).toBe(true))
      // Made stale: with the default, a focus would ask again.
      await act(() => hostClient.invalidateQueries({ refetchType: 'none' }))
      await refocusAndReconnect(hostClient)
      expect(count('GET', 'groups.json')).toBe(1)
    },
  )

  it('a renewed token (a token function) is used once the host asks again (docs/hooks.md)', async () => {
    await emulator.seed({ files: [{}] })
    const hostClient = newQueryClient()
    let token = 'expired'
    const { result } = renderHook(() => ({ files: useFiles(), ctx: useFileService() }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={hostClient}>
          <FileServiceProvider
            baseUrl={baseUrl}
            projectId="demo"
            token={() => token}
            tokenScope="user-1"
            onAuthError={() => {
              token = secretKey // the host renews its session
            }}
          >
            {children}
          </FileServiceProvider>
        </QueryClientProvider>
      ),
    })
    await waitFor(() => expect(result.current.files.error).toBeInstanceOf(AuthError))
    await act(() => hostClient.invalidateQueries({ queryKey: fileServiceKeys.all(result.current.ctx) }))
    await waitFor(() => expect(result.current.files.data?.count).toBe(1))
  })

  it('the scope names the token kind and a hash, never the token', async () => {
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useFileService(), { wrapper: Wrapper })
    expect(result.current.scope).toMatch(/^secret:[0-9a-f]{8}$/)
    expect(JSON.stringify(fileServiceKeys.all(result.current))).not.toContain(secretKey)
  })

  it('switching tokens shows no data from the old one and drops its cache', async () => {
    const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const hostClient = newQueryClient()
    const onAuthError = vi.fn()
    let token = secretKey
    const { result, rerender } = renderHook(() => ({ groups: useGroups(), ctx: useFileService() }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={hostClient}>
          <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={token} onAuthError={onAuthError}>
            {children}
          </FileServiceProvider>
        </QueryClientProvider>
      ),
    })
    await waitFor(() => expect(result.current.groups.data?.count).toBe(1))
    const secretScope = result.current.ctx.scope
    // Same provider, another token: another scope, with its own client (each sends only its
    // own scope's token).
    const client = result.current.ctx.client
    token = groups[0]!.accessToken
    rerender()
    expect(result.current.ctx.scope).toMatch(/^group:[0-9a-f]{8}$/)
    expect(result.current.ctx.client).not.toBe(client)
    expect(result.current.groups.data).toBeUndefined() // nothing from the secret key's cache
    await waitFor(() => expect(result.current.groups.error).toBeInstanceOf(AuthError))
    expect(onAuthError).toHaveBeenCalledTimes(1)
    expect(hostClient.getQueryCache().findAll({ queryKey: ['filekit', 'demo', secretScope] })).toHaveLength(0)
  })
})

describe('suspense variants', () => {
  it('suspend until the data is there, from the same options', async () => {
    const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const { Wrapper } = wrapper()
    function Group() {
      const { data } = useSuspenseGroup(groups[0]!.id)
      const files = useSuspenseGroupFiles(groups[0]!.id)
      return (
        <p>
          {data.id} has {files.data.count} file
        </p>
      )
    }
    render(
      <Wrapper>
        <Suspense fallback={<p>Loading…</p>}>
          <Group />
        </Suspense>
      </Wrapper>,
    )
    expect(screen.getByText('Loading…')).toBeDefined()
    expect(await screen.findByText(`${groups[0]!.id} has 1 file`)).toBeDefined()
  })

  it('every suspense variant gives the data of its hook', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }], groups: [{ files: [0] }] })
    const id = files[0]!.id
    const { Wrapper } = wrapper()
    function All() {
      const groups = useSuspenseGroups()
      const list = useSuspenseFiles()
      const file = useSuspenseFile(id)
      const action = useSuspenseAction(id, 'moderate')
      const conversions = useSuspenseConversions(id)
      return (
        <p>
          {groups.data.count} group, {list.data.count} file, {file.data.originalName},{' '}
          {action.data === null ? 'never moderated' : action.data.status},{' '}
          {conversions.data.methodsAvailable.join(' ')}
        </p>
      )
    }
    render(
      <Wrapper>
        <Suspense fallback={<p>Loading…</p>}>
          <All />
        </Suspense>
      </Wrapper>,
    )
    expect(await screen.findByText('1 group, 1 file, a.png, never moderated, image remove_bg')).toBeDefined()
  })
})
