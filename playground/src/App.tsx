import { Operator } from './Operator.tsx'
import { Portal } from './Portal.tsx'
import { useHashRoute } from './useHashRoute.ts'

export function App() {
  const [path, go] = useHashRoute()
  const area = path.startsWith('/operator') ? 'operator' : 'portal'
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
      <main>{area === 'operator' ? <Operator path={path} go={go} /> : <Portal path={path} go={go} />}</main>
    </>
  )
}
