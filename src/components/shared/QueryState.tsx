'use client'
import { AuthError, NotFoundError } from '../../api/errors.js'
import { stateMessages } from '../../provider/messages.js'
import { errorText } from './errorText.js'
import { useText } from './useText.js'

export type ViewState = 'loading' | 'empty' | 'error' | 'forbidden' | 'ready'

/** Which of the four non-data states a query is in, if any. */
export function viewState(
  query: { isPending: boolean; isError: boolean; error: unknown },
  isEmpty: boolean,
): ViewState {
  if (query.isError && !query.isPending) return query.error instanceof AuthError ? 'forbidden' : 'error'
  if (query.isPending) return 'loading'
  return isEmpty ? 'empty' : 'ready'
}

export interface QueryStateProps {
  state: Exclude<ViewState, 'ready'>
  error?: unknown
  emptyText: string
  /** Shown with the forbidden state when the action needs the secret key. */
  needsSecretKey?: boolean
  onRetry?: () => void
}

/** Loading, empty, error (a missing resource: not found) and forbidden states, announced to screen readers. */
export function QueryState({ state, error, emptyText, needsSecretKey, onRetry }: QueryStateProps) {
  const t = useText(stateMessages)
  // Asking again does not make a missing group or file appear: say so, and offer no retry.
  const missing = error instanceof NotFoundError
  const message =
    state === 'loading'
      ? t('loading')
      : state === 'empty'
        ? emptyText
        : state === 'forbidden'
          ? `${t('forbidden')}${needsSecretKey ? ` ${t('needsSecretKey')}` : ''}`
          : t(missing ? 'notFound' : 'error', { message: errorText(error) })
  return (
    <div data-slot="query-state" data-state={state} className="fk-state">
      <p role={state === 'error' || state === 'forbidden' ? 'alert' : 'status'}>{message}</p>
      {state === 'error' && onRetry && !missing && (
        <button type="button" className="fk-button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  )
}
