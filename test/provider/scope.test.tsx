// The cache scope of a provider, as a server prefetching for it computes it too: behind a proxy
// that adds the secret key (no token in the browser), and two token-less providers on one client.
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { http } from 'msw'
import { useState } from 'react'
import { expect, it } from 'vitest'
import {
  createFileServiceClient,
  FileServiceProvider,
  groupQueryOptions,
  type QueryContext,
  tokenScope,
  useGroup,
} from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator } from '../hooks/setup.tsx'

const { emulator, server, count } = setupEmulator()
const proxy = 'http://app.test/operator-api'

/** The host's backend: forwards to the service with the secret key, whatever the browser sent. */
function useProxy() {
  server.use(
    http.all(`${proxy}/*`, async ({ request }) => {
      const url = new URL(request.url)
      return emulator.fetch(
        new Request(`${baseUrl}${url.pathname.slice('/operator-api'.length)}${url.search}`, {
          method: request.method,
          headers: { Authorization: `Bearer ${secretKey}` },
        }),
      )
    }),
  )
}

function Show({ id, who }: { id: string; who: string }) {
  const group = useGroup(id)
  const text = group.isError
    ? `${who}: ${group.error.name}`
    : group.data
      ? `${who}: ${group.data.id}${group.data.accessToken ? ' with its token' : ''}`
      : `${who}: loading`
  return <p>{text}</p>
}

it('a server prefetching for a proxied provider names the scope as the provider does: no token, the same tokenScope', async () => {
  useProxy()
  const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
  const id = groups[0]!.id
  // The server holds the secret key and talks to the service; the browser's provider has no token.
  const serverCtx: QueryContext = {
    client: createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey }),
    projectId: 'demo',
    // What the browser's provider gets: no token, tokenScope="operator". That is just the name.
    scope: 'operator',
  }
  const hostClient = newQueryClient()
  hostClient.setQueryDefaults(['filekit'], { staleTime: 60_000 })
  await hostClient.prefetchQuery(groupQueryOptions(serverCtx, id))
  const asked = count('GET', `/groups/${id}`)
  render(
    <QueryClientProvider client={hostClient}>
      <FileServiceProvider baseUrl={proxy} projectId="demo" tokenScope="operator">
        <Show id={id} who="operator" />
      </FileServiceProvider>
    </QueryClientProvider>,
  )
  // The prefetched group at once, not asked again.
  expect(screen.getByText(`operator: ${id} with its token`)).toBeDefined()
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(count('GET', `/groups/${id}`)).toBe(asked)
  expect(hostClient.getQueryCache().getAll()).toHaveLength(1)
})

it('a token-less provider to the service never shows what a token-less one behind a proxy cached', async () => {
  useProxy()
  const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
  const id = groups[0]!.id
  const seen: string[] = []
  let open!: (view: 'operator' | 'portal') => void
  function App() {
    const [view, setView] = useState<'operator' | 'portal'>('operator')
    open = setView
    // Neither names its scope: the playground's operator console and end-user portal.
    return view === 'operator' ? (
      <FileServiceProvider baseUrl={proxy} projectId="demo">
        <Show id={id} who="operator" />
      </FileServiceProvider>
    ) : (
      <FileServiceProvider baseUrl={baseUrl} projectId="demo">
        <Seen id={id} />
      </FileServiceProvider>
    )
  }
  function Seen({ id }: { id: string }) {
    const group = useGroup(id)
    seen.push(
      group.data ? `data ${group.data.accessToken ?? ''}` : group.isError ? group.error.name : 'loading',
    )
    return null
  }
  render(
    <QueryClientProvider client={newQueryClient()}>
      <App />
    </QueryClientProvider>,
  )
  await screen.findByText(`operator: ${id} with its token`)
  act(() => open('portal'))
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  // The service refuses a token-less read; the operator's group (and its gat-) never showed.
  expect(seen[0]).toBe('loading')
  expect(seen).not.toContainEqual(expect.stringMatching(/^data/))
  expect(seen.at(-1)).toBe('AuthError')
})

it('a tokenScope name with a token string keeps the hash: another user under the same name is another scope', () => {
  const a = tokenScope('gat-user-a', { tokenScope: 'portal' })
  expect(a).toMatch(/^group:[0-9a-f]{8}:portal$/)
  expect(a).toContain(tokenScope('gat-user-a').slice(0, 14))
  expect(tokenScope('gat-user-b', { tokenScope: 'portal' })).not.toBe(a)
  expect(tokenScope(() => 'gat-x', { tokenScope: 'user-1' })).toBe('user-1')
  // Unnamed, one per service, as with no token: a token function to the service and one to a proxy never share.
  expect(tokenScope(() => 'gat-x', { baseUrl })).toMatch(/^dynamic:[0-9a-f]{8}$/)
  expect(tokenScope(() => 'gat-x', { baseUrl: proxy })).not.toBe(tokenScope(() => 'gat-x', { baseUrl }))
  expect(tokenScope(undefined, { tokenScope: 'operator', baseUrl: proxy })).toBe('operator')
  expect(tokenScope(undefined, { baseUrl: proxy })).toMatch(/^anonymous:[0-9a-f]{8}$/)
  expect(tokenScope(undefined, { baseUrl: proxy })).not.toBe(tokenScope(undefined, { baseUrl }))
})
