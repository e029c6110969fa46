// Runs only in vitest.react18.config.ts: proves the job really runs on React 18, one copy of it.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'

function Probe() {
  // Hooks from @tanstack/react-query only work if it uses the same React as this renderer.
  const { data } = useQuery({ queryKey: ['probe'], queryFn: () => 'never', initialData: 'from cache' })
  return <p>{data}</p>
}

it('runs on React 18.3.1, with TanStack Query on the same copy', () => {
  expect(version).toBe('18.3.1')
  expect(domVersion).toBe('18.3.1')
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Probe />
    </QueryClientProvider>,
  )
  expect(html).toBe('<p>from cache</p>')
})
