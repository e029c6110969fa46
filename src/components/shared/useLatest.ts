'use client'
import { useRef } from 'react'

/**
 * A ref to this render's `value`, for what happens renders later (an answer landing, a queued
 * upload starting): it reads the host's latest callbacks and props, not those of the render in
 * which it began.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value)
  ref.current = value
  return ref
}
