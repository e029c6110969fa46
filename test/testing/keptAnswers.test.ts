// The emulator keeps the JSON of read answers between writes. Every write path must drop them:
// after each step, every read answers exactly (status, headers, bytes) what a fresh emulator
// over the same storage answers, and no answer crosses from one token's scope to another.
import { describe, expect, it } from 'vitest'
import {
  createFileServiceEmulator,
  createManualClock,
  createMemoryStorage,
  type EmulatorStorage,
} from '../../src/testing/index.ts'

type Emulator = ReturnType<typeof createFileServiceEmulator>

const request = (method: string, path: string, token?: string, body?: unknown, origin = 'http://x') =>
  new Request(`${origin}${path.startsWith('/api') ? '' : '/api/v1/projects/demo'}${path}`, {
    method,
    headers: {
      ...(token !== undefined && { Authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  })

async function answer(emulator: Emulator, req: Request) {
  const response = await emulator.fetch(req)
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  }
}

async function json(emulator: Emulator, method: string, path: string, token?: string, body?: unknown) {
  const text = await (await emulator.fetch(request(method, path, token, body))).text()
  // biome-ignore lint/suspicious/noExplicitAny: bodies of many shapes
  return (text ? JSON.parse(text) : undefined) as any
}

function setup() {
  const storage: EmulatorStorage = createMemoryStorage()
  const clock = createManualClock()
  const emulator = createFileServiceEmulator({ storage, clock })
  // A fresh emulator over the same storage has nothing kept: what it answers is the truth.
  const fresh = () => createFileServiceEmulator({ storage, clock })
  return { storage, clock, emulator, fresh }
}

describe('kept answers', () => {
  it('every read matches a fresh emulator after each kind of write', async () => {
    const { storage, clock, emulator, fresh } = setup()
    const key = emulator.secretKey
    const { files, groups } = await emulator.seed({
      files: [{}, {}, { sample: 'pdf' }, {}],
      groups: [{ files: [0, 1] }, { files: [2] }],
    })
    const group = groups[0]!
    const other = groups[1]!

    const reads = (): [string, string | undefined, string?][] => [
      ['/groups.json', key],
      ['/groups.json?page=2&items=1', key],
      ['/files.json', key],
      ['/files.json?items=2&page=2', key],
      ['/files.json', key, 'http://other.test:8080'],
      [`/groups/${group.id}.json`, key],
      [`/groups/${group.id}.json`, group.accessToken],
      [`/groups/${group.id}/files.json`, key],
      [`/groups/${group.id}/files.json`, group.accessToken],
      [`/groups/${group.id}/files.json?items=1&page=2`, group.accessToken],
      [`/groups/${other.id}/files.json`, group.accessToken],
      [`/groups/${other.id}/files.json`, other.accessToken],
      [`/files/${files[0]!.id}.json`, key],
      [`/files/${files[0]!.id}.json`, files[0]!.accessToken],
      ['/groups.json', group.accessToken],
      ['/groups.json', 'wrong'],
      ['/files.json', undefined],
    ]
    const check = async (step: string) => {
      for (const [path, token, origin] of reads()) {
        const truth = fresh()
        const kept = await answer(emulator, request('GET', path, token, undefined, origin))
        // Twice: the second answer is the kept one.
        expect(await answer(emulator, request('GET', path, token, undefined, origin)), step).toEqual(kept)
        expect(kept, `${step}: GET ${path}`).toEqual(
          await answer(truth, request('GET', path, token, undefined, origin)),
        )
      }
    }

    await check('seeded')
    await json(emulator, 'PUT', `/groups/${group.id}.json`, key, { file_ids: [files[1]!.id, files[3]!.id] })
    await check('group updated')
    clock.advance(1000)
    await check('group ready through the job queue')
    await json(emulator, 'POST', '/groups.json', key, { file_ids: [files[0]!.id] })
    await check('group created')
    await json(emulator, 'PUT', `/files/${files[1]!.id}.json`, key, { file: { metadata: { a: 'b' } } })
    await check('file metadata updated')
    await json(emulator, 'DELETE', `/files/${files[3]!.id}.json`, key)
    await check('file deleted')
    await json(emulator, 'POST', `/files/${files[0]!.id}/actions/virus_scan.json`, key)
    clock.advance(2000)
    await check('action finished')
    const form = new URLSearchParams({ recipe: '/-/format/webp/' })
    await emulator.fetch(
      new Request(`http://x/api/v1/projects/demo/files/${files[0]!.id}/conversions/image.json`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    )
    await check('conversion started')
    clock.advance(2000)
    await check('conversion finished')
    await json(emulator, 'DELETE', `/groups/${other.id}.json`, key)
    await check('group deleted')
    await emulator.seed({ files: [{}], groups: [{ files: [0], status: 'pending' }] })
    await check('seeded again')
    // Straight into the storage the emulator exposes, as a host may.
    const first = emulator.storage.getFile(files[0]!.id)!
    emulator.storage.putFile({ ...first, originalName: 'renamed.png' })
    await check('written through emulator.storage')
    storage.putFile({ ...first, originalName: 'renamed-again.png' })
    await check('written straight into the storage it was given')
    emulator.faults.failNext('/groups.json', { status: 503 })
    expect((await answer(emulator, request('GET', '/groups.json', key))).status).toBe(503)
    await check('after an injected fault')
    emulator.reset()
    await check('reset')
  })

  it('a list shows an update at once, and a group becoming ready through the job queue', async () => {
    const { clock, emulator } = setup()
    const key = emulator.secretKey
    const { files, groups } = await emulator.seed({ files: [{}, {}], groups: [{ files: [0] }] })
    const id = groups[0]!.id
    expect((await json(emulator, 'GET', '/groups.json', key)).data[0].attributes.status).toBe('ready')
    expect((await json(emulator, 'GET', `/groups/${id}/files.json`, key)).data).toHaveLength(1)

    await json(emulator, 'PUT', `/groups/${id}.json`, key, { file_ids: [files[0]!.id, files[1]!.id] })
    expect((await json(emulator, 'GET', '/groups.json', key)).data[0].attributes.status).toBe('pending')
    expect((await json(emulator, 'GET', `/groups/${id}/files.json`, key)).data).toHaveLength(2)

    clock.advance(1000)
    expect((await json(emulator, 'GET', '/groups.json', key)).data[0].attributes.status).toBe('ready')

    await json(emulator, 'PUT', `/files/${files[1]!.id}.json`, key, { metadata: { k: 'v' } })
    const listed = (await json(emulator, 'GET', '/files.json', key)).data
    // biome-ignore lint/suspicious/noExplicitAny: a wire file
    expect(listed.find((f: any) => f.id === files[1]!.id).attributes.metadata).toEqual({ k: 'v' })
  })

  it('a rolled-back write never shows', async () => {
    const { emulator } = setup()
    const key = emulator.secretKey
    await emulator.seed({ files: [{}] })
    const before = await json(emulator, 'GET', '/files.json', key)
    expect(() =>
      emulator.storage.transaction(() => {
        const file = emulator.storage.listFiles('demo', 0, 1).rows[0]!
        emulator.storage.putFile({ ...file, originalName: 'never.png' })
        throw new Error('rolled back')
      }),
    ).toThrow('rolled back')
    expect(await json(emulator, 'GET', '/files.json', key)).toEqual(before)
  })

  it("never answers one scope with another's kept answer", async () => {
    const { emulator } = setup()
    const key = emulator.secretKey
    const { groups } = await emulator.seed({ files: [{}, {}], groups: [{ files: [0] }, { files: [1] }] })
    const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]]
    // The secret key's answers (with tokens) are kept first.
    const secretView = await json(emulator, 'GET', `/groups/${a.id}/files.json`, key)
    expect(secretView.data[0].authentication.access_token).toBeDefined()
    await json(emulator, 'GET', `/groups/${b.id}/files.json`, key)
    await json(emulator, 'GET', '/groups.json', key)

    const tokenView = await json(emulator, 'GET', `/groups/${a.id}/files.json`, a.accessToken)
    expect(tokenView.data[0].id).toBe(secretView.data[0].id)
    expect(tokenView.data[0].authentication).toBeUndefined()
    expect((await emulator.fetch(request('GET', `/groups/${b.id}/files.json`, a.accessToken))).status).toBe(
      401,
    )
    expect((await emulator.fetch(request('GET', '/groups.json', a.accessToken))).status).toBe(401)
  })

  it("keeps nothing for a host's own storage, which may change behind the emulator's back", async () => {
    const inner = createMemoryStorage()
    // A host's storage: the same records, but it does not count its writes.
    const storage: EmulatorStorage = {
      transaction: (fn) => inner.transaction(fn),
      getProject: (id) => inner.getProject(id),
      putProject: (p) => inner.putProject(p),
      getFile: (id) => inner.getFile(id),
      listFiles: (p, o, l) => inner.listFiles(p, o, l),
      putFile: (f) => inner.putFile(f),
      getGroup: (id) => inner.getGroup(id),
      listGroups: (p, o, l) => inner.listGroups(p, o, l),
      putGroup: (g) => inner.putGroup(g),
      deleteGroup: (id) => inner.deleteGroup(id),
      getAction: (f, t) => inner.getAction(f, t),
      putAction: (a) => inner.putAction(a),
      dueJobs: (now) => inner.dueJobs(now),
      putJob: (j) => inner.putJob(j),
      deleteJob: (id) => inner.deleteJob(id),
    }
    const emulator = createFileServiceEmulator({ storage })
    const key = emulator.secretKey
    const { groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    expect((await json(emulator, 'GET', '/groups.json', key)).data[0].attributes.status).toBe('ready')
    expect((await json(emulator, 'GET', `/groups/${groups[0]!.id}.json`, key)).data.id).toBe(groups[0]!.id)
    // Written behind both: into the storage under the host's.
    inner.putGroup({ ...inner.getGroup(groups[0]!.id)!, status: 'pending' })
    inner.putProject({ ...inner.getProject('demo')!, secretKey: 'rotated' })
    expect((await emulator.fetch(request('GET', '/groups.json', key))).status).toBe(401)
    expect((await json(emulator, 'GET', '/groups.json', 'rotated')).data[0].attributes.status).toBe('pending')
  })
})
