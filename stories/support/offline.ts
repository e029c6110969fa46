import { onlineManager, type QueryClient } from '@tanstack/react-query'

/** The QueryClient of the story on screen (the preview's host app makes one per story). */
export const storyClient: { current: QueryClient | null } = { current: null }

/**
 * Makes the story's data stale, as it is once older than the 5 s a page, group or file stays
 * fresh: the next window focus or reconnect refreshes it (without waiting those 5 s).
 */
export const staleNow = () => storyClient.current?.invalidateQueries({ refetchType: 'none' })

/**
 * Back online for the next story. Storybook runs this before it unmounts the story: the story's
 * queries and mutations still held for the network are dropped first, or they would go out now
 * and reach the emulator after the next story has seeded it, taking the faults set for that story.
 */
function online() {
  storyClient.current?.clear()
  onlineManager.setOnline(true)
}

/**
 * A story `beforeEach`: TanStack Query believes the browser is offline for the story (as after
 * the window's `offline` event), so queries and mutations wait for the network; the next story
 * is online again.
 */
export function offline() {
  onlineManager.setOnline(false)
  return online
}

/** A story `beforeEach` for a story whose play goes offline itself: the next story is online. */
export function onlineAfter() {
  return online
}
