// Run by bench/polling/pollingBench.ts through vitest (jsdom, fake timers), never by `npm test`:
// N ActionStatusBadges on one pending action, 60 simulated seconds, requests counted at the
// emulator behind MSW; then the same with the tab hidden. Writes its figures to FILEKIT_BENCH_OUT.
import { writeFileSync } from 'node:fs'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { ActionStatusBadge, FileServiceProvider } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

const baseUrl = 'http://filekit.bench'
const secretKey = 'sk_polling_bench'
// The action stays pending for the whole measurement.
const emulator = createFileServiceEmulator({ projectId: 'demo', secretKey, delays: { action: 3_600_000 } })
const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
const gets: number[] = []
let started = 0
server.events.on('request:start', ({ request }) => {
  const path = new URL(request.url).pathname
  if (request.method === 'GET' && path.endsWith('/actions/recognize.json')) gets.push(Date.now() - started)
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  emulator.reset()
  gets.length = 0
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  setVisibility('visible')
})

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

async function pendingAction() {
  const { files } = await emulator.seed({ files: [{}] })
  const fileId = files[0]!.id
  await emulator.fetch(
    new Request(`http://x/api/v1/projects/demo/files/${fileId}/actions/recognize.json`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}` },
    }),
  )
  return fileId
}

/** N badges of one action in one provider (the host's QueryClient, as an app would have). */
function renderBadges(fileId: string, count: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <FileServiceProvider baseUrl={baseUrl} projectId="demo" token={secretKey}>
        {Array.from({ length: count }, (_, i) => `badge-${i}`).map((key) => (
          <ActionStatusBadge key={key} fileId={fileId} type="recognize" />
        ))}
      </FileServiceProvider>
    </QueryClientProvider>,
  )
}

const results: Record<string, unknown> = {}
afterAll(() => writeFileSync(process.env.FILEKIT_BENCH_OUT!, JSON.stringify(results)))

for (const count of [1, 10, 50]) {
  it(`${count} badges, 60 s visible`, async () => {
    const fileId = await pendingAction()
    started = Date.now()
    renderBadges(fileId, count)
    await advance(60_000)
    const pending = document.querySelectorAll('[data-slot="action-status"][data-status="pending"]').length
    expect(pending).toBe(count)
    results[`visible-${count}`] = { requests: gets.length, at: [...gets], pending }
    cleanup()
  })
}

it('50 badges, 3 s visible, 60 s hidden, then visible again', async () => {
  const fileId = await pendingAction()
  started = Date.now()
  renderBadges(fileId, 50)
  await advance(3_000)
  const beforeHidden = gets.length
  setVisibility('hidden')
  await advance(60_000)
  const whileHidden = gets.length - beforeHidden
  setVisibility('visible')
  await advance(100)
  results.hidden = {
    beforeHidden,
    whileHidden,
    onVisible: gets.length - beforeHidden - whileHidden,
    at: [...gets],
  }
  cleanup()
})
