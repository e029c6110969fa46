'use client'
import { useEffect, useRef } from 'react'
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
  /** The query shown: its error, whether it waits for the network, and "Try again". */
  query: { error: unknown; fetchStatus: string; refetch: () => unknown }
  emptyText: string
  /** Shown with the forbidden state when the action needs the secret key. */
  needsSecretKey?: boolean
}

/**
 * Loading (offline: waiting for the network), empty, error (a missing resource: not found) and
 * forbidden states, announced to screen readers.
 */
export function QueryState({ state, query, emptyText, needsSecretKey }: QueryStateProps) {
  const { error } = query
  const t = useText(stateMessages)
  // "Try again" vanishes once pressed: the keyboard waits on the state line ("Loading…"), and
  // when the content replaces it, lands on the component's `data-focus-landing` element.
  const line = useRef<HTMLParagraphElement>(null)
  const handOver = useRef<Element | null>(null)
  useEffect(
    () => () => {
      const root = handOver.current
      if (root && (!document.activeElement || document.activeElement === document.body))
        root.querySelector<HTMLElement>('[data-focus-landing]')?.focus()
    },
    [],
  )
  // Asking again does not make a missing group or file appear: say so, and offer no retry.
  const missing = error instanceof NotFoundError
  const message =
    state === 'loading'
      ? t(query.fetchStatus === 'paused' ? 'offline' : 'loading')
      : state === 'empty'
        ? emptyText
        : state === 'forbidden'
          ? `${t('forbidden')}${needsSecretKey ? ` ${t('needsSecretKey')}` : ''}`
          : t(missing ? 'notFound' : 'error', { message: errorText(error) })
  return (
    <div data-slot="query-state" data-state={state} className="fk-state">
      <p ref={line} tabIndex={-1} role={state === 'error' || state === 'forbidden' ? 'alert' : 'status'}>
        {message}
      </p>
      {state === 'error' && !missing && (
        <button
          type="button"
          className="fk-button"
          onClick={() => {
            handOver.current = line.current?.closest('.fk-root') ?? null
            line.current?.focus()
            void query.refetch()
          }}
        >
          {t('retry')}
        </button>
      )}
    </div>
  )
}
