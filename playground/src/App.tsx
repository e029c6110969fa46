import { useEffect, useRef } from 'react'
import { Operator } from './Operator.tsx'
import { Portal } from './Portal.tsx'
import { useHashRoute } from './useHashRoute.ts'

export function App() {
  const [path, go] = useHashRoute()
  const area = path.startsWith('/operator') ? 'operator' : 'portal'
  // Another view replaced what the keyboard was on (the link or button pressed is gone): the
  // keyboard goes to the new view's heading, which names the page. A view that placed the
  // keyboard itself (the group editor, on its new group's heading) keeps it there.
  const main = useRef<HTMLElement>(null)
  const shown = useRef(path)
  useEffect(() => {
    if (shown.current === path) return
    shown.current = path
    const heading = main.current?.querySelector<HTMLElement>('h2') ?? main.current
    if (!heading) return
    document.title = `${heading.textContent} · Filekit playground`
    if (!document.activeElement || document.activeElement === document.body) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
      heading.focus()
    }
  }, [path])
  return (
    <>
      <header>
        <h1>Filekit playground</h1>
        <nav aria-label="Areas">
          <a href="#/portal" aria-current={area === 'portal' ? 'page' : undefined}>
            End-user portal
          </a>{' '}
          ·{' '}
          <a href="#/operator" aria-current={area === 'operator' ? 'page' : undefined}>
            Operator console
          </a>
        </nav>
      </header>
      <main ref={main}>
        {area === 'operator' ? <Operator path={path} go={go} /> : <Portal path={path} go={go} />}
      </main>
    </>
  )
}
