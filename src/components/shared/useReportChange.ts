'use client'
import { useEffect, useRef } from 'react'
import { useLatest } from './useLatest.js'

/**
 * Tells the host's latest `report` of `value` once per change, after the render that made it:
 * StrictMode runs effects twice in development, and so does an `<Activity>` shown again. `from`
 * is the value the host is taken to know at mount (`undefined`: none, so the first is reported).
 */
export function useReportChange<T>(value: T, report: ((value: T) => void) | undefined, from?: T) {
  const latest = useLatest(report)
  const said = useRef(from)
  useEffect(() => {
    if (said.current !== value) latest.current?.(value)
    said.current = value
  }, [value])
}
