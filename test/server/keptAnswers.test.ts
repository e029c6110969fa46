// The emulator keeps read answers between writes; on SQLite, every answer still follows the
// database: after each write, and after a restart (a new emulator reads what is stored).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createFsBlobStore } from '../../server/fsBlobStore.ts'
import { createSqliteStorage } from '../../server/sqliteStorage.ts'
import { createFileServiceEmulator, createManualClock } from '../../src/testing/index.ts'

const dir = mkdtempSync(join(tmpdir(), 'filekit-kept-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function open(path: string, clock = createManualClock()) {
  const storage = createSqliteStorage(join(path, 'filekit.sqlite'))
  const emulator = createFileServiceEmulator({
    storage,
    blobs: createFsBlobStore(join(path, 'blobs')),
    clock,
  })
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await emulator.fetch(
      new Request(`http://x/api/v1/projects/demo${route}`, {
        method,
        headers: {
          Authorization: `Bearer ${emulator.secretKey}`,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      }),
    )
    return { status: response.status, text: await response.text() }
  }
  return { storage, emulator, clock, call }
}

describe('kept answers on SQLite', () => {
  it('follow every write and read the database again after a restart', async () => {
    const path = mkdtempSync(join(dir, 'a-'))
    const first = open(path)
    const { files, groups } = await first.emulator.seed({ files: [{}, {}, {}], groups: [{ files: [0] }] })
    const id = groups[0]!.id
    const lists = ['/groups.json', '/files.json', `/groups/${id}.json`, `/groups/${id}/files.json`]
    const read = async (host: ReturnType<typeof open>) =>
      Promise.all(lists.map(async (route) => (await host.call('GET', route)).text))

    const seeded = await read(first)
    await first.call('PUT', `/groups/${id}.json`, { file_ids: [files[2]!.id, files[1]!.id] })
    const updated = await read(first)
    expect(updated).not.toEqual(seeded)
    expect(JSON.parse(updated[3]!).data.map((f: { id: string }) => f.id)).toEqual([
      files[2]!.id,
      files[1]!.id,
    ])
    expect(JSON.parse(updated[0]!).data[0].attributes.status).toBe('pending')

    first.clock.advance(1000) // the group's job makes it ready at the next request
    const ready = await read(first)
    expect(JSON.parse(ready[0]!).data[0].attributes.status).toBe('ready')
    await first.call('PUT', `/files/${files[1]!.id}.json`, { file: { metadata: { note: 'kept?' } } })
    let final = await read(first)
    expect(final[1]).toContain('"note":"kept?"')
    // Straight into the SQLite storage the host holds (as server/cli.ts does with the key).
    first.storage.putGroup({ ...first.storage.getGroup(id)!, status: 'error' })
    final = await read(first)
    expect(JSON.parse(final[2]!).data.attributes.status).toBe('error')
    first.storage.close()

    // A new process over the same directory answers from what SQLite holds, byte for byte.
    const second = open(path, first.clock)
    expect(await read(second)).toEqual(final)
    second.storage.close()
  })
})
