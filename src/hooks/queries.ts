'use client'
import { type QueryKey, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { PageParams } from '../api/createFileServiceClient.js'
import type { ActionType } from '../api/types.js'
import { useFileService } from '../provider/context.js'
import { isPollingTimedOut, type PollingOptions, resetPolling } from './policy.js'
import {
  actionQueryOptions,
  conversionsQueryOptions,
  fileQueryOptions,
  filesQueryOptions,
  groupFilesQueryOptions,
  groupQueryOptions,
  groupsQueryOptions,
} from './queryOptions.js'

/** Prefetches the next page once this one is known, so "next" shows at once. */
function usePrefetchNext(
  data: { page: number; pages: number } | undefined,
  prefetch: (page: number) => unknown,
) {
  const page = data?.page
  const pages = data?.pages
  // `prefetch` is rebuilt every render; the page numbers are what matter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (page !== undefined && pages !== undefined && page < pages) prefetch(page + 1)
  }, [page, pages])
}

/**
 * A page of the project's groups (secret key); keeps the previous page while the next loads and
 * polls while any group on it is `pending`.
 */
export function useGroups(params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  const result = useQuery(groupsQueryOptions(ctx, params, polling), ctx.queryClient)
  usePrefetchNext(result.data, (page) =>
    ctx.queryClient.prefetchQuery(groupsQueryOptions(ctx, { ...params, page })),
  )
  return result
}

/** One group; polls while it is `pending`. */
export function useGroup(id: string, polling?: PollingOptions) {
  const ctx = useFileService()
  return useQuery(groupQueryOptions(ctx, id, polling), ctx.queryClient)
}

/**
 * A page of a group's files in the group's order; keeps the previous page while the next loads
 * and polls while any file on it is not final.
 */
export function useGroupFiles(id: string, params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  const result = useQuery(groupFilesQueryOptions(ctx, id, params, polling), ctx.queryClient)
  usePrefetchNext(result.data, (page) =>
    ctx.queryClient.prefetchQuery(groupFilesQueryOptions(ctx, id, { ...params, page })),
  )
  return result
}

/**
 * A page of the project's files (secret key); keeps the previous page while the next loads and
 * polls while any file on it is not final (a conversion result, an upload from a URL).
 */
export function useFiles(params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  const result = useQuery(filesQueryOptions(ctx, params, polling), ctx.queryClient)
  usePrefetchNext(result.data, (page) =>
    ctx.queryClient.prefetchQuery(filesQueryOptions(ctx, { ...params, page })),
  )
  return result
}

/** One file; polls while it is not final. */
export function useFile(id: string, polling?: PollingOptions) {
  const ctx = useFileService()
  return useQuery(fileQueryOptions(ctx, id, polling), ctx.queryClient)
}

/**
 * A file's action (`data` is `null` when it was never started); polls until final. Every
 * component watching the same action shares one query: one request per tick.
 */
export function useAction<T extends ActionType>(fileId: string, type: T, polling?: PollingOptions) {
  const ctx = useFileService()
  return useQuery(actionQueryOptions(ctx, fileId, type, polling), ctx.queryClient)
}

/** Which formats and conversion methods a file offers. */
export function useConversions(fileId: string) {
  const ctx = useFileService()
  return useQuery(conversionsQueryOptions(ctx, fileId), ctx.queryClient)
}

/** Suspense variant of `useGroups`. */
export function useSuspenseGroups(params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(groupsQueryOptions(ctx, params, polling), ctx.queryClient)
}
/** Suspense variant of `useGroup`. */
export function useSuspenseGroup(id: string, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(groupQueryOptions(ctx, id, polling), ctx.queryClient)
}
/** Suspense variant of `useGroupFiles`. */
export function useSuspenseGroupFiles(id: string, params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(groupFilesQueryOptions(ctx, id, params, polling), ctx.queryClient)
}
/** Suspense variant of `useFiles`. */
export function useSuspenseFiles(params: PageParams = {}, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(filesQueryOptions(ctx, params, polling), ctx.queryClient)
}
/** Suspense variant of `useFile`. */
export function useSuspenseFile(id: string, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(fileQueryOptions(ctx, id, polling), ctx.queryClient)
}
/** Suspense variant of `useAction`. */
export function useSuspenseAction<T extends ActionType>(fileId: string, type: T, polling?: PollingOptions) {
  const ctx = useFileService()
  return useSuspenseQuery(actionQueryOptions(ctx, fileId, type, polling), ctx.queryClient)
}
/** Suspense variant of `useConversions`. */
export function useSuspenseConversions(fileId: string) {
  const ctx = useFileService()
  return useSuspenseQuery(conversionsQueryOptions(ctx, fileId), ctx.queryClient)
}

/**
 * Whether polling of a query gave up after `maxWait` of polling time with the resource still
 * pending, and a `restart` that polls again from the first interval. Pass the key from
 * `fileServiceKeys` and the same `maxWait` as the query hook. It turns true with the answer of the
 * last poll (a poll on its way is waited for: its answer may be final), and only time spent
 * polling counts (see `PollingOptions.maxWait`).
 */
export function usePollingTimeout(
  queryKey: QueryKey,
  maxWait?: number,
): { timedOut: boolean; restart: () => void } {
  const { queryClient } = useFileService()
  const cache = queryClient.getQueryCache()
  // The query by its hash (as the client hashes keys): a lookup, where a scan of the whole cache
  // at every event of any query, in every badge and list, grew with both (100 badges: 218 ms to
  // mount, 5.7 ms per unrelated update; now 10 ms and 0.2 ms).
  const hash = queryClient.defaultQueryOptions({ queryKey }).queryHash
  const find = () => cache.get(hash)
  // Only an answer (a cache event) can time polling out: no timer of its own.
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  const timedOut = useSyncExternalStore(
    subscribe,
    () => isPollingTimedOut(find(), maxWait),
    () => false,
  )
  return {
    timedOut,
    restart: () => {
      resetPolling(find())
      void queryClient.refetchQueries({ queryKey, exact: true })
    },
  }
}
