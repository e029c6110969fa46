'use client'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { listMessages } from '../../provider/messages.js'
import { Pagination, type PaginationProps } from './Pagination.js'
import { useText } from './useText.js'

/**
 * FileList's and GroupList's table and pagination. A wide table scrolls sideways inside the
 * list instead of widening the page; while it does, its box is a focusable region ("Files,
 * scrolls sideways": not the list's own name, which a host's section may already carry) so
 * keyboard users can scroll it too (a tab stop only when there is something to scroll).
 */
export function PagedTable({
  label,
  head,
  children,
  pagination,
}: {
  /** The table's accessible name; the pagination is named after it. */
  label: string
  /** The header cells. */
  head: ReactNode
  /** The rows. */
  children: ReactNode
  pagination: Omit<PaginationProps, 'list'>
}) {
  const t = useText(listMessages)
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
        <table aria-label={label} aria-busy={pagination.isBusy || undefined}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <Pagination list={label} {...pagination} />
    </>
  )
}
