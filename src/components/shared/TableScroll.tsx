'use client'
import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * Lets a wide table scroll sideways inside its list instead of widening the page. While it
 * does scroll, the box is a named, focusable region, so keyboard users can scroll it too
 * (a tab stop only when there is something to scroll).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
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
    <div
      ref={ref}
      data-slot="table-scroll"
      className="fk-table-scroll"
      {...(scrolls && { role: 'region', 'aria-label': label, tabIndex: 0 })}
    >
      {children}
    </div>
  )
}
