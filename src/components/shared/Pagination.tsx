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
  /** Choices for the page size select. @default [10, 20, 50, 100] */
  pageSizes?: number[]
  onPageChange: (page: number) => void
  onPageSizeChange?: (size: number) => void
  /** True while the next page loads (the old one stays visible). */
  isBusy?: boolean
  /** The page's fetch: while it waits for the network or tries again, the status says so. */
  fetching?: FetchState
  /** The page asked for while `page` is still shown: what `fetching` waits for, said with it. */
  loadingPage?: number | undefined
}

/** First / previous / next / last, "Page n of m" and the page size; a page past the last goes to the last. */
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
  className,
  ...rest
}: PaginationProps) {
  const t = useText(text)
  const { locale } = useFileService()
  const waiting = fetching && waitingText(fetching, t)
  // A button pressed to the first or last page becomes disabled, and Chromium would drop its focus
  // to the page body: the keyboard goes to the page status instead, which then says the new page.
  const status = useRef<HTMLSpanElement>(null)
  // A page past the last (its files were removed since, or the default page was too far) would
  // show an empty table: the last page is shown instead.
  const past = page > pages && pages > 0
  // Said once: StrictMode runs the effect twice in development, before the page has moved.
  const said = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: onPageChange is a new function every render
  useEffect(() => {
    if (past && said.current !== pages) onPageChange(pages)
    said.current = past ? pages : 0
  }, [past, pages])
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
      {onPageSizeChange && (
        <label>
          {t('pagination.pageSize')}{' '}
          <select value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {formatNumber(size, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
    </nav>
  )
}
