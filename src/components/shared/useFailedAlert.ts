'use client'
import { useState } from 'react'

/** The parts of TanStack query results that say a fetch failed, and ask again. */
export interface FailedQuery {
  isError: boolean
  errorUpdateCount: number
  refetch: () => unknown
}

/**
 * Whether to show the alert for failed `queries` (of the data `id` names), and a retry for its
 * "Try again". The alert stays the same element through failed background polls (not read out
 * again at each), goes while a "Try again" is on its way, and comes back as a new element, read
 * out again, if that try fails too.
 */
export function useFailedAlert(id: string, queries: readonly FailedQuery[]) {
  const [pressed, setPressed] = useState('')
  const failure = `${id} ${queries.reduce((n, q) => n + q.errorUpdateCount, 0)}`
  return {
    shown: queries.some((q) => q.isError) && failure !== pressed,
    retry: () => {
      setPressed(failure)
      for (const q of queries) if (q.isError) void q.refetch()
    },
  }
}
