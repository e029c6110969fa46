// Jobs that break unexpectedly end as failed work, and the emulator keeps answering.
import { describe, expect, it, vi } from 'vitest'
import {
  type BlobStore,
  createFileServiceEmulator,
  createManualClock,
  createMemoryBlobStore,
  createMemoryStorage,
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

/** Starts a conversion of file `id` (an image one to webp unless told); the new file's id. */
const convert = async (
  emulator: ReturnType<typeof createFileServiceEmulator>,
  id: string,
  kind = 'image',
  recipe = '/-/format/webp/',
) =>
  (await (await call(emulator, 'POST', `/files/${id}/conversions/${kind}.json`, `recipe=${recipe}`)).json())
    .data.id as string
/** A file's status as the emulator answers it. */
const status = async (emulator: ReturnType<typeof createFileServiceEmulator>, id: string) =>
  (await (await call(emulator, 'GET', `/files/${id}.json`)).json()).data.attributes.status

describe('jobs that break', () => {
  it('end as processing_error / error, and later requests still work', async () => {
    const clock = createManualClock()
    const emulator = createFileServiceEmulator({ engines, clock })
    const { files } = await emulator.seed({ files: [{}] })
    const id = files[0]!.id
    const converted = await convert(emulator, id)
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

  it('tell the log option why: an engine refusal and a job that broke', async () => {
    // No answer carries the reason (the real service has no field for it): the log does.
    const clock = createManualClock()
    const log = vi.fn()
    const emulator = createFileServiceEmulator({ clock, log })
    const { files } = await emulator.seed({ files: [{ sample: 'blank' }] })
    const blank = files[0]!.id
    const failed = await convert(emulator, blank, 'remove_bg', '/crop/true/')
    clock.advance(60_000)
    expect(await status(emulator, failed)).toBe('processing_error')
    expect(log.mock.calls).toEqual([
      [`conversion ${failed} (remove_bg of ${blank}) failed: No foreground found: the image looks blank.`],
    ])

    log.mockClear()
    const broken = createFileServiceEmulator({ engines, clock, log })
    const { files: sources } = await broken.seed({ files: [{}] })
    const converted = await convert(broken, sources[0]!.id)
    clock.advance(60_000)
    await call(broken, 'GET', '/groups.json')
    expect(log.mock.calls).toEqual([[`conversion job for ${converted} broke: disk full`]])
  })

  it('are done with though the log option throws: told once, not at every later request', async () => {
    const clock = createManualClock()
    const log = vi.fn(() => {
      throw new Error('log broke')
    })
    const emulator = createFileServiceEmulator({ clock, log })
    const { files } = await emulator.seed({ files: [{ sample: 'blank' }] })
    const failed = await convert(emulator, files[0]!.id, 'remove_bg', '/crop/true/')
    clock.advance(60_000)
    for (let i = 0; i < 3; i++) await call(emulator, 'GET', '/groups.json')
    expect(await status(emulator, failed)).toBe('processing_error')
    expect(log).toHaveBeenCalledTimes(1)
  })

  it("keep a conversion's source on its record, outside the metadata a PUT replaces", async () => {
    const emulator = createFileServiceEmulator()
    const { files } = await emulator.seed({ files: [{}] })
    const source = files[0]!.id
    const started = await call(emulator, 'POST', `/files/${source}/conversions/image.json`, 'recipe=/-/flip/')
    const { data } = await started.json()
    expect(data.attributes.metadata).toEqual({})
    expect(emulator.storage.getFile(data.id)).toMatchObject({ sourceFileId: source, metadata: {} })
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

  it('done again after a crash, a video conversion makes the same thumbnails, not more', async () => {
    const storage = createMemoryStorage()
    const blobs = createMemoryBlobStore()
    const clock = createManualClock()
    // The first server dies while writing the second thumbnail: that write never ends, and what
    // it wrote before stays in storage, as on disk after kill -9.
    let puts = 0
    const dying: BlobStore = {
      ...blobs,
      put: (key, data) => (++puts === 3 ? new Promise(() => {}) : blobs.put(key, data)),
    }
    const first = createFileServiceEmulator({ storage, blobs: dying, clock })
    const { files } = await first.seed({ files: [{ sample: 'video' }] })
    puts = 0
    const started = await call(
      first,
      'POST',
      `/files/${files[0]!.id}/conversions/video.json`,
      'recipe=/format/webm/-/thumbs~3/',
    )
    expect(started.status).toBe(200)
    const target = (await started.json()).data.id as string
    clock.advance(60_000)
    void call(first, 'GET', `/files/${target}.json`) // runs the job, and hangs in it
    await vi.waitFor(() => expect(puts).toBe(3))
    // Restarted on the same storage: the job, never finished, runs again.
    const second = createFileServiceEmulator({ storage, blobs, clock })
    const file = (await (await call(second, 'GET', `/files/${target}.json`)).json()).data
    expect(file.attributes.status).toBe('ready')
    const groupId = file.attributes.content.video.thumbnails_group_id as string
    const inGroup = (await (await call(second, 'GET', `/groups/${groupId}/files.json`)).json()).data
    const listed = (await (await call(second, 'GET', '/files.json?items=100')).json()).data
    const thumbnails = listed.filter((f: { attributes: { original_name: string } }) =>
      f.attributes.original_name.startsWith('thumbnail-'),
    )
    expect(inGroup).toHaveLength(3)
    expect(thumbnails.map((f: { id: string }) => f.id).sort()).toEqual(
      inGroup.map((f: { id: string }) => f.id).sort(),
    )
    expect((await (await call(second, 'GET', '/groups.json')).json()).data).toHaveLength(1)
  })
})
