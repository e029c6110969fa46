// The Node host as a process: start-up lines, persistence across restarts, limits, logs, stop.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmulatorServer } from '../support/emulatorServer.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'filekit-server-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const api = (baseUrl: string, projectId: string) => `${baseUrl}/api/v1/projects/${projectId}`

/** What a data directory holds: blob file names, and the ids in each table, read from SQLite itself. */
function onDisk(dataDir: string) {
  const db = new Database(join(dataDir, 'filekit.sqlite'), { readonly: true, fileMustExist: true })
  try {
    const ids = (sql: string) => (db.prepare(sql).pluck().all() as string[]).sort()
    return {
      blobs: readdirSync(join(dataDir, 'blobs')).sort(),
      files: ids('SELECT id FROM files'),
      groups: ids('SELECT id FROM groups_'),
      actions: ids("SELECT file_id || '/' || action_type FROM actions"),
      jobs: ids('SELECT id FROM jobs'),
    }
  } finally {
    db.close()
  }
}

describe('emulator server', () => {
  it('refuses a second server on a data directory in use, and takes over one left by a killed server', async () => {
    const dataDir = tempDir()
    const first = await startEmulatorServer([], { dataDir })
    // Each would keep its own idea of the data (kept answers, the next job): refused, saying so.
    await expect(startEmulatorServer([], { dataDir })).rejects.toThrow(/in use by another Filekit server/)
    await first.stop('SIGKILL') // no exit handler runs: the lock stays, with a dead process's id
    const next = await startEmulatorServer([], { dataDir })
    expect((await fetch(`${next.baseUrl}/`)).status).toBe(200)
    await next.stop()
    // Nothing of either lock left but the lock's own file: no process id, no journal.
    expect(readdirSync(dataDir).sort()).toEqual(['blobs', 'filekit.sqlite', 'server.lock.db'])
  }, 60_000)

  it('prints its URL, project and key; takes them from the environment; seeds a demo on first start only', async () => {
    const dataDir = tempDir()
    const env = { FILEKIT_PROJECT_ID: 'acme', FILEKIT_SECRET_KEY: 'sk_env_key_123' }
    const first = await startEmulatorServer([], { dataDir, env })
    expect(first.projectId).toBe('acme')
    expect(first.secretKey).toBe('sk_env_key_123')
    expect(first.output.join('\n')).toContain('seeded a demo project')
    const files = await (
      await fetch(`${api(first.baseUrl, 'acme')}/files.json`, {
        headers: { Authorization: 'Bearer sk_env_key_123' },
      })
    ).json()
    expect(files.pagination.count).toBe(45)
    expect(await first.stop()).toBe(0)

    const second = await startEmulatorServer(['--project', 'acme', '--secret-key', 'sk_flag_key'], {
      dataDir,
      env,
    })
    expect(second.secretKey).toBe('sk_flag_key') // flags win over the environment
    expect(second.output.join('\n')).not.toContain('seeded')
    // The key given now is the project's key; the one the data directory knew no longer is.
    const groupsWith = async (key: string) =>
      (
        await fetch(`${api(second.baseUrl, 'acme')}/groups.json`, {
          headers: { Authorization: `Bearer ${key}` },
        })
      ).status
    expect(await groupsWith('sk_flag_key')).toBe(200)
    expect(await groupsWith('sk_env_key_123')).toBe(401)
    expect(await second.stop()).toBe(0)
  }, 60_000)

  it('seeds the demo again when its first start was stopped while seeding, leaving no part behind', async () => {
    const dataDir = tempDir()
    const first = await startEmulatorServer([], { dataDir })
    expect(await first.stop()).toBe(0)
    // What kill -9 midway through the first seed leaves: two of its files, no group, not seeded.
    const db = new Database(join(dataDir, 'filekit.sqlite'))
    const kept = db.prepare('SELECT id FROM files ORDER BY created_at LIMIT 2').pluck().all() as string[]
    db.prepare(`DELETE FROM files WHERE id NOT IN (${kept.map(() => '?').join()})`).run(...kept)
    db.exec("DELETE FROM groups_; DELETE FROM meta WHERE key = 'seeded'")
    db.close()
    for (const blob of onDisk(dataDir).blobs) if (!kept.includes(blob)) rmSync(join(dataDir, 'blobs', blob))
    // And the blob of a third file, written just before its record was to be.
    writeFileSync(join(dataDir, 'blobs', 'f-WrittenJustBeforeItsRecord'), 'x')

    const second = await startEmulatorServer([], { dataDir })
    expect(second.output.join('\n')).toContain('seeded a demo project')
    const auth = { Authorization: `Bearer ${second.secretKey}` }
    const root = api(second.baseUrl, second.projectId)
    const count = async (what: string) =>
      (await (await fetch(`${root}/${what}.json`, { headers: auth })).json()).pagination.count
    expect(await count('files')).toBe(45)
    expect(await count('groups')).toBe(3)
    expect(await second.stop()).toBe(0)
    const disk = onDisk(dataDir)
    // The two files of the stopped seed are gone, bytes and all: every blob is a listed file's.
    expect(disk.files).toHaveLength(45)
    expect(disk.files.filter((id) => kept.includes(id))).toEqual([])
    expect(disk.blobs).toEqual(disk.files)
  }, 60_000)

  it('keeps every answered write across a restart, even after kill -9', async () => {
    const dataDir = tempDir()
    const first = await startEmulatorServer([], { dataDir })
    const root = api(first.baseUrl, first.projectId)
    const auth = { Authorization: `Bearer ${first.secretKey}` }
    const form = new FormData()
    form.append('file[content]', new Blob([new Uint8Array([9, 8, 7, 6])]), 'bytes.bin')
    const file = (await (await fetch(`${root}/files.json`, { method: 'POST', body: form })).json()).data
    const group = (
      await (
        await fetch(`${root}/groups.json`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ file_ids: [file.id] }),
        })
      ).json()
    ).data
    // No clean shutdown: the process is killed right after the answers.
    expect(await first.stop('SIGKILL')).toBeNull()

    const second = await startEmulatorServer([], { dataDir })
    const root2 = api(second.baseUrl, second.projectId)
    const again = await (await fetch(`${root2}/groups/${group.id}.json`, { headers: auth })).json()
    expect(again.data.id).toBe(group.id)
    const bytes = new Uint8Array(
      await (await fetch(`${second.baseUrl}/cdn/${file.id}/`, { headers: auth })).arrayBuffer(),
    )
    expect([...bytes]).toEqual([9, 8, 7, 6])
    expect(await second.stop()).toBe(0)
  }, 60_000)

  it('keeps every acknowledged write when killed -9 in the middle of a stream of writes', async () => {
    const dataDir = tempDir()
    const first = await startEmulatorServer(['--quiet'], { dataDir })
    const root = api(first.baseUrl, first.projectId)
    const auth = { Authorization: `Bearer ${first.secretKey}`, 'Content-Type': 'application/json' }
    const seeded = await (await fetch(`${root}/files.json?items=3`, { headers: auth })).json()
    const fileIds: string[] = seeded.data.map((f: { id: string }) => f.id)
    const acknowledged: string[] = []
    let killed = false
    // Four writers create groups as fast as they can until the process dies under them.
    const writer = async () => {
      while (!killed) {
        try {
          const answer = await fetch(`${root}/groups.json`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ file_ids: fileIds }),
          })
          if (answer.ok) acknowledged.push((await answer.json()).data.id)
        } catch {
          return // the connection died with the process
        }
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    await new Promise((r) => setTimeout(r, 700))
    killed = true
    expect(await first.stop('SIGKILL')).toBeNull()
    await Promise.all(writers)
    expect(acknowledged.length).toBeGreaterThan(10)

    const second = await startEmulatorServer(['--quiet'], { dataDir })
    const root2 = api(second.baseUrl, second.projectId)
    for (const id of acknowledged) {
      const answer = await fetch(`${root2}/groups/${id}.json`, { headers: auth })
      expect(answer.status, id).toBe(200)
    }
    expect(await second.stop()).toBe(0)
  }, 60_000)

  it('refuses a streamed upload over the limit with 413 and leaves nothing on disk', async () => {
    const dataDir = tempDir()
    const server = await startEmulatorServer(['--max-upload', '100000'], { dataDir })
    const blobsBefore = readdirSync(join(dataDir, 'blobs')).length
    const before = onDisk(dataDir)
    const url = new URL(`${api(server.baseUrl, server.projectId)}/files.json`)
    // Chunked transfer (no Content-Length), so the limit must be enforced while streaming. The
    // body never ends: the server must answer 413 on its own and cut the connection.
    const { status, closed } = await new Promise<{ status: number; closed: Promise<void> }>(
      (resolve, reject) => {
        const req = httpRequest(
          url,
          {
            method: 'POST',
            headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ', 'Transfer-Encoding': 'chunked' },
          },
          (res) => {
            res.resume()
            const closed = new Promise<void>((done) => res.socket.once('close', () => done()))
            resolve({ status: res.statusCode ?? 0, closed })
          },
        )
        req.on('error', () => {}) // the server may cut the connection while we still write
        req.write('--XyZ\r\nContent-Disposition: form-data; name="file[content]"; filename="big.bin"\r\n\r\n')
        for (let i = 0; i < 40; i++) req.write(Buffer.alloc(16 * 1024, 7))
        setTimeout(() => reject(new Error('no answer while the body was still streaming')), 10_000)
      },
    )
    await closed
    expect(status).toBe(413)
    expect(onDisk(dataDir)).toEqual(before)
    expect(readdirSync(join(dataDir, 'blobs')).length).toBe(blobsBefore)
    expect(readdirSync(join(dataDir, 'blobs')).filter((n) => n.startsWith('.tmp'))).toEqual([])
    const files = await (
      await fetch(`${api(server.baseUrl, server.projectId)}/files.json`, {
        headers: { Authorization: `Bearer ${server.secretKey}` },
      })
    ).json()
    expect(files.pagination.count).toBe(45)
    await server.stop()
  }, 60_000)

  it('logs one line per request without tokens, and stops cleanly on SIGINT', async () => {
    const server = await startEmulatorServer()
    const root = api(server.baseUrl, server.projectId)
    await fetch(`${root}/groups.json`, { headers: { Authorization: `Bearer ${server.secretKey}` } })
    await fetch(`${root}/groups.json`, { headers: { Authorization: 'Bearer gat-SOMETHINGSECRET0000000' } })
    await new Promise((r) => setTimeout(r, 200))
    const log = server.output.join('\n')
    expect(log).toMatch(/GET \/api\/v1\/projects\/demo\/groups\.json 200 [\d.]+ms/)
    expect(log).toMatch(/GET \/api\/v1\/projects\/demo\/groups\.json 401/)
    // The key is printed once on its own start-up line, and nowhere else.
    const afterStart = server.output.filter((line) => !line.startsWith('secret key: ')).join('\n')
    expect(afterStart).not.toContain(server.secretKey)
    expect(log).not.toContain('SOMETHINGSECRET')
    expect(await server.stop('SIGINT')).toBe(0)
  }, 60_000)

  it('on SIGTERM, answers the requests in flight, then stops', async () => {
    const server = await startEmulatorServer(['--control'])
    const root = api(server.baseUrl, server.projectId)
    const auth = { Authorization: `Bearer ${server.secretKey}` }
    await fetch(`${server.baseUrl}/__emulator/faults`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ latency: 1000 }),
    })
    const files = await (await fetch(`${root}/files.json`, { headers: auth })).json()
    const fileId: string = files.data[0].id
    // A create on its way when the stop comes: it is answered, not cut off.
    const create = fetch(`${root}/groups.json`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_ids: [fileId] }),
    })
    await new Promise((r) => setTimeout(r, 300))
    const stopped = server.stop('SIGTERM')
    const answer = await create
    expect(answer.status).toBe(200)
    expect((await answer.json()).data.id).toMatch(/^g-/)
    // Once answered it stops, without waiting for the client's keep-alive (4 s) to end.
    const answered = Date.now()
    expect(await stopped).toBe(0)
    expect(Date.now() - answered).toBeLessThan(2_000)
  }, 60_000)

  it('on SIGTERM, stops at once when a connection is open with no request on it', async () => {
    const server = await startEmulatorServer()
    const { port, hostname } = new URL(server.baseUrl)
    // A preconnecting client, a pool or a TCP health check: connected, nothing sent yet.
    const socket = connect(Number(port), hostname)
    await new Promise((resolve) => socket.once('connect', resolve))
    const started = Date.now()
    expect(await server.stop('SIGTERM')).toBe(0)
    expect(Date.now() - started).toBeLessThan(2_000)
    socket.destroy()
  }, 60_000)

  it('writes why a conversion failed to standard error, since no answer carries it', async () => {
    const server = await startEmulatorServer(['--control', '--clock', 'manual', '--quiet'])
    const auth = { Authorization: `Bearer ${server.secretKey}` }
    const control = (route: string, body: unknown) =>
      fetch(`${server.baseUrl}/__emulator/${route}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())
    const blank = (await control('seed', { files: [{ sample: 'blank' }] })).files[0].id
    const root = api(server.baseUrl, server.projectId)
    const started = await fetch(`${root}/files/${blank}/conversions/remove_bg.json`, {
      method: 'POST',
      headers: auth,
      body: new URLSearchParams({ recipe: '/crop/true/' }),
    })
    const id = (await started.json()).data.id
    await control('clock', { advance: 60_000 })
    const file = await (await fetch(`${root}/files/${id}.json`, { headers: auth })).json()
    expect(file.data.attributes.status).toBe('processing_error')
    const line = `conversion ${id} (remove_bg of ${blank}) failed: `
    await expect.poll(() => server.output.find((l) => l.startsWith(line))).toMatch(/blank|foreground/i)
    expect(await server.stop()).toBe(0)
  }, 60_000)

  it('with --clock manual, starts again where its clock was, not back at the real time', async () => {
    const dataDir = tempDir()
    // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of several shapes
    type Call = (method: string, path: string, body?: unknown) => Promise<any>
    const run = async (work: (call: Call) => Promise<void>) => {
      const server = await startEmulatorServer(['--control', '--clock', 'manual', '--quiet'], { dataDir })
      const root = api(server.baseUrl, server.projectId)
      const call: Call = async (method, path, body) =>
        (
          await fetch(path.startsWith('/__') ? `${server.baseUrl}${path}` : `${root}${path}`, {
            method,
            headers: { Authorization: `Bearer ${server.secretKey}`, 'Content-Type': 'application/json' },
            ...(body !== undefined && { body: JSON.stringify(body) }),
          })
        ).json()
      await work(call)
      expect(await server.stop()).toBe(0)
    }
    let movedTo = 0
    let groupId = ''
    await run(async (call) => {
      movedTo = Date.parse((await call('POST', '/__emulator/clock', { advance: 365 * 86_400_000 })).now)
      const files = await call('GET', '/files.json?items=1')
      groupId = (await call('POST', '/groups.json', { file_ids: [files.data[0].id] })).data.id
    })
    await run(async (call) => {
      // Not a year back: the clock goes on from where it was.
      const now = Date.parse((await call('POST', '/__emulator/clock', { advance: 0 })).now)
      expect(now).toBeGreaterThanOrEqual(movedTo)
      // So the group made a year ahead is built once its few seconds have passed on this clock.
      await call('POST', '/__emulator/clock', { advance: 5_000 })
      expect((await call('GET', `/groups/${groupId}.json`)).data.attributes.status).toBe('ready')
    })
  }, 60_000)

  it('answers GET / with a small JSON index', async () => {
    const server = await startEmulatorServer(['--quiet'])
    const answer = await fetch(`${server.baseUrl}/`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      name: expect.any(String),
      version: expect.any(String),
      basePath: `/api/v1/projects/${server.projectId}`,
    })
    expect(await server.stop()).toBe(0)
  }, 60_000)

  it('refuses an upload whose Content-Length is over the limit before reading it', async () => {
    const dataDir = tempDir()
    const server = await startEmulatorServer(['--max-upload', '1000', '--quiet'], { dataDir })
    const before = onDisk(dataDir)
    const form = new FormData()
    form.append('file[content]', new Blob([new Uint8Array(200_000)]), 'big.bin')
    const answer = await fetch(`${api(server.baseUrl, server.projectId)}/files.json`, {
      method: 'POST',
      body: form,
    })
    expect(answer.status).toBe(413)
    expect((await answer.json()).errors[0]).toMatch(/limit of 1000 bytes/)
    expect(readdirSync(join(dataDir, 'blobs')).length).toBe(45) // the demo's, nothing more
    expect(onDisk(dataDir)).toEqual(before)
    await server.stop()
  }, 60_000)

  it('refuses a file just over the limit inside a small body, stores one at the limit, and nothing else', async () => {
    const dataDir = tempDir()
    const server = await startEmulatorServer(['--max-upload', '100000', '--quiet'], { dataDir })
    const url = `${api(server.baseUrl, server.projectId)}/files.json`
    const upload = (size: number) => {
      const form = new FormData()
      form.append('file[metadata][kind]', 'probe')
      form.append('file[content]', new Blob([new Uint8Array(size).fill(1)]), 'edge.bin')
      return fetch(url, { method: 'POST', body: form })
    }
    const before = onDisk(dataDir)
    // One byte over: the body fits the envelope room of the wrapper, so the emulator must refuse it.
    const over = await upload(100_001)
    expect(over.status).toBe(413)
    expect((await over.json()).errors[0]).toMatch(/limit of 100000 bytes/)
    expect(onDisk(dataDir)).toEqual(before)

    // At the limit: accepted, and then exactly one blob and one file row more (the probe can see).
    const at = await upload(100_000)
    expect(at.status).toBe(200)
    const { id } = (await at.json()).data
    const after = onDisk(dataDir)
    expect(after.blobs).toEqual([...before.blobs, id].sort())
    expect(after.files).toEqual([...before.files, id].sort())
    expect({ ...after, blobs: before.blobs, files: before.files }).toEqual(before)
    await server.stop()
  }, 60_000)

  it('exits with 2 and the usage on a bad flag', () => {
    for (const args of [['--clock', 'fast'], ['--port', 'x'], ['--max-upload', '0'], ['--nope']]) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status, args.join(' ')).toBe(2)
      expect(run.stderr).toContain('Usage: npm run server')
    }
  }, 60_000)

  it('answers a request Node refuses unread (too long, unknown method) with {errors} and CORS, and logs it', async () => {
    const server = await startEmulatorServer()
    const long = await fetch(`${api(server.baseUrl, server.projectId)}/files.json?q=${'x'.repeat(20_000)}`)
    expect(long.status).toBe(431)
    expect(long.headers.get('access-control-allow-origin')).toBe('*')
    expect((await long.json()).errors[0]).toMatch(/over 16 KB/)
    const { port, hostname } = new URL(server.baseUrl)
    const send = (payload: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname)
        let text = ''
        socket.on('data', (chunk) => {
          text += chunk
        })
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
        socket.write(payload)
      })
    const raw = await send('FOO / HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(raw).toContain('Access-Control-Allow-Origin: *')
    expect(raw).toContain('X-Content-Type-Options: nosniff')
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).errors[0]).toMatch(/could not be read as HTTP/)
    // Node's own status where it has one: 413 for a body's chunk extensions over its limit.
    const chunked = await send(
      `POST /api/v1/projects/${server.projectId}/files.json HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;${'e'.repeat(20_000)}\r\nx\r\n0\r\n\r\n`,
    )
    expect(chunked).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/)
    await expect.poll(() => server.output.join('\n')).toMatch(/ 431 refused unread/)
    expect(server.output.join('\n')).not.toContain('x'.repeat(100))
    await server.stop()
  }, 60_000)

  it('answers CORS preflights so browser apps on another origin can call it', async () => {
    const server = await startEmulatorServer(['--quiet'])
    const answer = await fetch(`${api(server.baseUrl, server.projectId)}/groups/g-x.json`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT')
    // Kept by the browser (2 h, Chromium's cap), not asked again before every request after 5 s.
    expect(answer.headers.get('access-control-max-age')).toBe('7200')
    await server.stop()
  }, 60_000)
})
