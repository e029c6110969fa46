'use client'
import type { RefObject } from 'react'
import { AuthError } from '../../api/errors.js'
import { stateMessages } from '../../provider/messages.js'
import { CheckAgain } from './CheckAgain.js'
import { errorText } from './errorText.js'
import { type FailedQuery, useFailedAlert } from './useFailedAlert.js'
import { useText } from './useText.js'
import { type FetchState, waitingText } from './waitingText.js'

/** A query whose data stays shown while it is refreshed. */
export interface RefreshedQuery extends FetchState, FailedQuery {
  data?: unknown
  error: unknown
}

/**
 * What refreshing data already shown waits for (the network, another try) in a status, and a
 * failed refresh in an alert ("Could not refresh: …") with "Try again", which asks every failed
 * query again and hands the keyboard to `focusTo` (the button goes once they answer). A query
 * with no data yet is left to its loading or error state.
 */
export function RefreshState({
  id,
  queries,
  focusTo,
}: {
  /** What the queries are of (a group's id): a "Try again" pressed for one is not for the next. */
  id: string
  queries: readonly RefreshedQuery[]
  focusTo: RefObject<HTMLElement | null>
}) {
  const t = useText(stateMessages)
  const shown = queries.filter((q) => q.data !== undefined)
  const failed = shown.filter((q) => q.isError)
  const alert = useFailedAlert(id, shown)
  return (
    <>
      {/* There before its text: a live region that appears with it is not read by every screen reader. */}
      <div role="status" data-slot="refresh-status">
        {shown.map((q) => waitingText(q, t)).find(Boolean)}
      </div>
      {alert.shown && failed[0] && (
        <p role="alert" data-slot="refresh-failed">
          {t('refreshFailed', { message: errorText(failed[0].error, t) })}
          {/* Asked again, a refused token is refused again. */}
          {!(failed[0].error instanceof AuthError) && (
            <>
              {' '}
              <CheckAgain label="retry" focusTo={focusTo} onCheck={alert.retry} />
            </>
          )}
        </p>
      )}
    </>
  )
}
