'use client'
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { cloneElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react'
import { usePollingTimeout } from '../../hooks/queries.js'
import { listMessages, stateMessages } from '../../provider/messages.js'
import { CheckAgain } from './CheckAgain.js'
import { errorText } from './errorText.js'
import { focusedIn } from './focusedIn.js'
import { Pagination, type PaginationProps } from './Pagination.js'
import { useCommitEffect } from './useCommitEffect.js'
import { type FailedQuery, useFailedAlert } from './useFailedAlert.js'
import { useText } from './useText.js'

const text = { ...stateMessages, ...listMessages }

/**
 * FileList's and GroupList's table and pagination. A wide table scrolls sideways inside the
 * list instead of widening the page; while it does, its box is a focusable region ("Files,
 * scrolls sideways": not the list's own name, which a host's section may already carry) so
 * keyboard users can scroll it too (a tab stop only when there is something to scroll). When
 * the page stopped polling its pending rows (`maxWait`), a line says so with "Check again"; when
 * refreshing the page, or loading the page asked for, failed, the rows shown stay and a line says
 * so with "Try again".
 *
 * A row keeps its element while its item stays on the page, so a refresh that adds, removes or
 * moves items leaves the others (and the keyboard in them) where they are. A page that shares no
 * item with the one shown (another page) takes over its row elements in order, updated in place
 * instead of replaced: in Chromium a page change of 100 rows costs about a fifth less. Not
 * while the keyboard is in a row: it would stay on the same place, now another item's. Rows keep
 * what belongs to one item (an image, a host's cells) in elements keyed by the item.
 */
export function PagedTable({
  label,
  head,
  rows,
  pagination,
  polled,
  query,
}: {
  /** The table's accessible name; the pagination is named after it. */
  label: string
  /** The header cells. */
  head: ReactNode
  /** The rows, each keyed by its item's id. */
  rows: ReactElement[]
  pagination: Omit<PaginationProps, 'list'>
  /** The page's query, polled while a row is pending: after `maxWait` a line says so, with "Check again". */
  polled: { queryKey: QueryKey; maxWait: number | undefined }
  /** The page's query: a failed refresh (the rows shown are older) or page change is said, with "Try again". */
  query: FailedQuery & { error: unknown }
}) {
  const t = useText(text)
  // A page asked for while another is shown: what failed is loading it, not a refresh.
  const { loadingPage } = pagination
  const { timedOut, restart } = usePollingTimeout(polled.queryKey, polled.maxWait)
  const failed = useFailedAlert(hashKey(polled.queryKey), [query])
  const table = useRef<HTMLTableElement>(null)
  const body = useRef<HTMLTableSectionElement>(null)
  // The rows' keys by item id, in the order of the last render committed, and the next new key.
  // A render thrown away (a transition that suspends) leaves them as they were.
  const committed = useRef(new Map<string, number>())
  const newKey = useRef(0)
  const last = committed.current
  const ids = rows.map((row) => row.key!)
  const reuse = !body.current?.contains(focusedIn(body.current)) && !ids.some((id) => last.has(id))
  const lastKeys = [...last.values()]
  const keys = new Map(ids.map((id, i) => [id, (reuse ? lastKeys[i] : last.get(id)) ?? newKey.current++]))
  useCommitEffect(() => {
    committed.current = keys
  })
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const box = ref.current
    if (!box || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setScrolls(box.scrollWidth > box.clientWidth))
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <>
      <div
        ref={ref}
        data-slot="table-scroll"
        className="fk-table-scroll"
        {...(scrolls && { role: 'region', 'aria-label': t('table.scroll', { list: label }), tabIndex: 0 })}
      >
        {/* Focusable by script: "Check again" vanishes once pressed and hands the keyboard here. */}
        <table
          ref={table}
          tabIndex={-1}
          data-focus-landing
          aria-label={label}
          aria-busy={pagination.isBusy || undefined}
        >
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody ref={body}>{rows.map((row) => cloneElement(row, { key: keys.get(row.key!) }))}</tbody>
        </table>
      </div>
      {failed.shown && (
        <p data-slot="list-refresh-failed" role="alert">
          {t(loadingPage ? 'list.pageFailed' : 'refreshFailed', {
            ...(loadingPage && { page: loadingPage }),
            message: errorText(query.error, t),
          })}{' '}
          <CheckAgain label="retry" onCheck={failed.retry} focusTo={table} />
        </p>
      )}
      {/* There before its text: a live region that appears with it is not read by every screen reader. */}
      <div role="status" data-slot="list-status">
        {timedOut && (
          <p data-slot="list-timed-out">
            {t('list.stillProcessing')} <CheckAgain onCheck={restart} focusTo={table} />
          </p>
        )}
      </div>
      <Pagination list={label} {...pagination} />
    </>
  )
}
