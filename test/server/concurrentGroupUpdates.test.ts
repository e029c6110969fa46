// Fifty updates of one group at once, each with its own file list: every one is answered, and
// the group ends up holding exactly the list of one of them (the one whose uuid it carries), in
// order, on every page, and still after a restart of the server.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileServiceClient, type FileServiceClient, type Group } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'
import { startEmulatorServer } from '../support/emulatorServer.ts'

const writers = 50

/** Fifty different ordered lists of 1 to 44 files out of `ids`: rotated, cut, some reversed. */
function fileSets(ids: string[]): string[][] {
  const sets = Array.from({ length: writers }, (_, i) => {
    const rotated = [...ids.slice(i % ids.length), ...ids.slice(0, i % ids.length)]
    const cut = rotated.slice(0, 1 + ((i * 17) % 44))
    return i % 2 ? cut.reverse() : cut
  })
  expect(new Set(sets.map((s) => s.join())).size).toBe(writers)
  return sets
}

/** The group's files, every page (7 per page so long lists span several). */
async function allFiles(client: FileServiceClient, groupId: string) {
  const first = await client.groups.files(groupId, { page: 1, items: 7 })
  const rest = await Promise.all(
    Array.from({ length: first.pages - 1 }, (_, i) =>
      client.groups.files(groupId, { page: i + 2, items: 7 }),
    ),
  )
  const pages = [first, ...rest]
  for (const page of pages) expect(page.count).toBe(first.count)
  return { ids: pages.flatMap((p) => p.data.map((f) => f.id)), count: first.count }
}

/** Runs the fifty updates; resolves to the set the group ended with, checked against the answers. */
async function updateConcurrently(client: FileServiceClient) {
  const files = await client.files.list({ items: 100 })
  const ids = files.data.map((f) => f.id)
  expect(ids.length).toBeGreaterThanOrEqual(45)
  const sets = fileSets(ids.slice(0, 45))
  const group = await client.groups.create({ fileIds: ids.slice(0, 3) })

  const answers = await Promise.allSettled(sets.map((fileIds) => client.groups.update(group.id, { fileIds })))
  const rejected = answers.filter((a) => a.status === 'rejected')
  expect(rejected.map((a) => String(a.reason))).toEqual([])
  const updated = answers.map((a) => (a as PromiseFulfilledResult<Group>).value)
  // Each answer describes its own write: its file count, and a uuid no other write got.
  updated.forEach((g, i) => {
    expect(g.id).toBe(group.id)
    expect(g.uuid.endsWith(`~${sets[i]!.length}`), g.uuid).toBe(true)
  })
  expect(new Set(updated.map((g) => g.uuid)).size).toBe(writers)

  const now = await client.groups.get(group.id)
  const winner = updated.findIndex((g) => g.uuid === now.uuid)
  expect(winner, `group uuid ${now.uuid} is none of the answered writes`).toBeGreaterThanOrEqual(0)
  const listed = await allFiles(client, group.id)
  expect(listed.count).toBe(sets[winner]!.length)
  expect(listed.ids).toEqual(sets[winner])
  return { groupId: group.id, uuid: now.uuid, ids: listed.ids }
}

describe('fifty concurrent updates of one group', () => {
  it('over HTTP: all answered, one of them wins whole, and it survives a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'filekit-concurrent-'))
    const servers: Awaited<ReturnType<typeof startEmulatorServer>>[] = []
    const start = async () => {
      const server = await startEmulatorServer(['--quiet'], { dataDir })
      servers.push(server)
      return { server, client: createFileServiceClient({ ...server, token: server.secretKey }) }
    }
    try {
      const first = await start()
      const before = await updateConcurrently(first.client)
      expect(await first.server.stop()).toBe(0)

      const { client } = await start()
      expect((await client.groups.get(before.groupId)).uuid).toBe(before.uuid)
      const after = await allFiles(client, before.groupId)
      expect(after.ids).toEqual(before.ids)
      expect(after.count).toBe(before.ids.length)
    } finally {
      for (const server of servers) await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  describe('in process (MSW)', () => {
    const baseUrl = 'http://concurrent.test'
    const emulator = createFileServiceEmulator()
    const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
    afterAll(() => server.close())

    it('all answered, and one of them wins whole', async () => {
      await emulator.seedDemo()
      const client = createFileServiceClient({
        baseUrl,
        projectId: emulator.projectId,
        token: emulator.secretKey,
      })
      await updateConcurrently(client)
    })
  })
})
