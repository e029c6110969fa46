import axe from 'axe-core'
import { expect, vi } from 'vitest'

/**
 * Runs axe on a container and fails with the violations listed. axe needs real timers: with
 * fake ones installed, call this last (it switches to real timers).
 */
export async function expectNoAxeViolations(container: Element) {
  vi.useRealTimers()
  // jsdom has no layout, so colour contrast can't be computed here; the browser runs check it.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
}
