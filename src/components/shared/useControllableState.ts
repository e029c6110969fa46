'use client'
import { useCallback, useState } from 'react'

/**
 * `value`/`defaultValue`/`onChange` in one place: controlled while `value` is given. One switched
 * to uncontrolled (`value` no longer given) carries on from the value it showed instead of
 * failing on `undefined`, and one switched to controlled shows the host's value.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (value: T) => void,
) {
  const [own, setOwn] = useState(defaultValue)
  // While controlled, its own state follows the host's value, so a switch to uncontrolled
  // carries on from what was shown (the render is redone at once, before anything is drawn).
  if (value !== undefined && value !== own) setOwn(value)
  const set = useCallback(
    (next: T) => {
      setOwn(next)
      onChange?.(next)
    },
    [onChange],
  )
  return [value === undefined ? own : value, set] as const
}
