import { useEffect, useRef } from 'react'
import { Operator } from './Operator.tsx'
import { Portal } from './Portal.tsx'
import { setPageTitle } from './pageTitle.ts'
import { useHashRoute } from './useHashRoute.ts'

// How a button or link is named to the keyboard user: its label, else its text.
const nameOf = (el: Element) => el.getAttribute('aria-label') ?? el.textContent ?? ''
// The view's buttons and links named `name`, in page order (two files may share a name).
const named = (root: HTMLElement | null, name: string) =>
  [...(root?.querySelectorAll<HTMLElement>('button, a') ?? [])].filter((el) => nameOf(el) === name)

export function App() {
  // What the keyboard was on when a view was left (the "Open" or "Details" button pressed):
  // back on that view, it lands there again rather than at the top.
  // By name, and which of the elements with that name it was.
  const openers = useRef(new Map<string, [name: string, nth: number]>())
  const main = useRef<HTMLElement>(null)
  const [path, go] = useHashRoute((from) => {
    const el = document.activeElement
    if (el instanceof HTMLElement && el !== document.body && main.current?.contains(el)) {
      const name = nameOf(el)
      openers.current.set(from, [name, named(main.current, name).indexOf(el)])
    } else openers.current.delete(from)
  })
  const area = path.startsWith('/operator') ? 'operator' : 'portal'
  // Another view replaced what the keyboard was on (the link or button pressed is gone): the
  // keyboard goes to the new view's heading, which names the page, or back to the button that
  // left it. A view that placed the keyboard itself (the group editor, on its new group's
  // heading) keeps it there.
  const shown = useRef(path)
  useEffect(() => {
    if (shown.current === path) return
    shown.current = path
    const heading = main.current?.querySelector<HTMLElement>('h2') ?? main.current
    if (!heading) return
    setPageTitle(heading.textContent ?? '')
    if (!document.activeElement || document.activeElement === document.body) {
      const [name = '', nth = 0] = openers.current.get(path) ?? []
      const same = named(main.current, name)
      const opener = same[nth] ?? same[0]
      if (opener) return opener.focus()
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
