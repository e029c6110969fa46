/** A fault that answers the next matching requests with an error status. */
export interface FailNextOptions {
  /** Status to answer with, 400 to 599 (e.g. 401, 429, 500); another throws a RangeError. */
  status: number
  /** How many matching requests fail. @default 1 */
  count?: number | undefined
  /** Seconds for the `Retry-After` header (429). */
  retryAfter?: number | undefined
  /** Message in the `{errors}` body. @default a message for the status */
  message?: string | undefined
}

/** Fault injection, as `emulator.faults`: produce error, slow and failed states on purpose. */
export interface EmulatorFaults {
  /** Delays every answer by `ms` (0 turns it off). */
  latency(ms: number): void
  /**
   * Fails the next `count` requests whose `METHOD /path` matches: a RegExp is tested against
   * `"GET /api/v1/projects/demo/groups.json"`, a string must be contained in it.
   */
  failNext(match: RegExp | string, options: FailNextOptions): void
  /**
   * Actions on this file end in status `error`. An action in `error` starts again on the next
   * `POST` (one `pending` or `ready` answers as it is, as in the real service).
   */
  failActions(fileId: string): void
  /** Conversions of this file end in `processing_error`. */
  failConversions(fileId: string): void
  /** Removes every fault. */
  clear(): void
}

export interface FaultState {
  api: EmulatorFaults
  latencyMs(): number
  /** Whether any `failNext` fault is waiting (most requests: none, nothing to match). */
  pending(): boolean
  /** The failure to answer `METHOD /path` with, consuming one use. */
  take(request: string): FailNextOptions | undefined
  actionsFail(fileId: string): boolean
  conversionsFail(fileId: string): boolean
}

export function createFaults(): FaultState {
  let latency = 0
  let next: { match: RegExp | string; options: FailNextOptions; left: number }[] = []
  const actions = new Set<string>()
  const conversions = new Set<string>()
  return {
    api: {
      latency: (ms) => {
        latency = Math.max(0, ms)
      },
      failNext: (match, options) => {
        const { status, count = 1, retryAfter } = options
        // Checked now: a status Response can't carry (99, 700) would only throw when matched.
        if (!Number.isInteger(status) || status < 400 || status > 599)
          throw new RangeError(`failNext: status is an error status, 400 to 599 (got ${status}).`)
        if (!Number.isInteger(count) || count < 1)
          throw new RangeError(`failNext: count is a whole number from 1 (got ${count}).`)
        if (retryAfter !== undefined && !(retryAfter >= 0 && Number.isFinite(retryAfter)))
          throw new RangeError(`failNext: retryAfter is seconds, 0 or more (got ${retryAfter}).`)
        next.push({ match, options, left: count })
      },
      failActions: (id) => void actions.add(id),
      failConversions: (id) => void conversions.add(id),
      clear: () => {
        latency = 0
        next = []
        actions.clear()
        conversions.clear()
      },
    },
    latencyMs: () => latency,
    pending: () => next.length > 0,
    take(request) {
      const hit = next.find((f) =>
        typeof f.match === 'string' ? request.includes(f.match) : f.match.test(request),
      )
      if (!hit) return undefined
      if (--hit.left <= 0) next = next.filter((f) => f !== hit)
      return hit.options
    },
    actionsFail: (id) => actions.has(id),
    conversionsFail: (id) => conversions.has(id),
  }
}
