'use client'
import { type ComponentProps, useEffect, useRef } from 'react'
import { useFileService } from '../../provider/context.js'
import { listMessages, stateMessages } from '../../provider/messages.js'
import { cx } from './cx.js'
import { formatNumber } from './format.js'
import { useText } from './useText.js'
import { type FetchState, waitingText } from './waitingText.js'

const text = { ...stateMessages, ...listMessages }

export interface PaginationProps extends Omit<ComponentProps<'nav'>, 'onChange'> {
  /** Name of the list it pages (the table's label): two lists on a page get two named navigations. */
  list: string
  page: number
  pages: number
  pageSize: number
  /** Choices for the page size select; none: no select. @default [10, 20, 50, 100] */
  pageSizes?: readonly number[] | undefined
  /** Called with the page to go to; `isCorrection` when it is `correction`, not the user's move. */
  onPageChange: (page: number, isCorrection?: boolean) => void
  onPageSizeChange?: (size: number) => void
  /** True while the next page loads (the old one stays visible). */
  isBusy?: boolean
  /** The page's fetch: while it waits for the network or tries again, the status says so. */
  fetching?: FetchState
  /** The page asked for while `page` is still shown: what `fetching` waits for, said with it. */
  loadingPage?: number | undefined
  /** The page to go to instead of the one asked for (past the last, or not a page): told once. */
  correction?: number | false | undefined
}

/** First / previous / next / last, "Page n of m" and the page size; a `correction` goes there. */
export function Pagination({
  list,
  page,
  pages,
  pageSize,
  pageSizes = [10, 20, 50, 100],
  onPageChange,
  onPageSizeChange,
  isBusy,
  fetching,
  loadingPage,
  correction,
  className,
  ...rest
}: PaginationProps) {
  const t = useText(text)
  const { locale } = useFileService()
  const waiting = fetching && waitingText(fetching, t)
  // A button pressed to the first or last page becomes disabled, and Chromium would drop its focus
  // to the page body: the keyboard goes to the page status instead, which then says the new page.
  const status = useRef<HTMLSpanElement>(null)
  // Said once: StrictMode runs the effect twice in development, before the page has moved.
  const said = useRef<number | false | undefined>(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: onPageChange is a new function every render
  useEffect(() => {
    if (correction && said.current !== correction) onPageChange(correction, true)
    said.current = correction
  }, [correction])
  const button = (label: string, target: number, disabled: boolean, symbol: string) => (
    <button
      type="button"
      className="fk-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => {
        if (target <= 1 || target >= pages) status.current?.focus()
        onPageChange(target)
      }}
    >
      {symbol}
    </button>
  )
  return (
    <nav
      aria-label={t('pagination.label', { list })}
      data-slot="pagination"
      data-busy={isBusy || undefined}
      className={cx('fk-pagination', className)}
      {...rest}
    >
      {button(t('pagination.first'), 1, page <= 1, '«')}
      {button(t('pagination.previous'), page - 1, page <= 1, '‹')}
      <span ref={status} tabIndex={-1} aria-live="polite">
        {t('pagination.status', { page, pages })}
        {waiting && (
          <span data-slot="waiting">
            {' · '}
            {loadingPage && `${t('pagination.loading', { page: loadingPage })} · `}
            {waiting}
          </span>
        )}
      </span>
      {button(t('pagination.next'), page + 1, page >= pages, '›')}
      {button(t('pagination.last'), pages, page >= pages, '»')}
      {onPageSizeChange && pageSizes.length > 0 && (
        <label>
          {t('pagination.pageSize')}{' '}
          <select value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
            {/* A size the host gave that is not among the choices shows as itself, and the others stay choosable. */}
            {(pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)).map(
              (size) => (
                <option key={size} value={size}>
                  {formatNumber(size, locale)}
                </option>
              ),
            )}
          </select>
        </label>
      )}
    </nav>
  )
}
