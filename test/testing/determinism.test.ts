// What a host's snapshot sees is the same at every run: after reset() nothing of the test before
// shows (dates, ids), with a clock that stands still and sequential ids.
import { describe, expect, it } from 'vitest'
import { createFileServiceEmulator, createManualClock } from '../../src/testing/index.ts'

const start = Date.UTC(2030, 0, 1)

async function firstFile(emulator: ReturnType<typeof createFileServiceEmulator>) {
  const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
  const answer = await emulator.fetch(
    new Request(`http://files.test/api/v1/projects/demo/files/${files[0]!.id}.json`, {
      headers: { Authorization: `Bearer ${emulator.secretKey}` },
    }),
  )
  return { file: (await answer.json()).data, token: files[0]!.accessToken, group: groups[0]! }
}

describe('after reset()', () => {
  it('a new record is made at the clock time, whatever the test before made', async () => {
    const emulator = createFileServiceEmulator({ clock: createManualClock(start) })
    await emulator.seed({ files: [{}, {}, {}, {}, {}] })
    emulator.reset()
    const { file } = await firstFile(emulator)
    expect(file.attributes.created_at).toBe(new Date(start).toISOString())
  })

  it("with ids: 'sequential', ids, tokens and uuids start over too", async () => {
    const emulator = createFileServiceEmulator({ clock: createManualClock(start), ids: 'sequential' })
    const first = await firstFile(emulator)
    expect(first.file.id).toBe('f-0000000000000000000001')
    expect(first.file.attributes).toMatchObject({
      uuid: '00000000-0000-4000-8000-000000000001',
      original_url: 'http://files.test/cdn/f-0000000000000000000001/',
    })
    expect(first.token).toBe('fat-0000000000000000000001')
    expect(first.group).toMatchObject({
      id: 'g-0000000000000000000001',
      accessToken: 'gat-0000000000000000000001',
    })
    await emulator.seed({ files: [{}, {}] })
    emulator.reset()
    expect(await firstFile(emulator)).toEqual(first)
  })

  it('ids are random by default', async () => {
    const emulator = createFileServiceEmulator()
    const a = await firstFile(emulator)
    emulator.reset()
    expect((await firstFile(emulator)).file.id).not.toBe(a.file.id)
  })
})
