'use client'
import type { RefObject } from 'react'
import { stateMessages } from '../../provider/messages.js'
import { CheckAgain } from './CheckAgain.js'
import { errorText } from './errorText.js'
import { useText } from './useText.js'
import { type FetchState, waitingText } from './waitingText.js'

/** A query whose data stays shown while it is refreshed. */
export interface RefreshedQuery extends FetchState {
  data?: unknown
  isError: boolean
  errorUpdateCount: number
  error: unknown
  refetch: () => unknown
}

/**
 * What refreshing data already shown waits for (the network, another try) in a status, and a
 * failed refresh in an alert ("Could not refresh: …") with "Try again", which asks every failed
 * query again and hands the keyboard to `focusTo` (the button goes once they answer). A query
 * with no data yet is left to its loading or error state.
 */
export function RefreshState({
  queries,
  focusTo,
}: {
  queries: readonly RefreshedQuery[]
  focusTo: RefObject<HTMLElement | null>
}) {
  const t = useText(stateMessages)
  const shown = queries.filter((q) => q.data !== undefined)
  const failed = shown.filter((q) => q.isError)
  return (
    <>
      {/* There before its text: a live region that appears with it is not read by every screen reader. */}
      <div role="status" data-slot="refresh-status">
        {shown.map((q) => waitingText(q, t)).find(Boolean)}
      </div>
      {failed[0] && (
        // A new element for each failure: the same alert left in place with the same text, after
        // "Try again" failed again, would not be read out again.
        <p key={failed.map((q) => q.errorUpdateCount).join()} role="alert" data-slot="refresh-failed">
          {t('refreshFailed', { message: errorText(failed[0].error, t) })}{' '}
          <CheckAgain
            label="retry"
            focusTo={focusTo}
            onCheck={() => {
              for (const q of failed) void q.refetch()
            }}
          />
        </p>
      )}
    </>
  )
}
