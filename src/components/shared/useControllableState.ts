'use client'
import { useCallback, useRef, useState } from 'react'

/**
 * `value`/`defaultValue`/`onChange` in one place. Whether the component is controlled is fixed
 * at mount: it never switches between controlled and uncontrolled.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (value: T) => void,
) {
  const controlled = useRef(value !== undefined).current
  const [own, setOwn] = useState(defaultValue)
  const current = controlled ? (value as T) : own
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next)
      onChange?.(next)
    },
    [controlled, onChange],
  )
  return [current, set] as const
}
