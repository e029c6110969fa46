'use client'
import { type MutationFilters, useMutationState } from '@tanstack/react-query'
import { type ComponentProps, useEffect, useRef, useState } from 'react'
import { AuthError, isUnconfirmed, NotFoundError } from '../../api/errors.js'
import type { ActionType } from '../../api/types.js'
import { fileServiceKeys } from '../../hooks/fileServiceKeys.js'
import { runActionKey, useRunAction } from '../../hooks/mutations.js'
import type { PollingOptions } from '../../hooks/policy.js'
import { isFinalStatus } from '../../hooks/policy.js'
import { useAction, usePollingTimeout } from '../../hooks/queries.js'
import { useFileService } from '../../provider/context.js'
import { badgeMessages, stateMessages } from '../../provider/messages.js'
import { cx } from '../shared/cx.js'
import { errorText } from '../shared/errorText.js'
import { failedView, useStaysForbidden } from '../shared/QueryState.js'
import { useFailedAlert } from '../shared/useFailedAlert.js'
import { useText } from '../shared/useText.js'
import { waitingText } from '../shared/waitingText.js'
import { withRef } from '../shared/withRef.js'
import { summarizeAction } from './summarizeAction.js'

const text = { ...stateMessages, ...badgeMessages }

/** What the badge shows, also its `data-status`: the action's state, or why it cannot say. */
export type ActionBadgeStatus =
  | 'loading'
  | 'notStarted'
  | 'starting'
  | 'pending'
  | 'ready'
  | 'failed'
  | 'timedOut'
  | 'forbidden'
  | 'error'

/** Props of {@link ActionStatusBadge}; other props go to the root `span`. */
export interface ActionStatusBadgeProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** File whose action to show. */
  fileId: string
  /** Which action. */
  type: ActionType
  /** Start the action when it has never run: once, however many badges watch it. @default false */
  autoRun?: boolean | undefined
  /** Show a one-line summary of the result (top labels, moderation verdict, scan verdict). @default false */
  showResult?: boolean | undefined
  /** Polling limits; `maxWait` decides when it says "still running". */
  polling?: PollingOptions | undefined
}

/**
 * The status of one action on one file, kept current by polling. Changes after the first status
 * it knows are announced politely (a list of badges is quiet on load). Every badge on the same
 * action shares one query.
 */
export const ActionStatusBadge = withRef(function ActionStatusBadge({
  fileId,
  type,
  autoRun = false,
  showResult = false,
  polling,
  className,
  ...rest
}: ActionStatusBadgeProps) {
  const t = useText(text)
  const ctx = useFileService()
  const query = useAction(fileId, type, polling)
  const run = useRunAction()
  // The latest run of this action, started by this badge or by any other watching it: autoRun
  // starts it once for all of them, and each says it is starting, or why it could not.
  const runs: MutationFilters = {
    mutationKey: runActionKey(ctx),
    predicate: ({ state }) => {
      const sent = state.variables as { fileId: string; type: ActionType } | undefined
      return sent?.fileId === fileId && sent.type === type
    },
  }
  const lastRun = useMutationState({ filters: runs, select: (m) => m.state }, ctx.queryClient).at(-1)
  const runError = lastRun?.status === 'error' ? lastRun.error : undefined
  const actionKey = fileServiceKeys.action(ctx, fileId, type)
  const { timedOut, restart } = usePollingTimeout(actionKey, polling?.maxWait)
  const action = query.data
  const waiting = waitingText(query, t)
  // This badge's action: a badge may be given another file (or type) and follow that one.
  const which = `${fileId} ${type}`
  const failed = useFailedAlert(which, [query])
  // A file that is not there (any more): asking again won't bring it back (QueryState's rule).
  const missing = query.error instanceof NotFoundError

  // The lists' rule (failedView): a failed check after one that worked keeps the status it knew
  // (and says the check failed); a refused token, or a file not found, shows nothing it knew.
  const status: ActionBadgeStatus = useStaysForbidden(
    failedView(query) ??
      (runError instanceof AuthError
        ? 'forbidden'
        : query.isPending
          ? 'loading'
          : // A Run on its way (pressed, or autoRun): not "Not started" or "Failed" meanwhile.
            lastRun?.status === 'pending' && (!action || isFinalStatus(action.status))
            ? 'starting'
            : action === null || action === undefined
              ? 'notStarted'
              : action.status === 'ready'
                ? 'ready'
                : isFinalStatus(action.status)
                  ? 'failed'
                  : timedOut
                    ? 'timedOut'
                    : 'pending'),
    query,
    actionKey,
  )

  // One run at a time: another badge may have started it in this same commit, and a second click
  // can land before the render that hides Run (TanStack tells of the first a task later).
  const start = () => {
    if (!ctx.queryClient.isMutating(runs)) run.mutate({ fileId, type })
  }
  const statusText = useRef<HTMLSpanElement>(null)
  // Fifty badges in a list must not read out fifty first statuses on load or on a page change:
  // the status goes live once it has said the first it knows of its action (a badge given
  // another file starts quiet again); what follows (Running…, Done) is read.
  const [liveFor, setLiveFor] = useState('')
  const live = liveFor === which
  useEffect(() => {
    if (status !== 'loading') setLiveFor(which)
  }, [status, which])
  // Which action autoRun started (a badge reused for another file starts that one too).
  const started = useRef('')
  useEffect(() => {
    if (autoRun && status === 'notStarted' && started.current !== which) {
      started.current = which
      start()
    }
  })

  const name = t(`action.${type}`)
  const summary = showResult && status === 'ready' && action ? summarizeAction(action, t, ctx.locale) : null
  return (
    <span
      {...rest}
      data-slot="action-status"
      data-status={status}
      data-action={type}
      className={cx('fk-badge', className)}
    >
      {/* Focusable by script: a Run / Check again / Try again button vanishes once pressed, and
          the keyboard then lands here (the new status is read) instead of on the page body. */}
      <span
        ref={statusText}
        tabIndex={-1}
        role="status"
        aria-live={live ? 'polite' : 'off'}
        data-slot="action-status-text"
      >
        {t('badge.text', {
          action: name,
          // A check or a pressed Run waiting for the network (TanStack holds them offline), or a
          // check tried again after a failed try: instead of "Checking…" and "Starting…", after
          // any status it knew (a running action polled offline is not known to run on).
          status:
            status === 'loading' || status === 'starting'
              ? (lastRun?.isPaused ? t('offline') : waiting) || t(`actionStatus.${status}`)
              : t(`actionStatus.${status}`) + (waiting ? ` · ${waiting}` : ''),
        })}
        {summary && <span data-slot="action-result"> — {summary}</span>}
        {/* Actions need the secret key: say so, with the status (a group's or file's token is refused). */}
        {status === 'forbidden' && <span data-slot="action-forbidden"> · {t('needsSecretKey')}</span>}
      </span>
      {(status === 'notStarted' || status === 'failed') && runError && (
        // Refused to start (e.g. recognition of a video), or to start again: say why, and offer
        // to try again.
        <>
          {' '}
          <span role="alert" data-slot="action-error">
            {/* No answer in time: it may have started, so not "Could not start". */}
            {isUnconfirmed(runError)
              ? errorText(runError, t)
              : t('runFailed', { message: errorText(runError, t) })}
          </span>
        </>
      )}
      {/* Never run (autoRun runs it itself), refused to start, or failed: a failed action runs
          again when started again. */}
      {((status === 'notStarted' && (!autoRun || runError)) || status === 'failed') && (
        <button
          type="button"
          className="fk-button"
          aria-label={t('badge.button', { button: t('run'), action: name })}
          onClick={() => {
            statusText.current?.focus()
            start()
          }}
        >
          {t('run')}
        </button>
      )}
      {failed.shown && status !== 'forbidden' && (
        // Why: a first check that failed ("Unavailable"), or a later one (the last status stays).
        <>
          {' '}
          <span role="alert" data-slot="action-check-failed">
            {t(status === 'error' ? (missing ? 'notFound' : 'error') : 'refreshFailed', {
              message: errorText(query.error, t),
            })}
          </span>
        </>
      )}
      {(status === 'timedOut' || (failed.shown && !missing)) && status !== 'forbidden' && (
        <button
          type="button"
          className="fk-button"
          // Named with its action: fifty badges in a list are fifty different buttons.
          aria-label={t('badge.button', {
            button: t(status === 'timedOut' ? 'checkAgain' : 'retry'),
            action: name,
          })}
          onClick={() => {
            statusText.current?.focus()
            if (status === 'timedOut') restart()
            else failed.retry()
          }}
        >
          {t(status === 'timedOut' ? 'checkAgain' : 'retry')}
        </button>
      )}
    </span>
  )
})
