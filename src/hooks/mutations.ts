'use client'
import { type QueryClient, type QueryKey, type UseMutationResult, useMutation } from '@tanstack/react-query'
import type { RecipeInput, UploadOptions } from '../api/createFileServiceClient.js'
import { isNetworkError, isUnconfirmed } from '../api/errors.js'
import type { ActionType, ConversionKind, FileResource, Group, Page } from '../api/types.js'
import { useFileService } from '../provider/context.js'
import { cachedFiles } from './cachedFiles.js'
import { fileServiceKeys, type KeyScope } from './fileServiceKeys.js'
import { reportAuth } from './policy.js'

// Mutations are never retried automatically, whatever the host's QueryClient defaults say: a
// retry could repeat a write that reached the service (a second group, a second upload).
const once = { retry: false } as const

// A write is done when the service has answered it: the lists it refreshes are not waited for
// (TanStack awaits what onSuccess returns, and a list on screen that is slow, or fails and is
// retried, would hold every upload, and the next one queued, for as long). Its own resource,
// shown, is.
const refresh = (queryClient: QueryClient, queryKey: QueryKey) => {
  void queryClient.invalidateQueries({ queryKey })
}

/** What `useCreateGroup().mutate()` takes: the group's files, in order. */
export interface CreateGroupVariables {
  fileIds: readonly string[]
}

/**
 * What `useUpdateGroup().mutate()` takes: the group and its new files, in order. They replace the
 * whole list: ids left out (the other pages', when built from one page) leave the group. Start
 * from `groupAllFilesQueryOptions`' whole list.
 */
export interface UpdateGroupVariables {
  id: string
  fileIds: readonly string[]
}

/**
 * A write the service may have done though its answer never came (`unconfirmed`, or lost to the
 * network: a browser resends a POST whose connection dropped, and the service may have done it
 * twice): what it would have changed is asked again (safe reads), so the page shows whether it
 * was done before anyone does it again.
 */
const askAgainIfMaybeDone =
  (queryClient: QueryClient, queryKey: QueryKey) =>
  (error: Error): unknown =>
    (isUnconfirmed(error) || isNetworkError(error)) && queryClient.invalidateQueries({ queryKey })

/** Creates a group; with no token the answer's `accessToken` is the only way back to it. */
export function useCreateGroup() {
  const ctx = useFileService()
  const { queryClient } = ctx
  return useMutation(
    {
      ...once,
      mutationFn: ({ fileIds }: CreateGroupVariables) =>
        reportAuth(ctx, () => ctx.client.groups.create({ fileIds })),
      onSuccess: (group) => {
        queryClient.setQueryData(fileServiceKeys.group(ctx, group.id), group)
        refresh(queryClient, fileServiceKeys.groupList(ctx))
      },
      onError: askAgainIfMaybeDone(queryClient, fileServiceKeys.groupList(ctx)),
    },
    queryClient,
  )
}

interface UpdateSnapshot {
  pages: [readonly unknown[], Page<FileResource> | undefined][]
  group: Group | undefined
}

/**
 * Replaces a group's files. Optimistic: cached pages of the group's files change at once (from
 * files already in the cache), roll back on error, and are refetched when it settles.
 */
export function useUpdateGroup() {
  const ctx = useFileService()
  const { queryClient } = ctx
  const mutationKey = [...fileServiceKeys.groups(ctx), 'update']
  // Edits overlap only within one group: another group's save in flight holds nothing back.
  const overlapping = (id: string) =>
    queryClient.isMutating({
      mutationKey,
      predicate: (m) => (m.state.variables as UpdateGroupVariables | undefined)?.id === id,
    }) > 1
  // The snapshot the optimistic update keeps is not the host's business: `unknown` in its type.
  return useMutation(
    {
      ...once,
      mutationKey,
      mutationFn: ({ id, fileIds }: UpdateGroupVariables) =>
        reportAuth(ctx, () => ctx.client.groups.update(id, { fileIds })),
      onMutate: async ({ id, fileIds }): Promise<UpdateSnapshot> => {
        const filesKey = fileServiceKeys.groupFiles(ctx, id)
        await queryClient.cancelQueries({ queryKey: filesKey })
        const pages = queryClient.getQueriesData<Page<FileResource>>({ queryKey: filesKey })
        const group = queryClient.getQueryData<Group>(fileServiceKeys.group(ctx, id))
        const known = cachedFiles(queryClient, ctx)
        for (const [key, page] of pages) {
          if (!page) continue
          // The editor's all-files entry holds the whole list as one page.
          const pageSize = key.at(-1) === 'all' ? Math.max(fileIds.length, 1) : page.pageSize
          const start = (page.page - 1) * pageSize
          const data = fileIds
            .slice(start, start + pageSize)
            .map((fid) => known.get(fid))
            .filter((f): f is FileResource => f !== undefined)
          queryClient.setQueryData<Page<FileResource>>(key, {
            ...page,
            data,
            count: fileIds.length,
            pageSize,
            pages: Math.max(1, Math.ceil(fileIds.length / pageSize)),
          })
        }
        if (group)
          queryClient.setQueryData<Group>(fileServiceKeys.group(ctx, id), { ...group, status: 'pending' })
        return { pages, group }
      },
      onError: (_error, { id }, snapshot) => {
        // Another edit of the group still on its way: its optimistic state stays, and the last
        // one to settle refetches. Entries dropped meanwhile (a new token's scope) stay dropped.
        if (!snapshot || overlapping(id)) return
        const restore = (key: readonly unknown[], data: unknown) =>
          queryClient.getQueryState(key) && queryClient.setQueryData(key, data)
        for (const [key, page] of snapshot.pages) restore(key, page)
        if (snapshot.group) restore(fileServiceKeys.group(ctx, id), snapshot.group)
      },
      onSuccess: (group) => queryClient.setQueryData(fileServiceKeys.group(ctx, group.id), group),
      onSettled: (_data, error, { id }) => {
        // With several edits in flight, only the last one refetches: earlier answers would
        // briefly show an intermediate order. The lists show each group's file count. Saved, the
        // group is the answer just set (its poll follows the build): only its files are asked,
        // and waited for (an editor shows them, the server's, once saved); not the lists.
        if (overlapping(id)) return
        refresh(queryClient, fileServiceKeys.groupList(ctx))
        return queryClient.invalidateQueries({
          queryKey: error ? fileServiceKeys.group(ctx, id) : fileServiceKeys.groupFiles(ctx, id),
        })
      },
    },
    queryClient,
  ) as UseMutationResult<Group, Error, UpdateGroupVariables, unknown>
}

/**
 * Deletes a group. Its queries that nothing shows leave the cache; those shown (the group, its
 * files) are asked again, and show the service's 404 ("Not found"). The group lists refetch.
 */
export function useDeleteGroup() {
  const ctx = useFileService()
  const { queryClient } = ctx
  return useMutation(
    {
      ...once,
      mutationFn: (id: string) => reportAuth(ctx, () => ctx.client.groups.delete(id)),
      onSuccess: (_data, id) => {
        const queryKey = fileServiceKeys.group(ctx, id)
        // A query removed while shown keeps showing its data, out of reach of any refetch.
        queryClient.removeQueries({ queryKey, predicate: (query) => !query.getObserversCount() })
        refresh(queryClient, fileServiceKeys.groupList(ctx))
        return queryClient.invalidateQueries({ queryKey })
      },
    },
    queryClient,
  )
}

/** What `useUploadFile().mutate()` takes: the bytes and the client's upload options. */
export interface UploadFileVariables extends UploadOptions {
  file: Blob
}

/**
 * Uploads one file per call. Progress comes through `onProgress` and cancel through `signal`
 * in the variables, so several uploads can run at once with `mutateAsync`, each with its own.
 * It settles with the service's answer; the file lists refetch without being waited for.
 */
export function useUploadFile() {
  const ctx = useFileService()
  const { queryClient } = ctx
  return useMutation(
    {
      ...once,
      // A finished upload holds its file's bytes (and the caller's callbacks): dropped a second
      // after no one shows it, not after TanStack's 5 minutes. (0 would re-arm a timer at every
      // tick while an upload no one watches is under way.)
      gcTime: 1000,
      mutationKey: [...fileServiceKeys.files(ctx), 'upload'],
      mutationFn: ({ file, ...options }: UploadFileVariables) =>
        reportAuth(ctx, () => ctx.client.files.upload(file, options)),
      onSuccess: (file) => {
        queryClient.setQueryData(fileServiceKeys.file(ctx, file.id), file)
        refresh(queryClient, fileServiceKeys.fileList(ctx))
      },
      onError: askAgainIfMaybeDone(queryClient, fileServiceKeys.fileList(ctx)),
    },
    queryClient,
  )
}

/** The mutation key of every run of an action (its variables say which file and type). */
export const runActionKey = (s: KeyScope) => [...fileServiceKeys.files(s), 'actions', 'run'] as const

/** Starts an action; seeds its query so every watcher starts polling at once. */
export function useRunAction() {
  const ctx = useFileService()
  const { queryClient } = ctx
  return useMutation(
    {
      ...once,
      mutationKey: runActionKey(ctx),
      mutationFn: ({ fileId, type }: { fileId: string; type: ActionType }) =>
        reportAuth(ctx, () => ctx.client.actions.run(fileId, type)),
      onSuccess: (action, { fileId, type }) =>
        queryClient.setQueryData(fileServiceKeys.action(ctx, fileId, type), action),
      onError: (error, { fileId, type }) =>
        askAgainIfMaybeDone(queryClient, fileServiceKeys.action(ctx, fileId, type))(error),
    },
    queryClient,
  )
}

/** The key of every conversion `useConvert` starts: a component follows one file's by its variables. */
export const convertKey = (s: KeyScope) => [...fileServiceKeys.files(s), 'convert'] as const

/** Starts a conversion of one kind; resolves to the new (pending) file, which `useFile` follows. */
export function useConvert(kind: ConversionKind) {
  const ctx = useFileService()
  const { queryClient } = ctx
  return useMutation(
    {
      ...once,
      mutationKey: convertKey(ctx),
      mutationFn: ({ fileId, recipe }: { fileId: string; recipe: RecipeInput }) =>
        reportAuth(ctx, () => ctx.client.conversions.convert(fileId, kind, recipe)),
      onSuccess: (file) => {
        queryClient.setQueryData(fileServiceKeys.file(ctx, file.id), file)
        refresh(queryClient, fileServiceKeys.fileList(ctx))
      },
      onError: askAgainIfMaybeDone(queryClient, fileServiceKeys.fileList(ctx)),
    },
    queryClient,
  )
}
