import { act } from '@testing-library/react'
import { type ReactNode, Suspense, startTransition, useState } from 'react'

/**
 * A host showing `view(id)` for the id it was last given. `open(id)` shows another at once;
 * `navigate(id)` opens it in a transition beside a panel that suspends, as a router still waiting
 * for the next page's data: React keeps what is on screen, usable, and renders the next view
 * meanwhile without showing it.
 */
export function navigatingHost<T>(first: T, view: (id: T) => ReactNode) {
  const waiting = new Promise<never>(() => {})
  function Panel(): null {
    throw waiting
  }
  let show = (_: { id: T; panel: boolean }) => {}
  function Host() {
    const [shown, setShown] = useState({ id: first, panel: false })
    show = setShown
    return (
      <Suspense fallback="…">
        {view(shown.id)}
        {shown.panel && <Panel />}
      </Suspense>
    )
  }
  return {
    Host,
    open: (id: T) => act(() => show({ id, panel: false })),
    navigate: (id: T) => act(() => startTransition(() => show({ id, panel: true }))),
  }
}
