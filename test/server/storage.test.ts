// Both EmulatorStorage implementations behave alike; the SQLite one persists; the blob
// directory refuses keys that could leave it.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { createFsBlobStore } from '../../server/fsBlobStore.ts'
import { createSqliteStorage } from '../../server/sqliteStorage.ts'
import {
  createMemoryBlobStore,
  createMemoryStorage,
  type EmulatorStorage,
  type FileRecord,
  type GroupRecord,
} from '../../src/testing/index.ts'

const dir = mkdtempSync(join(tmpdir(), 'filekit-storage-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const group = (id: string, createdAt: string, fileIds = ['f-1']): GroupRecord => ({
  id,
  projectId: 'p',
  uuid: `u~${fileIds.length}`,
  status: 'ready',
  accessToken: `gat-${id}`,
  fileIds,
  createdAt,
  updatedAt: createdAt,
})

const file = (id: string, projectId = 'p', createdAt = '2026-01-01T00:00:00Z'): FileRecord => ({
  id,
  projectId,
  uuid: null,
  status: 'ready',
  accessToken: `fat-${id}`,
  isImage: false,
  mime: 'text/plain',
  originalName: `${id}.txt`,
  size: 1,
  metadata: {},
  image: null,
  blobKey: null,
  sourceUrl: null,
  createdAt,
  uploadedAt: createdAt,
  removedAt: null,
  expiresAt: null,
})

describe.each([
  ['memory', () => createMemoryStorage()],
  ['sqlite', () => createSqliteStorage(join(dir, `t-${Math.random()}.sqlite`))],
] as [string, () => EmulatorStorage][])('%s storage', (_name, make) => {
  it('pages by creation time, then id, per project', () => {
    const s = make()
    s.putGroup(group('g-b', '2026-01-01T00:00:01Z'))
    s.putGroup(group('g-a', '2026-01-01T00:00:01Z'))
    s.putGroup(group('g-c', '2026-01-01T00:00:00Z'))
    s.putGroup({ ...group('g-other', '2026-01-01T00:00:00Z'), projectId: 'q' })
    expect(s.listGroups('p', 0, 10).rows.map((g) => g.id)).toEqual(['g-c', 'g-a', 'g-b'])
    expect(s.listGroups('p', 1, 1)).toEqual({ rows: [expect.objectContaining({ id: 'g-a' })], count: 3 })
  })

  it('counts files and groups exactly across inserts, replaces, deletes, a rollback and clear', () => {
    const s = make()
    // Each list's count against its rows, for both projects.
    const counts = () =>
      ['p', 'q'].flatMap((projectId) => {
        const files = s.listFiles(projectId, 0, 1000)
        const groups = s.listGroups(projectId, 0, 1000)
        expect(files.count).toBe(files.rows.length)
        expect(groups.count).toBe(groups.rows.length)
        return [files.count, groups.count]
      })
    expect(counts()).toEqual([0, 0, 0, 0])
    s.putFile(file('f-1'))
    s.putFile(file('f-2'))
    s.putFile(file('f-3', 'q'))
    s.putGroup(group('g-1', '2026-01-01T00:00:00Z'))
    expect(counts()).toEqual([2, 1, 1, 0])
    s.putFile({ ...file('f-1'), status: 'removed' })
    s.putGroup(group('g-1', '2026-01-01T00:00:00Z', ['f-1', 'f-2']))
    s.putGroup(group('g-2', '2026-01-01T00:00:01Z'))
    expect(counts()).toEqual([2, 2, 1, 0])
    s.deleteGroup('g-1')
    s.deleteGroup('g-1')
    s.deleteGroup('g-missing')
    expect(counts()).toEqual([2, 1, 1, 0])
    expect(() =>
      s.transaction(() => {
        s.putFile(file('f-4'))
        s.putFile(file('f-5', 'q'))
        s.putGroup({ ...group('g-3', '2026-01-01T00:00:02Z'), projectId: 'q' })
        s.deleteGroup('g-2')
        expect(counts()).toEqual([3, 0, 2, 1])
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(counts()).toEqual([2, 1, 1, 0])
    s.transaction(() => {
      s.putFile(file('f-4'))
      s.deleteGroup('g-2')
    })
    expect(counts()).toEqual([3, 0, 1, 0])
    s.clear?.()
    expect(counts()).toEqual([0, 0, 0, 0])
    s.putFile(file('f-1', 'q'))
    expect(counts()).toEqual([0, 0, 1, 0])
  })

  it('gives every page alike, from either end: ties by id, other projects left out', () => {
    const s = make()
    const ids = ['f-5', 'f-1', 'f-4', 'f-2', 'f-7', 'f-3', 'f-6']
    // Two at each second, so the id decides within one.
    ids.forEach((id, i) => {
      s.putFile(file(id, 'p', `2026-01-01T00:00:0${Math.floor(i / 2)}Z`))
      s.putFile(file(`${id}-q`, 'q', `2026-01-01T00:00:0${Math.floor(i / 2)}Z`))
    })
    const inOrder = ['f-1', 'f-5', 'f-2', 'f-4', 'f-3', 'f-7', 'f-6']
    for (let limit = 1; limit <= 8; limit++)
      for (let offset = 0; offset <= 9; offset++)
        expect(s.listFiles('p', offset, limit), `offset ${offset} limit ${limit}`).toEqual({
          rows: inOrder.slice(offset, offset + limit).map((id) => expect.objectContaining({ id })),
          count: 7,
        })
  })

  it('rolls a failed transaction back', () => {
    const s = make()
    s.putGroup(group('g-1', '2026-01-01T00:00:00Z', ['f-1']))
    expect(() =>
      s.transaction(() => {
        s.putGroup(group('g-1', '2026-01-01T00:00:00Z', ['f-2']))
        s.putGroup(group('g-2', '2026-01-01T00:00:00Z'))
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(s.getGroup('g-1')?.fileIds).toEqual(['f-1'])
    expect(s.getGroup('g-2')).toBeUndefined()
  })

  it('returns copies, so callers cannot change stored records by accident', () => {
    const s = make()
    s.putGroup(group('g-1', '2026-01-01T00:00:00Z'))
    s.getGroup('g-1')!.fileIds.push('f-x')
    expect(s.getGroup('g-1')?.fileIds).toEqual(['f-1'])
  })

  it('finds due jobs in order and deletes them', () => {
    const s = make()
    s.putJob({ id: 'j-2', dueAt: 20, kind: 'group', targetId: 'g', payload: {} })
    s.putJob({ id: 'j-1', dueAt: 10, kind: 'action', targetId: 'f', payload: { type: 'recognize' } })
    s.putJob({ id: 'j-3', dueAt: 99, kind: 'group', targetId: 'g', payload: {} })
    expect(s.dueJobs(50).map((j) => j.id)).toEqual(['j-1', 'j-2'])
    s.deleteJob('j-1')
    expect(s.dueJobs(50).map((j) => j.id)).toEqual(['j-2'])
  })
})

it('sqlite storage survives reopening', () => {
  const path = join(dir, 'persist.sqlite')
  const a = createSqliteStorage(path)
  a.putGroup(group('g-1', '2026-01-01T00:00:00Z', ['f-1', 'f-2']))
  a.close()
  const b = createSqliteStorage(path)
  expect(b.getGroup('g-1')?.fileIds).toEqual(['f-1', 'f-2'])
  b.close()
})

describe.each([
  ['memory', () => createMemoryBlobStore()],
  ['directory', () => createFsBlobStore(join(dir, 'blobs'))],
] as const)('%s blob store', (name, make) => {
  it('stores, reads and deletes bytes', async () => {
    const blobs = make()
    await blobs.put('f-abc', new Uint8Array([1, 2, 3]))
    expect([...((await blobs.get('f-abc')) ?? [])]).toEqual([1, 2, 3])
    await blobs.delete('f-abc')
    expect(await blobs.get('f-abc')).toBeUndefined()
    if (name === 'directory')
      expect(readdirSync(join(dir, 'blobs')).filter((n) => n.startsWith('.tmp'))).toEqual([])
  })
})

it('the blob directory refuses keys that could escape it', async () => {
  const blobs = createFsBlobStore(join(dir, 'safe'))
  for (const key of ['../x', '..', 'a/b', '/etc/passwd', 'a\\b', '', '.hidden', 'x'.repeat(65)]) {
    await expect(blobs.put(key, new Uint8Array([1])), key).rejects.toThrow(/Refused blob key/)
    await expect(blobs.get(key), key).rejects.toThrow(/Refused blob key/)
  }
  expect(readdirSync(join(dir, 'safe'))).toEqual([])
})

it('the blob directory removes temp files a crash left behind, and keeps the blobs', async () => {
  const path = join(dir, 'crashed')
  const before = createFsBlobStore(path)
  await before.put('f-kept', new Uint8Array([1]))
  writeFileSync(join(path, '.tmp-f-half-0a1b2c'), new Uint8Array([9, 9]))
  const after = createFsBlobStore(path)
  expect(readdirSync(path)).toEqual(['f-kept'])
  expect([...((await after.get('f-kept')) ?? [])]).toEqual([1])
})

it('sqlite storage counts a project once, not on every list, until a rollback or clear', () => {
  const path = join(dir, 'counted.sqlite')
  const s = createSqliteStorage(path)
  s.putFile(file('f-1'))
  s.putGroup(group('g-1', '2026-01-01T00:00:00Z'))
  expect([s.listFiles('p', 0, 10).count, s.listGroups('p', 0, 10).count]).toEqual([1, 1])
  // Rows written behind its back (only the server writes its database, under its lock) show
  // whether a list counts again: the kept counts don't see them, a forgotten count does.
  const behind = new Database(path)
  const sneak = (n: number) => {
    behind
      .prepare('INSERT INTO files (id, project_id, created_at, data) VALUES (?, ?, ?, ?)')
      .run(`f-sneak-${n}`, 'p', '2026-01-02T00:00:00Z', JSON.stringify(file(`f-sneak-${n}`)))
    behind
      .prepare('INSERT INTO groups_ (id, project_id, created_at, data) VALUES (?, ?, ?, ?)')
      .run(
        `g-sneak-${n}`,
        'p',
        '2026-01-02T00:00:00Z',
        JSON.stringify(group(`g-sneak-${n}`, '2026-01-02T00:00:00Z')),
      )
  }
  sneak(1)
  expect([s.listFiles('p', 0, 10).count, s.listGroups('p', 0, 10).count]).toEqual([1, 1])
  s.putFile(file('f-2'))
  expect(s.listFiles('p', 0, 10).count).toBe(2)
  expect(() =>
    s.transaction(() => {
      s.putFile(file('f-3'))
      throw new Error('boom')
    }),
  ).toThrow('boom')
  expect([s.listFiles('p', 0, 10).count, s.listGroups('p', 0, 10).count]).toEqual([3, 2])
  s.clear?.()
  sneak(2)
  expect([s.listFiles('p', 0, 10).count, s.listGroups('p', 0, 10).count]).toEqual([1, 1])
  behind.close()
  s.close()
})

it('sqlite storage keeps meta values and refuses a database from a newer server', () => {
  const path = join(dir, 'meta.sqlite')
  const a = createSqliteStorage(path)
  expect(a.getMeta('seeded')).toBeUndefined()
  a.setMeta('seeded', 'yes')
  a.close()
  const b = createSqliteStorage(path)
  expect(b.getMeta('seeded')).toBe('yes')
  b.close()
  const raw = new Database(path)
  raw.pragma('user_version = 99')
  raw.close()
  expect(() => createSqliteStorage(path)).toThrow(/newer server/)
})
