// reset() between stories or tests: a request still waiting on the latency fault belongs to the
// state before it. It answers 503 and takes nothing set up after the reset (a failNext meant for
// the next story), which stays for the next request.
import { expect, it } from 'vitest'
import { createFileServiceEmulator } from '../../src/testing/index.ts'

const emulator = createFileServiceEmulator()
const listGroups = () =>
  emulator.fetch(
    new Request('http://x/api/v1/projects/demo/groups.json', {
      headers: { Authorization: `Bearer ${emulator.secretKey}` },
    }),
  )

it('answers 503 to a request that waited across reset(), leaving the new faults alone', async () => {
  emulator.faults.latency(100)
  const waiting = listGroups()
  emulator.reset()
  emulator.faults.failNext('/groups.json', { status: 422, message: 'Meant for the next test' })
  const held = await waiting
  expect(held.status).toBe(503)
  expect(await held.json()).toEqual({ errors: ['The emulator was reset while this request waited.'] })

  const next = await listGroups()
  expect(next.status).toBe(422)
  expect(await next.json()).toEqual({ errors: ['Meant for the next test'] })
  expect((await listGroups()).status).toBe(200)
})

it('answers a request that waited without a reset as usual', async () => {
  emulator.reset()
  emulator.faults.latency(50)
  expect((await listGroups()).status).toBe(200)
})
