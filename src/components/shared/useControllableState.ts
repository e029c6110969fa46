'use client'
import { useCallback, useState } from 'react'
import { useLatest } from './useLatest.js'

// Replaced by bundlers (see FileServiceProvider): production builds drop the warning.
declare const process: { env: { NODE_ENV?: string } }
let warned = false

/**
 * `value`/`defaultValue`/`onChange` in one place: controlled while `value` is given. One switched
 * to uncontrolled (`value` no longer given) carries on from the value it showed instead of
 * failing on `undefined`, and one switched to controlled shows the host's value. The third item
 * sets its own value without telling the host (a reset; while controlled the host's value wins).
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  // More arguments are the caller's to pass (a list's page change says whether it was a correction).
  onChange?: (value: T, ...more: never[]) => void,
) {
  const [own, setOwn] = useState(defaultValue)
  // As React says of an <input value> without onChange: nothing the user does would show.
  if (process.env.NODE_ENV !== 'production' && value !== undefined && !onChange && !warned) {
    warned = true
    console.warn(
      '[filekit] A value given without its change callback (RecipeBuilder `value` without `onValueChange`, FileList `selectedIds` without `onSelectedIdsChange`, FileList or GroupList `page` without `onPageChange`, `pageSize` without `onPageSizeChange`) cannot change: what the user does is not shown. Pass the callback, or the `default…` prop to let the component keep its own.',
    )
  }
  // The host's value at the last render committed (see useLatest): a switch to uncontrolled
  // carries on from what was shown (its own state set then, the render redone at once, before
  // anything is drawn; a switch in a render thrown away finds it still). Not copied into its own
  // state at every render: a host giving a new array each time (`ids.map(…)`) would have every
  // render done twice.
  const hosts = useLatest(value)
  if (value === undefined && hosts.current !== undefined && !Object.is(own, hosts.current))
    setOwn(hosts.current)
  const set = useCallback(
    (next: T) => {
      setOwn(next)
      onChange?.(next)
    },
    [onChange],
  )
  return [value === undefined ? own : value, set, setOwn] as const
}
