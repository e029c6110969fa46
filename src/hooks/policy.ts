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
  /** Longest interval in ms (at most about 24.8 days, what a timer can wait). @default 10000 */
  maxInterval?: number | undefined
  /**
   * Polling time in ms after which polling stops and the query counts as timed out: the time
   * between answers, each counted up to the interval it waited for. So time when nothing could be
   * polled does not count (a hidden tab, no component watching, a computer asleep, the clock set
   * forward or back): on return polling goes on where it was. A poll on its way is waited for
   * (the client's `timeout` ends one never answered; with `timeout: 0` nothing does): only an
   * answer still pending times out.
   * @default 300000 (5 min)
   */
  maxWait?: number | undefined
}

interface PollState {
  /** Fetch results the query had when polling started, and at the last answer counted. */
  base: number
  seen: number
  /** Polling time counted (ms), when (`Date.now()`) the last answer came, and the interval given after it. */
  spent: number
  at: number
  interval: number
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
 * interval, never past `maxWait` of polling time. The last poll lands at the deadline, so its
 * answer re-renders observers, which can see `timedOut`. `statusOf` reads the status from the
 * data, once there is some (for a page of a list: pending while any row is).
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
    const count = results(query)
    const now = Date.now()
    let state = pollStates.get(query)
    if (!state) {
      state = { base: count, seen: count, spent: 0, at: now, interval: 0 }
      pollStates.set(query, state)
    } else if (count !== state.seen) {
      // An answer: the time since the last one counts, but never more than the interval it waited
      // for (longer while hidden, unwatched or asleep, or with the clock set forward; negative
      // with the clock set back), so only time spent polling counts, and a clock's jump moves it
      // by one interval at most. Date.now, not performance.now: the fake timers hosts' tests use
      // (docs/emulator.md) fake Date, and not performance unless asked to.
      state.spent += Math.min(Math.max(now - state.at, 0), state.interval)
      state.seen = count
      state.at = now
    }
    const remaining = maxWait - state.spent
    if (remaining <= 0) return false
    // TanStack asks again on every query update and for every observer: derive the step from
    // the query's own fetch count so the answer is the same however often it is asked. At most
    // what a timer can wait (about 24.8 days): past it, a browser's timer fires at once, in a loop.
    const interval = Math.round(
      Math.min(initialInterval * factor ** (count - state.base), maxInterval, 2 ** 31 - 1),
    )
    state.interval = Math.min(interval, remaining)
    return state.interval
  }
}

/** Whether polling of this query gave up after `maxWait` of polling time, the resource still pending. */
export function isPollingTimedOut(query: object | undefined, maxWait = 300_000): boolean {
  const state = query && pollStates.get(query)
  return !!state && state.spent >= maxWait
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
