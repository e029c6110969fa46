import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  createFileServiceClient,
  type FileResource,
  FileServiceProvider,
  fileServiceKeys,
  NotFoundError,
  useAction,
  useConvert,
  useCreateGroup,
  useDeleteGroup,
  useFile,
  useFileService,
  useFiles,
  useGroup,
  useGroupFiles,
  useGroups,
  useRunAction,
  useUpdateGroup,
  useUploadFile,
  ValidationError,
} from '../../src/index.ts'
import { subjectPng } from '../../src/testing/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator, wrapper } from './setup.tsx'

const { emulator, count, server, hold } = setupEmulator({ delays: { group: 50 } })
const ids = (files: FileResource[] | undefined) => files?.map((f) => f.id)

async function groupOfThree() {
  const { files, groups } = await emulator.seed({ files: [{}, {}, {}], groups: [{ files: [0, 1, 2] }] })
  return { fileIds: files.map((f) => f.id), group: groups[0]! }
}

describe('mutation hooks', () => {
  it('useUpdateGroup: a rollback after the token changed puts nothing back under the old token', async () => {
    const { fileIds, group } = await groupOfThree()
    const hostClient = newQueryClient()
    let token = group.accessToken!
    const { result, rerender } = renderHook(
      () => ({ files: useGroupFiles(group.id), update: useUpdateGroup(), ctx: useFileService() }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={hostClient}>
            <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={token}>
              {children}
            </FileServiceProvider>
          </QueryClientProvider>
        ),
      },
    )
    await waitFor(() => expect(result.current.files.isSuccess).toBe(true))
    const oldScope = result.current.ctx.scope
    emulator.faults.latency(150)
    emulator.faults.failNext(/PUT .*\/groups\//, { status: 422 })
    act(() => result.current.update.mutate({ id: group.id, fileIds: fileIds.slice(1) }))
    await new Promise((resolve) => setTimeout(resolve, 30)) // optimistic write done, PUT on its way
    token = secretKey // another user, say: the old token's data is dropped
    rerender()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(hostClient.getQueryCache().findAll({ queryKey: ['filekit', 'demo', oldScope] })).toEqual([])
  })

  it('useUpdateGroup: a failed edit does not roll back over a later one still on its way', async () => {
    const { fileIds, group } = await groupOfThree()
    const [a, b, c] = fileIds as [string, string, string]
    // A fourth file, known to the cache, then removed from the project: the service refuses it.
    const { files } = await emulator.seed({ files: [{}] })
    const d = files[0]!.id
    // Both PUTs go to the emulator, held on the way: the first 100 ms, the second 400 ms.
    let puts = 0
    server.use(
      http.put(`${baseUrl}/api/v1/projects/demo/groups/:id`, async ({ request }) => {
        await delay(++puts === 1 ? 100 : 400)
        return emulator.fetch(request)
      }),
    )
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => ({ files: useGroupFiles(group.id), all: useFiles(), update: useUpdateGroup() }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual([a, b, c]))
    await waitFor(() => expect(result.current.all.data?.count).toBe(4))
    await createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey }).files.delete(d)
    act(() => result.current.update.mutate({ id: group.id, fileIds: [b, a, c, d] }))
    await new Promise((resolve) => setTimeout(resolve, 30))
    act(() => result.current.update.mutate({ id: group.id, fileIds: [c, b, a] }))
    await new Promise((resolve) => setTimeout(resolve, 200)) // the first refused, the second on its way
    expect(ids(result.current.files.data?.data)).toEqual([c, b, a])
    await waitFor(() => expect(result.current.update.isSuccess).toBe(true))
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual([c, b, a]))
  })

  it("useUpdateGroup: a failed edit rolls back while another group's edit is on its way", async () => {
    const { files, groups } = await emulator.seed({
      files: [{}, {}, {}, {}],
      groups: [{ files: [0, 1] }, { files: [2, 3] }],
    })
    const [a, b, c, d] = files.map((f) => f.id) as [string, string, string, string]
    const [A, B] = groups as [(typeof groups)[0], (typeof groups)[0]]
    // Group B's save is held until A's has been refused.
    let releaseB = () => {}
    const heldB = new Promise<void>((resolve) => {
      releaseB = resolve
    })
    server.use(
      http.put(`${baseUrl}/api/v1/projects/demo/groups/:id`, async ({ request, params }) => {
        if (params.id !== `${B.id}.json`) return Response.json({ errors: ['Busy'] }, { status: 503 })
        await heldB
        return emulator.fetch(request)
      }),
    )
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => ({
        filesA: useGroupFiles(A.id),
        groupA: useGroup(A.id),
        filesB: useGroupFiles(B.id),
        updateA: useUpdateGroup(),
        updateB: useUpdateGroup(),
      }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(ids(result.current.filesA.data?.data)).toEqual([a, b]))
    await waitFor(() => expect(ids(result.current.filesB.data?.data)).toEqual([c, d]))
    await waitFor(() => expect(result.current.groupA.data?.status).toBe('ready'))
    act(() => result.current.updateB.mutate({ id: B.id, fileIds: [d, c] }))
    act(() => result.current.updateA.mutate({ id: A.id, fileIds: [b, a] }))
    await waitFor(() => expect(result.current.updateA.isError).toBe(true))
    // Refused: group A is back as the server has it, while B's edit still shows.
    expect(ids(result.current.filesA.data?.data)).toEqual([a, b])
    expect(result.current.groupA.data?.status).toBe('ready')
    expect(ids(result.current.filesB.data?.data)).toEqual([d, c])
    releaseB()
    await waitFor(() => expect(result.current.updateB.isSuccess).toBe(true))
    await waitFor(() => expect(ids(result.current.filesB.data?.data)).toEqual([d, c]))
    expect(ids(result.current.filesA.data?.data)).toEqual([a, b])
  })

  it('never retries a write, whatever the host client retries by default', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    // A host whose own mutations retry: Filekit's must not, as a retry could repeat a write
    // that reached the service (a second group, a second upload).
    const hostClient = new QueryClient({ defaultOptions: { mutations: { retry: 2, retryDelay: 0 } } })
    const { Wrapper } = wrapper({ hostClient })
    const { result } = renderHook(() => ({ create: useCreateGroup(), upload: useUploadFile() }), {
      wrapper: Wrapper,
    })
    emulator.faults.failNext(/POST .*\/groups\.json/, { status: 500, count: 3 })
    emulator.faults.failNext(/POST .*\/files\.json/, { status: 500, count: 3 })
    await act(() => result.current.create.mutateAsync({ fileIds: [files[0]!.id] }).catch(() => {}))
    await act(() => result.current.upload.mutateAsync({ file: new Blob(['x']) }).catch(() => {}))
    expect(count('POST', '/groups.json')).toBe(1)
    expect(count('POST', '/files.json')).toBe(1)
  })

  it('useCreateGroup without a token returns the group with its access token and refreshes lists', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper({ token: undefined })
    const { result } = renderHook(() => useCreateGroup(), { wrapper: Wrapper })
    const group = await act(() => result.current.mutateAsync({ fileIds: [files[0]!.id] }))
    expect(group.accessToken).toMatch(/^gat-/)
    expect(group.status).toBe('pending')
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
  })

  it('useUpdateGroup writes the new order at once, then the server confirms it', async () => {
    const { fileIds, group } = await groupOfThree()
    const { Wrapper } = wrapper({ token: group.accessToken })
    const { result } = renderHook(
      // The saved group is the save's answer (pending), then polled until built.
      () => ({
        files: useGroupFiles(group.id),
        update: useUpdateGroup(),
        group: useGroup(group.id, { initialInterval: 50 }),
      }),
      {
        wrapper: Wrapper,
      },
    )
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual(fileIds))
    emulator.faults.latency(150)
    const reversed = [...fileIds].reverse()
    act(() => result.current.update.mutate({ id: group.id, fileIds: reversed }))
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual(reversed))
    expect(result.current.update.isPending).toBe(true) // shown before the server answered
    // The group is being built anew: said at once, not only once the server answers.
    expect(result.current.group.data?.status).toBe('pending')
    await waitFor(() => expect(result.current.update.isSuccess).toBe(true))
    emulator.faults.latency(0)
    await waitFor(() => expect(result.current.group.data?.status).toBe('ready'))
    expect(ids(result.current.files.data?.data)).toEqual(reversed)
    expect(result.current.files.data?.count).toBe(3)
  })

  it("useUpdateGroup refreshes the group lists, whose rows show each group's file count", async () => {
    const { fileIds, group } = await groupOfThree()
    const { Wrapper } = wrapper()
    const { result } = renderHook(
      () => ({ list: useGroups({}, { initialInterval: 50 }), update: useUpdateGroup() }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.list.data?.data[0]?.uuid).toMatch(/~3$/))
    await act(() => result.current.update.mutateAsync({ id: group.id, fileIds: fileIds.slice(1) }))
    // Refreshed: pending (with the last build's uuid), then polled until the new build's.
    await waitFor(() =>
      expect(result.current.list.data?.data[0]).toMatchObject({
        status: 'ready',
        uuid: expect.stringMatching(/~2$/),
      }),
    )
  })

  it('useUpdateGroup rolls back when the server refuses', async () => {
    const { fileIds, group } = await groupOfThree()
    const { Wrapper } = wrapper({ token: group.accessToken })
    const { result } = renderHook(() => ({ files: useGroupFiles(group.id), update: useUpdateGroup() }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual(fileIds))
    emulator.faults.latency(100)
    emulator.faults.failNext(/PUT .*groups\//, { status: 422, message: 'Nope' })
    act(() => result.current.update.mutate({ id: group.id, fileIds: [fileIds[2]!] }))
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual([fileIds[2]]))
    await waitFor(() => expect(result.current.update.isError).toBe(true))
    expect(result.current.update.error).toBeInstanceOf(ValidationError)
    expect(ids(result.current.files.data?.data)).toEqual(fileIds)
    expect(count('PUT', '/groups/')).toBe(1) // mutations are not retried
  })

  it('two overlapping updates end in the server state', async () => {
    const { fileIds, group } = await groupOfThree()
    const { Wrapper } = wrapper({ token: group.accessToken })
    const { result } = renderHook(() => ({ files: useGroupFiles(group.id), update: useUpdateGroup() }), {
      wrapper: Wrapper,
    })
    await waitFor(() => expect(result.current.files.isSuccess).toBe(true))
    emulator.faults.latency(80)
    const first = [fileIds[1]!, fileIds[0]!]
    const second = [fileIds[2]!, fileIds[0]!]
    await act(async () => {
      const a = result.current.update.mutateAsync({ id: group.id, fileIds: first })
      const b = result.current.update.mutateAsync({ id: group.id, fileIds: second })
      await Promise.all([a, b])
    })
    emulator.faults.latency(0)
    const server = await emulator.fetch(
      new Request(`http://x/api/v1/projects/demo/groups/${group.id}/files.json`, {
        headers: { Authorization: `Bearer ${group.accessToken}` },
      }),
    )
    const serverIds = (await server.json()).data.map((f: { id: string }) => f.id)
    await waitFor(() => expect(ids(result.current.files.data?.data)).toEqual(serverIds))
    expect([first, second].map(String)).toContain(String(serverIds))
  })

  it('another group never shows the previous group’s files as a placeholder', async () => {
    const a = await groupOfThree()
    const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const { Wrapper } = wrapper()
    const { result, rerender } = renderHook(({ id }) => useGroupFiles(id), {
      wrapper: Wrapper,
      initialProps: { id: a.group.id },
    })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    emulator.faults.latency(100)
    rerender({ id: groups[0]!.id })
    expect(result.current.data).toBeUndefined()
    await waitFor(() => expect(result.current.data?.count).toBe(1))
  })

  it('useDeleteGroup removes the group', async () => {
    const { group } = await groupOfThree()
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ del: useDeleteGroup(), list: useGroups() }), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    const ctx = renderHook(() => useFileService(), { wrapper: Wrapper }).result.current
    // Its detail was seen (a GroupEditor opened it, say).
    const detail = fileServiceKeys.group(ctx, group.id)
    await ctx.queryClient.fetchQuery({ queryKey: detail, queryFn: () => ctx.client.groups.get(group.id) })
    expect(ctx.queryClient.getQueryData(detail)).toMatchObject({ id: group.id })
    await act(() => result.current.del.mutateAsync(group.id))
    await waitFor(() => expect(result.current.list.data?.count).toBe(0))
    // Nothing of it is kept to be shown again: its detail is gone from the cache.
    expect(ctx.queryClient.getQueryData(detail)).toBeUndefined()
  })

  it('useDeleteGroup asks again for the group and its files still shown, which are then not found', async () => {
    const { group } = await groupOfThree()
    const { Wrapper } = wrapper()
    // Shown by one component (an editor), deleted from another (a list's row): the first one
    // does not render again by itself.
    const { result } = renderHook(() => ({ group: useGroup(group.id), files: useGroupFiles(group.id) }), {
      wrapper: Wrapper,
    })
    const del = renderHook(() => useDeleteGroup(), { wrapper: Wrapper }).result
    await waitFor(() => expect(result.current.files.data?.count).toBe(3))
    await act(() => del.current.mutateAsync(group.id))
    // Not left showing the deleted group as it was: the service's 404, asked for once each.
    expect(result.current.group.error).toBeInstanceOf(NotFoundError)
    expect(result.current.files.error).toBeInstanceOf(NotFoundError)
    expect(count('GET', `/groups/${group.id}.json`)).toBe(2)
    expect(count('GET', `/groups/${group.id}/files.json`)).toBe(2)
  })

  it('useUploadFile refreshes the file lists on screen', async () => {
    await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => ({ upload: useUploadFile(), list: useFiles() }), { wrapper: Wrapper })
    await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    await act(() =>
      result.current.upload.mutateAsync({
        file: new Blob([subjectPng() as BlobPart], { type: 'image/png' }),
        name: 'new.png',
      }),
    )
    await waitFor(() => expect(result.current.list.data?.count).toBe(2))
  })

  describe('a write is done once the service answers it, not once the lists it refreshes have: they may be slow, or fail and be retried', () => {
    const png = () => new Blob([subjectPng() as BlobPart], { type: 'image/png' })
    /** Resolves `done()` to true once `write` has, while the list's answers are held. */
    const settles = (write: Promise<unknown>) => {
      let done = false
      write.then(() => {
        done = true
      })
      return () => done
    }

    it('useUploadFile (FileUploader starts the next queued upload then)', async () => {
      await emulator.seed({ files: [{}] })
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => ({ upload: useUploadFile(), list: useFiles() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
      const release = hold('get', '/api/v1/projects/demo/files.json')
      try {
        const done = settles(result.current.upload.mutateAsync({ file: png(), name: 'new.png' }))
        await waitFor(() => expect(count('GET', '/demo/files.json')).toBe(2))
        await waitFor(() => expect(done()).toBe(true))
        expect(result.current.list.data?.count).toBe(1)
      } finally {
        release()
      }
      // The list is still refreshed.
      await waitFor(() => expect(result.current.list.data?.count).toBe(2))
    })

    it('useConvert', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => ({ convert: useConvert('image'), list: useFiles() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
      const release = hold('get', '/api/v1/projects/demo/files.json')
      try {
        const done = settles(
          result.current.convert.mutateAsync({
            fileId: files[0]!.id,
            recipe: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
          }),
        )
        await waitFor(() => expect(count('GET', '/demo/files.json')).toBe(2))
        await waitFor(() => expect(done()).toBe(true))
      } finally {
        release()
      }
      await waitFor(() => expect(result.current.list.data?.count).toBe(2))
    })

    it('useCreateGroup', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => ({ create: useCreateGroup(), list: useGroups() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(0))
      const release = hold('get', '/api/v1/projects/demo/groups.json')
      try {
        const done = settles(result.current.create.mutateAsync({ fileIds: [files[0]!.id] }))
        await waitFor(() => expect(count('GET', '/groups.json')).toBe(2))
        await waitFor(() => expect(done()).toBe(true))
      } finally {
        release()
      }
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    })

    /** The group's own read answers 300 ms late: a write that waits for it settles after it. */
    const slowGet = (path: string) =>
      server.use(
        http.get(`${baseUrl}${path}`, async ({ request }) => {
          await delay(300)
          return emulator.fetch(request)
        }),
      )

    it("useDeleteGroup: once the group shown is asked again (its own), not the lists'", async () => {
      const { group } = await groupOfThree()
      const { Wrapper } = wrapper()
      const { result } = renderHook(
        () => ({
          del: useDeleteGroup(),
          list: useGroups(),
          group: useGroup(group.id),
          ctx: useFileService(),
        }),
        { wrapper: Wrapper },
      )
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
      await waitFor(() => expect(result.current.group.isSuccess).toBe(true))
      const release = hold('get', '/api/v1/projects/demo/groups.json')
      slowGet(`/api/v1/projects/demo/groups/${group.id}.json`)
      try {
        const { ctx } = result.current
        // The cache as it is the moment the delete settles: the group's 404 already in.
        const seen = await result.current.del
          .mutateAsync(group.id)
          .then(() => ctx.queryClient.getQueryState(fileServiceKeys.group(ctx, group.id))?.error)
        expect(seen).toBeInstanceOf(NotFoundError)
        expect(count('GET', '/groups.json')).toBe(2)
      } finally {
        release()
      }
      await waitFor(() => expect(result.current.list.data?.count).toBe(0))
    })

    it("useUpdateGroup: once the group's own files are asked again, not the lists'", async () => {
      const { fileIds, group } = await groupOfThree()
      const { Wrapper } = wrapper()
      const { result } = renderHook(
        () => ({
          update: useUpdateGroup(),
          list: useGroups(),
          files: useGroupFiles(group.id),
          ctx: useFileService(),
        }),
        { wrapper: Wrapper },
      )
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
      await waitFor(() => expect(result.current.files.isSuccess).toBe(true))
      const release = hold('get', '/api/v1/projects/demo/groups.json')
      slowGet(`/api/v1/projects/demo/groups/${group.id}/files.json`)
      try {
        const reversed = [...fileIds].reverse()
        const { ctx } = result.current
        // The moment the save settles, the group's files have been asked again and answered.
        const fetching = await result.current.update
          .mutateAsync({ id: group.id, fileIds: reversed })
          .then(() => ctx.queryClient.isFetching({ queryKey: fileServiceKeys.groupFiles(ctx, group.id) }))
        expect(fetching).toBe(0)
        expect(count('GET', `/groups/${group.id}/files.json`)).toBe(2)
        expect(ids(result.current.files.data?.data)).toEqual(reversed)
        expect(count('GET', '/groups.json')).toBe(2)
      } finally {
        release()
      }
    })
  })

  describe('a write the service did but never answered (unconfirmed): what it would have changed is asked again', () => {
    /** The emulator does the POST, and its answer never comes. */
    const doneButUnanswered = (path: RegExp) =>
      server.use(
        http.post(path, async ({ request }) => {
          await emulator.fetch(request)
          return new Promise<Response>(() => {})
        }),
      )
    const unconfirmed = { code: 'unconfirmed' }

    it('useCreateGroup: the group lists', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const { Wrapper } = wrapper({ timeout: 100 })
      const { result } = renderHook(() => ({ create: useCreateGroup(), list: useGroups() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(0))
      doneButUnanswered(/\/groups\.json$/)
      await act(() => result.current.create.mutateAsync({ fileIds: [files[0]!.id] }).catch(() => {}))
      await waitFor(() => expect(result.current.create.error).toMatchObject(unconfirmed))
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    })

    it('useCreateGroup, its answer lost to the network (a browser resends such a POST): the group lists', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const { Wrapper } = wrapper()
      const { result } = renderHook(() => ({ create: useCreateGroup(), list: useGroups() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(0))
      server.use(
        http.post(/\/groups\.json$/, async ({ request }) => {
          await emulator.fetch(request)
          return HttpResponse.error()
        }),
      )
      await act(() => result.current.create.mutateAsync({ fileIds: [files[0]!.id] }).catch(() => {}))
      await waitFor(() => expect(result.current.create.error).toBeInstanceOf(TypeError))
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    })

    it('useUploadFile: the file lists', async () => {
      const { Wrapper } = wrapper({ timeout: 100 })
      const { result } = renderHook(() => ({ upload: useUploadFile(), list: useFiles() }), {
        wrapper: Wrapper,
      })
      await waitFor(() => expect(result.current.list.data?.count).toBe(0))
      doneButUnanswered(/\/files\.json$/)
      await act(() =>
        result.current.upload
          .mutateAsync({ file: new Blob([subjectPng() as BlobPart], { type: 'image/png' }), name: 'a.png' })
          .catch(() => {}),
      )
      await waitFor(() => expect(result.current.upload.error).toMatchObject(unconfirmed))
      await waitFor(() => expect(result.current.list.data?.count).toBe(1))
    })

    it('useRunAction: the action', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const fileId = files[0]!.id
      const { Wrapper } = wrapper({ timeout: 100 })
      const { result } = renderHook(
        () => ({ run: useRunAction(), action: useAction(fileId, 'virus_scan') }),
        { wrapper: Wrapper },
      )
      await waitFor(() => expect(result.current.action.isSuccess).toBe(true))
      expect(result.current.action.data).toBeNull()
      doneButUnanswered(/\/actions\/virus_scan\.json$/)
      await act(() => result.current.run.mutateAsync({ fileId, type: 'virus_scan' }).catch(() => {}))
      await waitFor(() => expect(result.current.run.error).toMatchObject(unconfirmed))
      await waitFor(() => expect(result.current.action.data).not.toBeNull())
    })
  })

  it("useUploadFile keeps no finished upload, nor its file's bytes, once no one shows it", async () => {
    const { Wrapper, hostClient } = wrapper()
    const { result, unmount } = renderHook(() => useUploadFile(), { wrapper: Wrapper })
    const file = new Blob([subjectPng() as BlobPart], { type: 'image/png' })
    const holding = () =>
      hostClient
        .getMutationCache()
        .getAll()
        .filter((m) => (m.state.variables as { file?: Blob } | undefined)?.file === file)
    await act(() => result.current.mutateAsync({ file, name: 'gone.png' }))
    expect(holding()).toHaveLength(1) // shown: the hook's result is this upload
    unmount()
    await waitFor(() => expect(holding()).toEqual([]), { timeout: 3_000 })
  })

  // Bytes, names and progress are checked in Node (test/api) and Chromium (test/browser): jsdom's
  // Blob and FormData don't survive Node's fetch intact.
  it('useUploadFile uploads several files at once and cancels one', async () => {
    const { Wrapper } = wrapper({ token: undefined })
    const { result } = renderHook(() => useUploadFile(), { wrapper: Wrapper })
    const cancel = new AbortController()
    cancel.abort()
    const outcomes = await act(() =>
      Promise.allSettled([
        result.current.mutateAsync({
          file: new Blob([subjectPng() as BlobPart], { type: 'image/png' }),
          name: 'a.png',
        }),
        result.current.mutateAsync({
          file: new Blob([subjectPng(40, 40) as BlobPart], { type: 'image/png' }),
          name: 'b.png',
        }),
        result.current.mutateAsync({ file: new Blob(['x']), name: 'c.txt', signal: cancel.signal }),
      ]),
    )
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    const [a, b] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null))
    expect(a?.status).toBe('ready')
    expect(b?.id).not.toBe(a?.id)
    expect(((outcomes[2] as PromiseRejectedResult).reason as Error).name).toBe('AbortError')
    expect(count('POST', '/files.json')).toBe(2)
  })

  it('useConvert returns the new pending file and useFile follows it', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper()
    const { result } = renderHook(() => useConvert('image'), { wrapper: Wrapper })
    const converted = await act(() =>
      result.current.mutateAsync({
        fileId: files[0]!.id,
        recipe: { kind: 'image', operations: [{ name: 'format', args: ['webp'] }] },
      }),
    )
    expect(converted.status).toBe('pending')
    const follow = renderHook(() => useFile(converted.id), { wrapper: Wrapper })
    await waitFor(() => expect(follow.result.current.data?.status).toBe('ready'), { timeout: 5_000 })
  })
})
