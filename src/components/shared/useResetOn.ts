'use client'
import { useState } from 'react'

/**
 * Calls `reset` while rendering when `key` changes (another group, another token's scope), so the
 * render that shows the new key never shows state kept for the last one. `reset` may only set
 * this component's own state (React renders it again at once, before committing anything).
 */
export function useResetOn(key: string, reset: () => void) {
  const [seen, setSeen] = useState(key)
  if (seen !== key) {
    setSeen(key)
    reset()
  }
}
