'use client'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Pagination, type PaginationProps } from './Pagination.js'

/**
 * FileList's and GroupList's table and pagination. A wide table scrolls sideways inside the
 * list instead of widening the page; while it does, its box is a named, focusable region so
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
        {...(scrolls && { role: 'region', 'aria-label': label, tabIndex: 0 })}
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
