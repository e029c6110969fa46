import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, waitFor } from '@testing-library/react'
import { startTransition, useState } from 'react'
import { expect, it, vi } from 'vitest'
import { createFileServiceClient, FileServiceProvider, useGroup } from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator } from '../hooks/setup.tsx'

// New groups stay pending for a minute here, so the group on screen keeps polling.
const { emulator, server } = setupEmulator({ delays: { group: 60_000 } })

it('sends each query only its own scope’s token while a token change waits in a transition', async () => {
  const { files } = await emulator.seed({ files: [{}, {}] })
  const operator = createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey })
  const a = await operator.groups.create({ fileIds: [files[0]!.id] })
  const b = await operator.groups.create({ fileIds: [files[1]!.id] })
  const sent: string[] = []
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(a.id)) sent.push(request.headers.get('authorization') ?? '')
  })
  const onAuthError = vi.fn()
  const never = new Promise<never>(() => {})
  let switchTo!: (token: string) => void
  function GroupA() {
    const { data, error } = useGroup(a.id, { initialInterval: 50, maxInterval: 50 })
    return <p>{error ? error.name : data?.status}</p>
  }
  // The next page (a Next.js route, say) is still loading: the transition suspends, uncommitted.
  function Next({ token }: { token: string }) {
    // (Thrown, not `use`d: React 18 has no `use`.)
    if (token !== a.accessToken) throw never
    return null
  }
  function App() {
    const [token, setToken] = useState(a.accessToken!)
    switchTo = setToken
    return (
      <QueryClientProvider client={newQueryClient()}>
        <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={token} onAuthError={onAuthError}>
          {token === a.accessToken && <GroupA />}
          <Next token={token} />
        </FileServiceProvider>
      </QueryClientProvider>
    )
  }
  const view = render(<App />)
  await waitFor(() => expect(view.container.textContent).toBe('pending'))
  act(() => startTransition(() => switchTo(b.accessToken!)))
  await new Promise((resolve) => setTimeout(resolve, 400))
  // Group A's page stays on screen, polling with A's token: B's would be refused.
  expect(sent.filter((header) => header !== `Bearer ${a.accessToken}`)).toEqual([])
  expect(sent.length).toBeGreaterThan(3)
  expect(onAuthError).not.toHaveBeenCalled()
  expect(view.container.textContent).toBe('pending')
})
