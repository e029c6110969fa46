// The exported retry and polling policy, by itself: what every Filekit query is given, and what
// a host's own useQuery can be given (DESIGN.md "Polling", docs/hooks.md "Retries and errors").
import type { Query } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequestRefusedError } from '../../src/api/errors.ts'
import {
  FileServiceError,
  finalStatuses,
  isFinalStatus,
  NotFoundError,
  pollInterval,
  RateLimitError,
  retryDelay,
  shouldRetry,
} from '../../src/index.ts'

const answer = { method: 'GET', path: '/api/v1/projects/demo/files.json' }
const status = (code: number) => new FileServiceError({ ...answer, status: code, code: `http_${code}` })

describe('final statuses', () => {
  it('are the success and failure statuses; anything else, unknown ones too, is still pending', () => {
    expect([...finalStatuses].sort()).toEqual(['error', 'failed', 'processing_error', 'ready', 'removed'])
    for (const final of finalStatuses) expect(isFinalStatus(final)).toBe(true)
    for (const pending of ['pending', 'processing', 'queued', 'something_new'])
      expect(isFinalStatus(pending)).toBe(false)
  })
})

describe('shouldRetry', () => {
  it('retries network errors, 5xx and 429 up to three times, never other 4xx or an abort', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(shouldRetry(2, status(503))).toBe(true)
    expect(shouldRetry(0, new RateLimitError({ ...answer, status: 429, code: 'rate_limited' }))).toBe(true)
    expect(shouldRetry(3, status(503))).toBe(false)
    for (const code of [400, 401, 403, 422]) expect(shouldRetry(0, status(code))).toBe(false)
    expect(shouldRetry(0, new NotFoundError({ ...answer, status: 404, code: 'not_found' }))).toBe(false)
    expect(shouldRetry(0, new DOMException('The operation was aborted.', 'AbortError'))).toBe(false)
    expect(shouldRetry(0, new RequestRefusedError('Redirected'))).toBe(false)
  })

  it('retries no answer in time (timeout), never a write that may have been done (unconfirmed)', () => {
    const noAnswer = (code: 'timeout' | 'unconfirmed') => new FileServiceError({ ...answer, status: 0, code })
    expect(shouldRetry(0, noAnswer('timeout'))).toBe(true)
    expect(shouldRetry(3, noAnswer('timeout'))).toBe(false)
    expect(shouldRetry(0, noAnswer('unconfirmed'))).toBe(false)
  })
})

describe('retryDelay', () => {
  it('doubles from 1 s up to 30 s, and waits Retry-After on a 429', () => {
    expect([0, 1, 2, 3, 5, 10].map((attempt) => retryDelay(attempt, status(503)))).toEqual([
      1000, 2000, 4000, 8000, 30_000, 30_000,
    ])
    const limited = new RateLimitError({ ...answer, status: 429, code: 'rate_limited', retryAfter: 7 })
    expect(retryDelay(0, limited)).toBe(7000)
    const unsaid = new RateLimitError({ ...answer, status: 429, code: 'rate_limited' })
    expect(retryDelay(1, unsaid)).toBe(2000)
    // A timer can't wait past 2^31 - 1 ms (it would fire at once): a year's Retry-After waits that.
    const year = new RateLimitError({ ...answer, status: 429, code: 'rate_limited', retryAfter: 31_536_000 })
    expect(retryDelay(0, year)).toBe(2 ** 31 - 1)
  })
})

describe('pollInterval', () => {
  afterEach(() => vi.useRealTimers())
  // What a refetchInterval function reads of a query: its data and how many fetches it had.
  const query = <T>(data: T, fetches = 0) =>
    ({ state: { data, dataUpdateCount: fetches, errorUpdateCount: 0 } }) as unknown as Query<
      T,
      Error,
      T,
      readonly unknown[]
    >

  it('backs off ×1.5 from 1 s to at most 10 s while pending, and stops at a final status', () => {
    const interval = pollInterval()
    const pending = query({ status: 'pending' })
    const steps = [0, 1, 2, 3, 4, 5, 6, 7].map((fetches) => {
      pending.state.dataUpdateCount = fetches
      return interval(pending)
    })
    expect(steps).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 10_000, 10_000])
    expect(interval(query({ status: 'ready' }))).toBe(false)
    expect(interval(query({ status: 'processing_error' }))).toBe(false)
    expect(interval(query(undefined))).toBe(false) // nothing to follow yet
  })

  it('treats an unknown status as pending, and gives up after maxWait of polling, landing the last poll on it', () => {
    vi.useFakeTimers()
    const interval = pollInterval({ initialInterval: 1000, maxWait: 2000 })
    const pending = query({ status: 'frobnicating' })
    expect(interval(pending)).toBe(1000)
    vi.advanceTimersByTime(1000)
    pending.state.dataUpdateCount = 1
    expect(interval(pending)).toBe(1000) // 1500 would overshoot the maximum wait
    vi.advanceTimersByTime(1000)
    pending.state.dataUpdateCount = 2
    expect(interval(pending)).toBe(false)
  })

  it('counts between two answers at most the interval asked for, never less than nothing', () => {
    vi.useFakeTimers()
    const interval = pollInterval({ initialInterval: 1000, maxWait: 2500 })
    const pending = query({ status: 'pending' })
    expect(interval(pending)).toBe(1000)
    vi.advanceTimersByTime(3_600_000) // hidden, unwatched or asleep for an hour: 1 s of polling
    pending.state.dataUpdateCount = 1
    expect(interval(pending)).toBe(1500)
    vi.setSystemTime(Date.now() - 3_600_000) // the clock set back an hour: nothing
    pending.state.dataUpdateCount = 2
    expect(interval(pending)).toBe(1500) // 2250 would overshoot
    vi.advanceTimersByTime(1500)
    pending.state.dataUpdateCount = 3
    expect(interval(pending)).toBe(false)
  })

  it('never asks a timer to wait longer than it can (2³¹ − 1 ms): past it, a browser fires it at once, in a loop', () => {
    const interval = pollInterval({ initialInterval: 2 ** 32, maxInterval: Infinity, maxWait: Infinity })
    expect(interval(query({ status: 'pending' }))).toBe(2 ** 31 - 1)
  })

  it('reads the status where statusOf says: a page polls while any row is pending', () => {
    const interval = pollInterval({}, (page: { data: { status: string }[] } | undefined) =>
      page?.data.every((row) => isFinalStatus(row.status)) ? 'ready' : 'pending',
    )
    expect(interval(query({ data: [{ status: 'ready' }, { status: 'pending' }] }))).toBe(1000)
    expect(interval(query({ data: [{ status: 'ready' }, { status: 'removed' }] }))).toBe(false)
  })
})
