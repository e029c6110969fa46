/** A copy of `list` with the item at `from` moved to `to` (both clamped to the list). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const target = Math.max(0, Math.min(next.length - 1, to))
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(target, 0, item)
  return next
}
