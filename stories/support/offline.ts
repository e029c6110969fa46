import { onlineManager } from '@tanstack/react-query'

/**
 * A story `beforeEach`: TanStack Query believes the browser is offline for the story (as after
 * the window's `offline` event), so queries and mutations wait for the network; the next story
 * is online again.
 */
export function offline() {
  onlineManager.setOnline(false)
  return () => onlineManager.setOnline(true)
}

/** A story `beforeEach` for a story whose play goes offline itself: the next story is online. */
export function onlineAfter() {
  return () => onlineManager.setOnline(true)
}
