'use client'
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { useEffect, useInsertionEffect, useRef } from 'react'
import { AuthError, NotFoundError } from '../../api/errors.js'
import { useFileService } from '../../provider/context.js'
import { stateMessages } from '../../provider/messages.js'
import { errorText } from './errorText.js'
import { useText } from './useText.js'
import { type FetchState, waitingText } from './waitingText.js'

export type ViewState = 'loading' | 'empty' | 'error' | 'forbidden' | 'ready'

/**
 * Which of the four non-data states a query is in, if any. A failed refresh keeps the data it
 * had (the component says the refresh failed), unless the token is refused or the resource is
 * gone (404, a group deleted elsewhere): then nothing it had shows, and asking again won't help.
 * Empty data is not kept ("No files yet." is no longer known to be true): the error shows, and
 * loading while it is tried again.
 */
export function viewState(
  query: { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; data?: unknown },
  isEmpty: boolean,
): ViewState {
  const failed = failedView(query)
  if (failed) return failed
  if (query.isPending) return 'loading'
  if (!isEmpty) return 'ready'
  if (!query.isError) return 'empty'
  return query.isFetching ? 'loading' : 'error'
}

/**
 * A component's state, except that a refused query asked again in the background (a save
 * elsewhere invalidates it, the window gets the focus back) stays forbidden while it waits: not
 * "Loading…" and then the same alert again, read out at every save and every return to the tab.
 * (TanStack forgets a query's error when it fetches again without data.)
 */
export function useStaysForbidden<S extends string>(
  state: S,
  query: { errorUpdateCount: number },
  queryKey: QueryKey,
): S | 'forbidden' {
  // Which query was refused: another one (another group, file or page) that only loads is loading.
  // As committed: not by a render React keeps pending or throws away (see useLatest).
  const refused = useRef<string | null>(null)
  const key = hashKey(queryKey)
  useInsertionEffect(() => {
    if (state !== 'loading') refused.current = state === 'forbidden' ? key : null
  })
  return refused.current === key && state === 'loading' && query.errorUpdateCount > 0 ? 'forbidden' : state
}

/** The error or forbidden state of {@link viewState}, or null: the badge shares the rule. */
export function failedView(query: { isError: boolean; error: unknown; data?: unknown }) {
  const forbidden = query.error instanceof AuthError
  return query.isError && (query.data === undefined || forbidden || query.error instanceof NotFoundError)
    ? forbidden
      ? 'forbidden'
      : 'error'
    : null
}

export interface QueryStateProps {
  state: Exclude<ViewState, 'ready'>
  /** The query shown: its error, what its fetch waits for, and "Try again". */
  query: FetchState & { error: unknown; refetch: () => unknown }
  emptyText: string
  /**
   * Shown with the forbidden state when the action needs the secret key; without it, what is
   * refused is a group's (with no token: open it with its access token).
   */
  needsSecretKey?: boolean
}

/**
 * Loading (or waiting for the network, or trying again after a failure), empty, error (a
 * missing resource: not found) and forbidden states, announced to screen readers.
 */
export function QueryState({ state, query, emptyText, needsSecretKey }: QueryStateProps) {
  const { error } = query
  const t = useText(stateMessages)
  // No token at all: not "this token", but the one it needs.
  const anonymous = useFileService().scope.startsWith('anonymous:')
  // "Try again" vanishes once pressed: the keyboard waits on the state line ("Loading…"), and
  // when the content replaces it, lands on the component's `data-focus-landing` element.
  const line = useRef<HTMLParagraphElement>(null)
  const handOver = useRef<Element | null>(null)
  useEffect(
    () => () => {
      const root = handOver.current
      // In its own document: a component rendered into a frame from the page around it.
      const focused = root?.ownerDocument.activeElement
      if (root && (!focused || focused === root.ownerDocument.body))
        root.querySelector<HTMLElement>('[data-focus-landing]')?.focus()
    },
    [],
  )
  // Asking again does not make a missing group or file appear: say so, and offer no retry.
  const missing = error instanceof NotFoundError
  const message =
    state === 'loading'
      ? (waitingText(query, t) ?? t('loading'))
      : state === 'empty'
        ? emptyText
        : state === 'forbidden'
          ? anonymous
            ? t(needsSecretKey ? 'needsSecretKey' : 'needsGroupToken')
            : `${t('forbidden')}${needsSecretKey ? ` ${t('needsSecretKey')}` : ''}`
          : t(missing ? 'notFound' : 'error', { message: errorText(error, t) })
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
