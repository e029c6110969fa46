// The emulator in jsdom, where host apps run it in their own tests: what it answers there is
// what it answers in Node and in the browser.
import { setupServer } from 'msw/node'
import { describe, expect, it } from 'vitest'
import {
  createFileServiceEmulator,
  createFileServiceHandlers,
  createManualClock,
} from '../../src/testing/index.ts'

describe('the emulator in jsdom', () => {
  it('fails remove_bg on the blank sample, as everywhere else', async () => {
    const clock = createManualClock()
    const log: string[] = []
    const emulator = createFileServiceEmulator({ clock, log: (message) => log.push(message) })
    const { files } = await emulator.seed({ files: [{ sample: 'blank' }, { sample: 'subject' }] })
    const call = (path: string, init: RequestInit = {}) =>
      emulator.fetch(
        new Request(`http://files.test/api/v1/projects/demo${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${emulator.secretKey}`, 'Content-Type': 'application/json' },
        }),
      )
    const convert = async (id: string) =>
      (
        await (
          await call(`/files/${id}/conversions/remove_bg.json`, {
            method: 'POST',
            body: JSON.stringify({ recipe: '/crop/true/' }),
          })
        ).json()
      ).data.id as string
    const blank = await convert(files[0]!.id)
    const subject = await convert(files[1]!.id)
    clock.advance(60_000)
    const status = async (id: string) =>
      (await (await call(`/files/${id}.json`)).json()).data.attributes.status
    expect(await status(blank)).toBe('processing_error')
    expect(await status(subject)).toBe('ready')
    expect(log).toEqual([expect.stringMatching(/looks blank/)])
  })

  it("answers under a relative baseUrl (a host's proxy path), on the page's origin", async () => {
    const emulator = createFileServiceEmulator()
    const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl: '/operator-api' }))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const answer = await fetch(new URL('/operator-api/api/v1/projects/demo/groups.json', location.href), {
        headers: { Authorization: `Bearer ${emulator.secretKey}` },
      })
      expect(answer.status).toBe(200)
      expect((await answer.json()).data).toEqual([])
    } finally {
      server.close()
    }
  })
})
