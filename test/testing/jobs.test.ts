// Jobs that break unexpectedly end as failed work, and the emulator keeps answering.
import { describe, expect, it } from 'vitest'
import {
  createFileServiceEmulator,
  createManualClock,
  createSimulatedEngines,
  type EmulatorEngines,
  ProcessingError,
} from '../../src/testing/index.ts'

const simulated = createSimulatedEngines()
const engines: EmulatorEngines = {
  ...simulated,
  convert: async () => {
    throw new Error('disk full')
  },
  runAction: async () => {
    throw new Error('engine crashed')
  },
  preview: async () => {
    throw new ProcessingError('This preview operation is not supported.')
  },
}

const call = (
  emulator: ReturnType<typeof createFileServiceEmulator>,
  method: string,
  path: string,
  body?: string,
) =>
  emulator.fetch(
    new Request(`http://x${path.startsWith('/cdn') ? '' : '/api/v1/projects/demo'}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${emulator.secretKey}`,
        ...(body && { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body: body ?? null,
    }),
  )

describe('jobs that break', () => {
  it('end as processing_error / error, and later requests still work', async () => {
    const clock = createManualClock()
    const emulator = createFileServiceEmulator({ engines, clock })
    const { files } = await emulator.seed({ files: [{}] })
    const id = files[0]!.id
    const converted = (
      await (
        await call(emulator, 'POST', `/files/${id}/conversions/image.json`, 'recipe=/-/format/webp/')
      ).json()
    ).data.id
    await call(emulator, 'POST', `/files/${id}/actions/recognize.json`)
    clock.advance(60_000)
    const file = await call(emulator, 'GET', `/files/${converted}.json`)
    expect(file.status).toBe(200)
    expect((await file.json()).data.attributes.status).toBe('processing_error')
    expect(
      (await (await call(emulator, 'GET', `/files/${id}/actions/recognize.json`)).json()).data.attributes
        .status,
    ).toBe('error')
    expect((await call(emulator, 'GET', '/groups.json')).status).toBe(200)
  })

  it('a preview the engine refuses is a 422 with its message, not a 500', async () => {
    const emulator = createFileServiceEmulator({ engines })
    const { files } = await emulator.seed({ files: [{}] })
    const answer = await call(emulator, 'GET', `/cdn/${files[0]!.id}/-/preview/32x32/`)
    expect(answer.status).toBe(422)
    expect(await answer.json()).toEqual({ errors: ['This preview operation is not supported.'] })
  })
})

// Conversion work starts when the conversion is asked for; what changed before it was due
// still decides the result, exactly as when the work ran at due time.
describe('conversions worked on ahead of time', () => {
  const convert = async (emulator: ReturnType<typeof createFileServiceEmulator>, id: string) =>
    (
      await (
        await call(emulator, 'POST', `/files/${id}/conversions/image.json`, 'recipe=/-/format/webp/')
      ).json()
    ).data.id as string
  const status = async (emulator: ReturnType<typeof createFileServiceEmulator>, id: string) =>
    (await (await call(emulator, 'GET', `/files/${id}.json`)).json()).data.attributes.status

  it('stay pending until due, then honour a removed source and a fault injected meanwhile', async () => {
    const clock = createManualClock()
    const emulator = createFileServiceEmulator({ clock })
    const { files } = await emulator.seed({ files: [{}, {}, {}] })
    const [kept, removed, faulty] = files.map((f) => f.id) as [string, string, string]
    const done = await convert(emulator, kept)
    const gone = await convert(emulator, removed)
    const failing = await convert(emulator, faulty)
    await new Promise((r) => setTimeout(r, 20)) // the engine work has long finished
    expect(await status(emulator, done)).toBe('pending')
    await call(emulator, 'DELETE', `/files/${removed}.json`)
    emulator.faults.failConversions(faulty)
    clock.advance(60_000)
    expect(await status(emulator, done)).toBe('ready')
    expect(await status(emulator, gone)).toBe('processing_error')
    expect(await status(emulator, failing)).toBe('processing_error')
  })

  it('many at once all finish, the ones past the prepared limit at due time', async () => {
    const clock = createManualClock()
    const emulator = createFileServiceEmulator({ clock })
    const { files } = await emulator.seed({ files: [{}] })
    const ids = []
    for (let i = 0; i < 40; i++) ids.push(await convert(emulator, files[0]!.id))
    clock.advance(60_000)
    for (const id of ids) expect(await status(emulator, id)).toBe('ready')
  })
})
