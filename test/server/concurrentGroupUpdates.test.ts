// Fifty updates of one group at once, each with its own file list: every one is answered, and
// the group, once built, holds exactly the list of one of them (its uuid counting those files),
// in order, on every page, and still after a restart of the server.
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
  // Each answer is its own write, still to be built: the uuid is the last build's (or none yet),
  // as the real service keeps it until its job has built the new group.
  for (const answer of answers) {
    expect((answer as PromiseFulfilledResult<Group>).value).toMatchObject({ id: group.id, status: 'pending' })
  }

  const now = await builtGroup(client, group.id)
  const listed = await allFiles(client, group.id)
  const winner = sets.findIndex((set) => set.join() === listed.ids.join())
  expect(winner, `the group holds none of the written lists: ${listed.ids.join()}`).toBeGreaterThanOrEqual(0)
  expect(listed.count).toBe(sets[winner]!.length)
  expect(now.uuid).toMatch(new RegExp(`^[0-9a-f-]{36}~${listed.count}$`))
  return { groupId: group.id, uuid: now.uuid, ids: listed.ids }
}

/** The group once the service has built it (the jobs run on the real clock). */
async function builtGroup(client: FileServiceClient, groupId: string) {
  for (let i = 0; i < 100; i++) {
    const group = await client.groups.get(groupId)
    if (group.status === 'ready') return group
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`group ${groupId} was not built within 5 s`)
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
