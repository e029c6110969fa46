// One options factory per query: key, request and policy in one place. Hooks are thin wrappers.
import { type Query, type QueryKey, queryOptions } from '@tanstack/react-query'
import type { PageParams } from '../api/createFileServiceClient.js'
import { AuthError, FileServiceError, NotFoundError } from '../api/errors.js'
import type { Action, ActionType, FileResource, Page } from '../api/types.js'
import type { FileServiceContextValue } from '../provider/context.js'
import { fileServiceKeys } from './fileServiceKeys.js'
import {
  isFinalStatus,
  type PollingOptions,
  pageStatus,
  pollInterval,
  reportAuth,
  retryDelay,
  shouldRetry,
} from './policy.js'

/**
 * What the factories need from `useFileService()`; on a server (prefetching) build it from a
 * client, with the scope the browser's provider computes from its own props:
 * `scope: tokenScope(token, { tokenScope, baseUrl })`. Behind a proxy that adds the secret key,
 * the browser's provider has no token: give it and the server the same `tokenScope` name. With
 * `queryClient`, an action not yet done is as fresh as that client's `staleTime` says (its default,
 * or `setQueryDefaults` for the action's key).
 */
export type QueryContext = Pick<FileServiceContextValue, 'client' | 'projectId' | 'scope'> &
  Partial<Pick<FileServiceContextValue, 'onAuthError' | 'queryClient'>>

// What the host's QueryClient says for this query where a factory sets the option itself, as
// TanStack reads it for a query that leaves it unset: setQueryDefaults matching the key, else the
// client's defaults.
const hostOption = <O extends 'staleTime' | Refetch>(ctx: QueryContext, key: QueryKey, option: O) =>
  ctx.queryClient?.getQueryDefaults(key)[option] ?? ctx.queryClient?.getDefaultOptions().queries?.[option]

// The host's staleTime for this query (setQueryDefaults, else its client's), resolved; 'static'
// read as never stale, though Check again and invalidation still ask.
const hostStale = (ctx: QueryContext, query: { queryKey: QueryKey }): number | undefined => {
  const host = hostOption(ctx, query.queryKey, 'staleTime')
  const stale = typeof host === 'function' ? host(query as Query) : host
  return stale === 'static' ? Number.POSITIVE_INFINITY : stale
}

// A page of a list, a group or a file is fresh for 5 s unless the host's staleTime says otherwise:
// the next page prefetched a moment ago, the page just left, or what a write's answer seeded is
// shown without asking again. Polling while pending, invalidation (the kit's writes) and
// refetch() ask regardless; focus and reconnect ask once it is older.
const fresh = (ctx: QueryContext, query: { queryKey: QueryKey }) => hostStale(ctx, query) ?? 5_000

// A refused token does not mend itself, nor does a group or file not found (deleted): a window
// focus or the network coming back asks no more (nor calls onAuthError again). Otherwise the
// host's QueryClient says (its `refetchOnWindowFocus: false` holds for Filekit's queries too).
// Invalidating, refetch() or "Try again" still asks; so does a component mounting, which also
// follows an invalidation made while nothing showed the query.
type Refetch = 'refetchOnWindowFocus' | 'refetchOnReconnect'
const unlessRefused = (ctx: QueryContext, option: Refetch) => (query: { state: { error: unknown } }) => {
  const host = hostOption(ctx, (query as Query).queryKey, option) ?? true
  return (
    !(query.state.error instanceof AuthError || query.state.error instanceof NotFoundError) &&
    (typeof host === 'function' ? host(query as Query) : host)
  )
}
const policy = (ctx: QueryContext) =>
  ({
    retry: shouldRetry,
    retryDelay,
    refetchOnWindowFocus: unlessRefused(ctx, 'refetchOnWindowFocus'),
    refetchOnReconnect: unlessRefused(ctx, 'refetchOnReconnect'),
  }) as const
/** Polls while the resource (or, for a page, any of its rows) is pending; never in a hidden tab. */
const polls = <T>(polling?: PollingOptions, statusOf?: (data: T) => unknown) =>
  ({ refetchInterval: pollInterval(polling, statusOf), refetchIntervalInBackground: false }) as const

/**
 * Like `keepPreviousData`, but only from another page of the same list under the same token
 * scope: a new token or another group must never show the old one's data as a placeholder.
 */
const keepPreviousPage =
  <K extends QueryKey>(key: K) =>
  <T>(previous: T | undefined, previousQuery?: Query<T, Error, T, K>): T | undefined => {
    const before = previousQuery?.queryKey
    const same = before?.length === key.length && key.slice(0, -1).every((part, i) => part === before[i])
    return same ? previous : undefined
  }

// A group or file read at a final status becomes its row in every cached page (lists, a group's
// files; one mapper gives rows and details): a list still polling it agrees at once, with no
// request. The page keeps its age, and a page a write made stale stays so: only that row is
// newer. A page whose refresh failed is left as it is (it says so).
const intoPages = <T extends { id: string; status: string }>(ctx: QueryContext, item: T) => {
  const queryClient = ctx.queryClient
  if (queryClient && isFinalStatus(item.status))
    for (const { queryKey, state } of queryClient
      .getQueryCache()
      .findAll({ queryKey: fileServiceKeys.all(ctx) })) {
      const page = state.data as { data?: unknown } | undefined
      if (
        state.status !== 'error' &&
        Array.isArray(page?.data) &&
        page.data.some((row: T) => row.id === item.id && row.status !== item.status)
      ) {
        queryClient.setQueryData(
          queryKey,
          { ...page, data: page.data.map((row: T) => (row.id === item.id ? item : row)) },
          { updatedAt: state.dataUpdatedAt },
        )
        if (state.isInvalidated)
          void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
      }
    }
  return item
}

/** A page of the project's groups (secret key); polls while any of them is `pending`. */
export const groupsQueryOptions = (ctx: QueryContext, params: PageParams = {}, polling?: PollingOptions) => {
  const queryKey = fileServiceKeys.groupList(ctx, params)
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => reportAuth(ctx, () => ctx.client.groups.list(params, { signal })),
    staleTime: (query) => fresh(ctx, query),
    placeholderData: keepPreviousPage(queryKey),
    ...polls(polling, pageStatus),
    ...policy(ctx),
  })
}

/** One group; polls while it is `pending`. */
export const groupQueryOptions = (ctx: QueryContext, id: string, polling?: PollingOptions) =>
  queryOptions({
    queryKey: fileServiceKeys.group(ctx, id),
    queryFn: ({ signal }) =>
      reportAuth(ctx, () => ctx.client.groups.get(id, { signal })).then((group) => intoPages(ctx, group)),
    ...polls(polling),
    staleTime: (query) => fresh(ctx, query),
    ...policy(ctx),
  })

/** A page of a group's files, in the group's order; polls while any of them is not final. */
export const groupFilesQueryOptions = (
  ctx: QueryContext,
  id: string,
  params: PageParams = {},
  polling?: PollingOptions,
) => {
  const queryKey = fileServiceKeys.groupFiles(ctx, id, params)
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => reportAuth(ctx, () => ctx.client.groups.files(id, params, { signal })),
    staleTime: (query) => fresh(ctx, query),
    placeholderData: keepPreviousPage(queryKey),
    ...polls(polling, pageStatus),
    ...policy(ctx),
  })
}

/** A page of the project's files (secret key); polls while any of them is not final. */
export const filesQueryOptions = (ctx: QueryContext, params: PageParams = {}, polling?: PollingOptions) => {
  const queryKey = fileServiceKeys.fileList(ctx, params)
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => reportAuth(ctx, () => ctx.client.files.list(params, { signal })),
    staleTime: (query) => fresh(ctx, query),
    placeholderData: keepPreviousPage(queryKey),
    ...polls(polling, pageStatus),
    ...policy(ctx),
  })
}

/** One file; polls while it is not final (an upload from a URL, a conversion result). */
export const fileQueryOptions = (ctx: QueryContext, id: string, polling?: PollingOptions) =>
  queryOptions({
    queryKey: fileServiceKeys.file(ctx, id),
    queryFn: ({ signal }) =>
      reportAuth(ctx, () => ctx.client.files.get(id, { signal })).then((file) => intoPages(ctx, file)),
    ...polls(polling),
    staleTime: (query) => fresh(ctx, query),
    ...policy(ctx),
  })

/**
 * A file's action; `null` when it was never started (the service's 404 "Action not found"; a
 * file that doesn't exist is an error). Polls until final.
 */
export const actionQueryOptions = <T extends ActionType>(
  ctx: QueryContext,
  fileId: string,
  type: T,
  polling?: PollingOptions,
) =>
  queryOptions({
    queryKey: fileServiceKeys.action(ctx, fileId, type),
    queryFn: ({ signal }): Promise<Action<T> | null> =>
      reportAuth(ctx, () =>
        ctx.client.actions.get(fileId, type, { signal }).catch((error: unknown) => {
          if (error instanceof NotFoundError && error.messages.some((m) => /action/i.test(m))) return null
          throw error
        }),
      ),
    // A done action never changes (it runs once per file and type): not asked again on focus,
    // reconnect or mount (a page of badges asked for every one); Check again and invalidation do.
    // Any other (not started, running, or failed, which runs again) as the host's client says.
    // ('static' would keep even Check again from asking: Infinity instead.)
    staleTime: (query) =>
      query.state.data?.status === 'ready' ? Number.POSITIVE_INFINITY : (hostStale(ctx, query) ?? 0),
    ...polls(polling),
    ...policy(ctx),
  })

/** Which formats and methods a file can be converted to. */
export const conversionsQueryOptions = (ctx: QueryContext, fileId: string) =>
  queryOptions({
    queryKey: fileServiceKeys.conversions(ctx, fileId),
    queryFn: ({ signal }) => reportAuth(ctx, () => ctx.client.conversions.info(fileId, { signal })),
    staleTime: 5 * 60_000,
    ...policy(ctx),
  })

/**
 * Every file of a group in order, as one page: the pages its count needs at the size the service
 * answers with (100 asked; the real service gives 20 whatever is asked), at most 100 pages, so
 * 10,000 files (2,000 at 20 a page). Pages after the first are read at most 4 at a time, fewer
 * than the 6 a browser sends to one origin, so they don't wait in its queue while their timeouts
 * run (unless other requests, uploads say, hold that origin too); once one fails no more are
 * asked and those on their way are aborted. A group that can't be read whole and consistent is an
 * `invalid_response` error (an editor saving part of it would drop the rest), translatable as
 * `error.invalid_response`: one larger than the 100 pages can hold is said after the first page,
 * without reading the rest.
 */
export const groupAllFilesQueryOptions = (ctx: QueryContext, id: string) =>
  queryOptions({
    queryKey: fileServiceKeys.groupAllFiles(ctx, id),
    queryFn: ({ signal }) =>
      reportAuth(ctx, async (): Promise<Page<FileResource>> => {
        const invalid = (message: string) =>
          new FileServiceError({
            status: 200,
            code: 'invalid_response',
            messages: [message],
            method: 'GET',
            path: `/groups/${id}/files.json`,
          })
        const first = await ctx.client.groups.files(id, { page: 1, items: 100 }, { signal })
        const size = first.data.length
        const changed = () =>
          invalid(
            `The group's ${first.count} files could not be read as one list; it may have changed meanwhile.`,
          )
        // A first page with no file while the count says some: none of the pages can be read.
        if (!size && first.count) throw changed()
        // Not the page count an answer claims (5000 would be 5000 requests).
        const needed = Math.ceil(first.count / (size || 1))
        // Read to the 100th page, it would still not be whole: said now, true every time.
        if (needed > 100)
          throw invalid(
            `The group has ${first.count} files; at most ${size * 100} can be read as one list (100 pages of ${size}).`,
          )
        const pages = Math.min(first.pages, needed)
        const all = [first]
        // Aborted with the query, or once a page fails: the other pages are then of no use.
        const stop = new AbortController()
        signal.addEventListener('abort', () => stop.abort(signal.reason), { once: true })
        let next = 2
        const reader = async () => {
          while (next <= pages && !stop.signal.aborted) {
            const page = next++
            try {
              all[page - 1] = await ctx.client.groups.files(id, { page, items: 100 }, { signal: stop.signal })
            } catch (error) {
              stop.abort()
              throw error
            }
          }
        }
        await Promise.all(Array.from({ length: Math.min(4, pages - 1) }, reader))
        const data = all.flatMap((page) => page.data)
        // Every file once, from pages of one version of the group (one saved elsewhere meanwhile
        // shifts the pages: a file missed, another twice). Not retried: Try again asks anew.
        if (
          data.length !== first.count ||
          new Set(data.map((f) => f.id)).size !== data.length ||
          all.some((page) => page.count !== first.count)
        )
          throw changed()
        return { data, count: first.count, page: 1, pageSize: Math.max(first.count, 1), pages: 1 }
      }),
    staleTime: (query) => fresh(ctx, query),
    ...policy(ctx),
  })
