'use client'
import { useEffect, useRef } from 'react'

/**
 * For buttons that vanish once pressed: remember where the keyboard should go (`target`) and,
 * after the render that replaced the button, focus what `resolve` finds for it.
 */
export function useFocusAfterRender<T>(resolve: (target: T) => HTMLElement | null | undefined) {
  const pending = useRef<{ target: T } | null>(null)
  useEffect(() => {
    const next = pending.current
    if (!next) return
    pending.current = null
    resolve(next.target)?.focus()
  })
  return (target: T) => {
    pending.current = { target }
  }
}
