'use client'
import { useInsertionEffect, useRef } from 'react'

/**
 * A ref to the last committed render's `value`, for what happens renders later (a click, an
 * answer landing, a queued upload starting): it reads the host's latest callbacks and props, not
 * those of the render in which it began, nor those of a render React keeps pending (another group
 * opened in a transition that waits: the page on screen is still the old one) or throws away.
 * Set in an insertion effect: React runs those at every commit, also one inside a hidden
 * `<Activity>`, where layout effects wait until it is shown.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value)
  useInsertionEffect(() => {
    ref.current = value
  })
  return ref
}
