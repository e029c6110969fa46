// Retry and polling policy shared by every Filekit query (DESIGN.md "Polling").
import type { QueryState } from '@tanstack/react-query'
import { AuthError, isFileServiceError, RateLimitError, RequestRefusedError } from '../api/errors.js'
import type { FileServiceContextValue } from '../provider/context.js'

/** Statuses after which nothing changes by itself. Anything else — unknown values too — is pending. */
export const finalStatuses: ReadonlySet<string> = new Set([
  'ready',
  'processing_error',
  'error',
  'failed',
  'removed',
])

/** Whether a resource status is final (success or failure). */
export const isFinalStatus = (status: string): boolean => finalStatuses.has(status)

/** How a pending resource is polled, and for how long. */
export interface PollingOptions {
  /** First interval in ms. @default 1000 */
  initialInterval?: number | undefined
  /** Growth per poll. @default 1.5 */
  factor?: number | undefined
  /** Longest interval in ms. @default 10000 */
  maxInterval?: number | undefined
  /** Total wait in ms after which polling stops and the query counts as timed out. @default 300000 (5 min) */
  maxWait?: number | undefined
}

interface PollState {
  start: number
  /** Fetch results the query had when polling started. */
  base: number
}
const results = (query: { state: { dataUpdateCount: number; errorUpdateCount: number } }) =>
  query.state.dataUpdateCount + query.state.errorUpdateCount
// Per query object, so every observer of one resource shares one schedule.
const pollStates = new WeakMap<object, PollState>()

/** A page of a list is `pending` while any of its rows is not final. */
export const pageStatus = (page: { data: readonly { status: string }[] } | undefined) =>
  page && (page.data.every((row) => isFinalStatus(row.status)) ? 'ready' : 'pending')

/**
 * A `refetchInterval` function: `false` at a final status (or no data, or after an error that
 * asking again can't mend: a 4xx other than 429), otherwise a backed-off
 * interval, never past `maxWait`. The last poll lands at the deadline, so observers re-render
 * and can see `timedOut`. `statusOf` reads the status from the data, once there is some (for a page of a list:
 * pending while any row is).
 */
export function pollInterval<TData = unknown>(
  options: PollingOptions = {},
  // Called only once there is data; no data, or no status in it, means "do not poll".
  statusOf: (data: TData) => unknown = (data) => (data as { status?: unknown } | null)?.status,
) {
  const { initialInterval = 1000, factor = 1.5, maxInterval = 10_000, maxWait = 300_000 } = options
  // Any query of this data, whatever its key (a `Query` type would make `queryOptions` infer its key as `unknown[]`).
  return <T extends TData>(query: { readonly state: QueryState<T, Error> }): number | false => {
    // A 4xx (a revoked token, a deleted resource) does not mend itself: no more polls (nor
    // onAuthError calls) until a refetch succeeds. The last data is still the pending one.
    const { error, data } = query.state
    if (error && query.state.status === 'error' && !shouldRetry(0, error)) return false
    const status = data === undefined ? data : statusOf(data)
    if (typeof status !== 'string' || isFinalStatus(status)) {
      pollStates.delete(query)
      return false
    }
    let state = pollStates.get(query)
    if (!state) {
      state = { start: Date.now(), base: results(query) }
      pollStates.set(query, state)
    }
    const remaining = state.start + maxWait - Date.now()
    if (remaining <= 0) return false
    // TanStack asks again on every query update and for every observer: derive the step from
    // the query's own fetch count so the answer is the same however often it is asked.
    const interval = Math.round(
      Math.min(initialInterval * factor ** (results(query) - state.base), maxInterval),
    )
    return Math.min(interval, remaining)
  }
}

/** When (as `Date.now()`) polling of this query gives up at `maxWait`; undefined when it is not polling. */
export function pollingDeadline(query: object | undefined, maxWait = 300_000): number | undefined {
  const state = query && pollStates.get(query)
  return state && state.start + maxWait
}

/** Whether polling of this query gave up at `maxWait` while the resource was still pending. */
export function isPollingTimedOut(query: object | undefined, maxWait?: number): boolean {
  return Date.now() >= (pollingDeadline(query, maxWait) ?? Number.POSITIVE_INFINITY)
}

/** Forgets a query's polling schedule, so the next poll starts again from the first interval. */
export function resetPolling(query: object | undefined): void {
  if (query) pollStates.delete(query)
}

/**
 * Network errors, 5xx and no answer in time (`timeout`) are retried (3 times); 429 too, after
 * `retryAfter`; other 4xx never, nor a write that may have been done (`unconfirmed`), nor
 * a request the client refused itself (a token no header can carry, an id that is not one, a redirect).
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= 3 || error instanceof RequestRefusedError) return false
  if (isFileServiceError(error))
    return error.status === 429 || error.status >= 500 || error.code === 'timeout'
  return !(error instanceof DOMException && error.name === 'AbortError')
}

/**
 * `Retry-After` for 429 (at most what a timer can wait, about 24.8 days: past it, a timer fires
 * at once), else exponential backoff from 1 s, at most 30 s.
 */
export function retryDelay(attempt: number, error: Error): number {
  if (error instanceof RateLimitError && error.retryAfter !== null)
    return Math.min(error.retryAfter * 1000, 2 ** 31 - 1)
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/** Runs a request, reporting 401/403 to the provider's `onAuthError` before rethrowing. */
export async function reportAuth<T>(
  ctx: Partial<Pick<FileServiceContextValue, 'onAuthError'>>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AuthError) ctx.onAuthError?.(error)
    throw error
  }
}
