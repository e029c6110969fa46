import { useEffect, useState } from 'react'

const read = () => window.location.hash.replace(/^#/, '') || '/portal'

/** The path in the URL fragment (`#/operator/files/f-…`), kept current. */
export function useHashRoute(): [string, (path: string) => void] {
  const [path, setPath] = useState(read)
  useEffect(() => {
    const onChange = () => setPath(read())
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
