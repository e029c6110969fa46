'use client'
import { useCallback, useState } from 'react'

/**
 * `value`/`defaultValue`/`onChange` in one place: controlled while `value` is given. Changes
 * made here are also kept as the component's own state, so one switched to uncontrolled
 * (`value` no longer given) carries on from its last change instead of failing on `undefined`,
 * and one switched to controlled shows the host's value.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (value: T) => void,
) {
  const [own, setOwn] = useState(defaultValue)
  const set = useCallback(
    (next: T) => {
      setOwn(next)
      onChange?.(next)
    },
    [onChange],
  )
  return [value === undefined ? own : value, set] as const
}
