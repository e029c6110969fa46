'use client'
import type { RefObject } from 'react'
import { stateMessages } from '../../provider/messages.js'
import { useText } from './useText.js'

/**
 * "Check again", shown once polling gave up (`maxWait`): restarts it; or "Try again" (`label`)
 * after a failed refresh. The button vanishes once pressed, so it first hands the keyboard to
 * `focusTo` (the line that says what is pending, or the content that was refreshed).
 */
export function CheckAgain({
  onCheck,
  focusTo,
  label = 'checkAgain',
}: {
  onCheck: () => void
  focusTo: RefObject<HTMLElement | null>
  label?: 'checkAgain' | 'retry'
}) {
  const t = useText(stateMessages)
  return (
    <button
      type="button"
      className="fk-button"
      onClick={() => {
        focusTo.current?.focus()
        onCheck()
      }}
    >
      {t(label)}
    </button>
  )
}
