import { useEffect, useRef, useState } from 'react'

const read = () => window.location.hash.replace(/^#/, '') || '/portal'

/**
 * The path in the URL fragment (`#/operator/files/f-…`), kept current. `onLeave` is told which
 * path is left while its view is still on screen (the keyboard still on what was pressed).
 */
export function useHashRoute(onLeave?: (from: string) => void): [string, (path: string) => void] {
  const [path, setPath] = useState(read)
  const latest = useRef({ path, onLeave })
  latest.current = { path, onLeave }
  useEffect(() => {
    const onChange = () => {
      latest.current.onLeave?.(latest.current.path)
      setPath(read())
    }
    window.addEventListener('hashchange', onChange)
    return () => window.removeEventListener('hashchange', onChange)
  }, [])
  return [
    path,
    (next) => {
      window.location.hash = next
    },
  ]
}
