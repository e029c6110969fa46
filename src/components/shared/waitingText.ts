import { type ErrorTextKey, errorText } from './errorText.js'
import type { Translate } from './useText.js'

/** The parts of a TanStack query result that say what a fetch is waiting for. */
export interface FetchState {
  isPaused: boolean
  fetchStatus: string
  failureCount: number
  failureReason: unknown
}

/**
 * What a query's fetch waits for when it is more than an answer: the network (offline: TanStack
 * holds it), or another try after a failed one (network errors, 5xx and 429 are retried).
 */
export const waitingText = (query: FetchState, t: Translate<'offline' | 'retrying' | ErrorTextKey>) =>
  // fetchStatus read last: TanStack renders a component again for each field it read, and
  // fetchStatus changes at every fetch (fetching, idle), isPaused and failureCount only when it waits.
  query.isPaused
    ? t('offline')
    : query.failureCount && query.fetchStatus === 'fetching'
      ? t('retrying', { message: errorText(query.failureReason, t) })
      : null
