// Shared test setup: the emulator behind MSW, a request counter, and a wrapper with a host
// QueryClient and the FileServiceProvider.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { FileServiceProvider, type FileServiceProviderProps } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

export const baseUrl = 'http://filekit.test'
export const secretKey = 'sk_hooks_test'

export function setupEmulator(options: Parameters<typeof createFileServiceEmulator>[0] = {}) {
  // The emulator reads Date.now, so vitest's fake timers drive its transitions too.
  const emulator = createFileServiceEmulator({ projectId: 'demo', secretKey, ...options })
  const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
  const requests: { method: string; path: string; at: number }[] = []
  server.events.on('request:start', ({ request }) => {
    requests.push({ method: request.method, path: new URL(request.url).pathname, at: Date.now() })
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => {
    emulator.reset()
    requests.length = 0
  })
  afterEach(() => {
    cleanup()
    server.resetHandlers()
  })
  afterAll(() => server.close())
  const count = (method: string, pathPart: string) =>
    requests.filter((r) => r.method === method && r.path.includes(pathPart)).length
  /** Holds the emulator's answers to `method path` (under baseUrl) until the returned release is called. */
  const hold = (method: 'get' | 'put' | 'post', path: string) => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http[method](`${baseUrl}${path}`, async ({ request }) => {
        await released
        return emulator.fetch(request)
      }),
    )
    return release
  }
  return { emulator, server, requests, count, hold }
}

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

/** A wrapper for renderHook/render: the host's QueryClientProvider around Filekit's provider. */
export function wrapper(props: Partial<FileServiceProviderProps> & { hostClient?: QueryClient } = {}) {
  const { hostClient = newQueryClient(), ...rest } = props
  return {
    hostClient,
    Wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={hostClient}>
        <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={secretKey} {...rest}>
          {children}
        </FileServiceProvider>
      </QueryClientProvider>
    ),
  }
}
