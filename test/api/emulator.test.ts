// The client against the emulator (through MSW): every method, with the token kinds the
// service distinguishes, and the asynchronous transitions driven by the emulator's clock.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AuthError,
  createFileServiceClient,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../../src/index.ts'
import {
  createFileServiceEmulator,
  createFileServiceHandlers,
  createManualClock,
} from '../../src/testing/index.ts'

const baseUrl = 'http://filekit.test'
const clock = createManualClock(Date.parse('2026-11-01T10:00:00Z'))
const emulator = createFileServiceEmulator({
  clock: clock.now,
  projectId: 'demo',
  secretKey: 'sk_test_secret',
})
const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => emulator.reset())

const connect = (token?: string) => createFileServiceClient({ baseUrl, projectId: 'demo', token })
const operator = () => connect('sk_test_secret')

const png = () =>
  // 1×1 transparent PNG.
  new Blob(
    [
      Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        ),
        (c) => c.charCodeAt(0),
      ),
    ],
    { type: 'image/png' },
  )

describe('client × emulator', () => {
  it('uploads anonymously, creates a group, then works with only its access token', async () => {
    const anonymous = connect()
    const a = await anonymous.files.upload(png(), { name: 'a.png', metadata: { k: 'v' } })
    const b = await anonymous.files.upload(png(), { name: 'b.png' })
    expect(a).toMatchObject({ status: 'ready', isImage: true, originalName: 'a.png', metadata: { k: 'v' } })
    expect(a.id).toMatch(/^f-[A-Za-z0-9]{22}$/)
    expect(a.accessToken).toMatch(/^fat-[A-Za-z0-9]{22}$/)

    const created = await anonymous.groups.create({ fileIds: [a.id, b.id] })
    expect(created.id).toMatch(/^g-[A-Za-z0-9]{22}$/)
    expect(created.accessToken).toMatch(/^gat-[A-Za-z0-9]{22}$/)
    // As the real service: no uuid until the group is built.
    expect(created.status).toBe('pending')
    expect(created.uuid).toBeNull()

    const user = connect(created.accessToken)
    expect((await user.groups.get(created.id)).uuid).toBeNull()
    clock.advance(60_000)
    const ready = await user.groups.get(created.id)
    expect(ready.status).toBe('ready')
    expect(ready.uuid).toMatch(/~2$/)

    const files = await user.groups.files(created.id)
    expect(files.data.map((f) => f.id)).toEqual([a.id, b.id])
    expect(files).toMatchObject({ count: 2, page: 1, pages: 1 })

    const updated = await user.groups.update(created.id, { fileIds: [b.id, a.id] })
    expect(updated.id).toBe(created.id)
    // The last build's uuid until the new group is built, then a new one.
    expect(updated).toMatchObject({ status: 'pending', uuid: ready.uuid })
    clock.advance(60_000)
    const rebuilt = await user.groups.get(created.id)
    expect(rebuilt.status).toBe('ready')
    expect(rebuilt.uuid).toMatch(/~2$/)
    expect(rebuilt.uuid).not.toBe(ready.uuid)
    expect((await user.groups.files(created.id)).data.map((f) => f.id)).toEqual([b.id, a.id])

    // The group token reaches nothing else.
    await expect(user.groups.list()).rejects.toBeInstanceOf(AuthError)
    await expect(user.files.list()).rejects.toBeInstanceOf(AuthError)
    await expect(user.actions.run(a.id, 'virus_scan')).rejects.toBeInstanceOf(AuthError)

    await user.groups.delete(created.id)
    await expect(operator().groups.get(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('lists groups and files in pages with the requested size', async () => {
    const op = operator()
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await op.files.upload(png(), { name: `p${i}.png` })).id)
    const second = await op.files.list({ page: 2, items: 3 })
    expect(second).toMatchObject({ count: 7, page: 2, pageSize: 3, pages: 3 })
    expect(second.data).toHaveLength(3)
    for (let i = 0; i < 3; i++) await op.groups.create({ fileIds: [ids[i]!] })
    const groups = await op.groups.list({ items: 2 })
    expect(groups).toMatchObject({ count: 3, pageSize: 2, pages: 2 })
    expect(groups.data[0]?.accessToken).toMatch(/^gat-/)
  })

  it('gets, updates metadata, uploads from a URL and deletes files', async () => {
    const op = operator()
    const file = await op.files.upload(png(), { name: 'x.png' })
    expect((await op.files.get(file.id)).originalName).toBe('x.png')
    expect((await op.files.update(file.id, { metadata: { tag: 'new' } })).metadata).toEqual({ tag: 'new' })
    const remote = await op.files.uploadFromUrl('https://example.com/remote.png')
    expect(remote.status).toBe('pending')
    const removed = await op.files.delete(file.id)
    expect(removed).toMatchObject({ status: 'removed' })
    expect(removed?.removedAt).not.toBeNull()
  })

  it('a metadata update whose body arrives after a delete does not bring the file back', async () => {
    const op = operator()
    const file = await op.files.upload(png(), { name: 'x.png' })
    // A slow client: the PUT's headers now, its body later. The file is deleted meanwhile.
    let send!: (body: string) => void
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (text) => {
          controller.enqueue(new TextEncoder().encode(text))
          controller.close()
        }
      },
    })
    const put = emulator.fetch(
      new Request(`${baseUrl}/api/v1/projects/demo/files/${file.id}.json`, {
        method: 'PUT',
        headers: { Authorization: 'Bearer sk_test_secret', 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    await op.files.delete(file.id)
    send(JSON.stringify({ file: { metadata: { tag: 'late' } } }))
    expect((await put).status).toBe(200)
    expect(await op.files.get(file.id)).toMatchObject({ status: 'removed', metadata: { tag: 'late' } })
  })

  it('runs every action: pending, then ready with a result once the clock moves', async () => {
    const op = operator()
    const file = await op.files.upload(png(), { name: 'photo.png' })
    await expect(op.actions.get(file.id, 'recognize')).rejects.toBeInstanceOf(NotFoundError)
    for (const type of ['recognize', 'moderate', 'virus_scan'] as const) {
      const started = await op.actions.run(file.id, type)
      expect(started).toMatchObject({ actionType: type, status: 'pending', result: null, fileId: file.id })
    }
    clock.advance(60_000)
    const recognize = await op.actions.get(file.id, 'recognize')
    expect(recognize.status).toBe('ready')
    // Dated by the emulator's clock (here months from the wall clock's), as every other date.
    const doneAt = Date.parse(recognize.result!.datetime_created!)
    expect(doneAt).toBeGreaterThan(clock.now() - 60_000)
    expect(doneAt).toBeLessThanOrEqual(clock.now())
    expect(recognize.result?.data.Labels.length).toBeGreaterThan(0)
    expect((await op.actions.get(file.id, 'moderate')).result?.data.ModerationLabels).toBeInstanceOf(Array)
    expect((await op.actions.get(file.id, 'virus_scan')).result?.data.infected).toBe(false)
  })

  it('reads conversions and converts, the new file pending then ready', async () => {
    const op = operator()
    const file = await op.files.upload(png(), { name: 'photo.png' })
    const info = await op.conversions.info(file.id)
    expect(info.formatCurrent).toBe('png')
    expect(info.methodsAvailable).toEqual(expect.arrayContaining(['image', 'remove_bg']))
    expect(info.formatsAvailable).toContain('webp')
    const converted = await op.conversions.convert(file.id, 'image', '/-/format/webp/')
    expect(converted.id).not.toBe(file.id)
    expect(converted.status).toBe('pending')
    clock.advance(60_000)
    expect((await op.files.get(converted.id)).status).toBe('ready')
  })

  it('maps the emulator refusals to the error family', async () => {
    const op = operator()
    const file = await op.files.upload(png(), { name: 'photo.png' })
    const bad = await op.groups.create({ fileIds: ['f-doesnotexist0000000000'] }).catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(ValidationError)
    expect((bad as ValidationError).messages.join(' ')).toContain('f-doesnotexist0000000000')
    const recipe = await op.conversions.convert(file.id, 'image', '/-/nonsense/1/').catch((e: unknown) => e)
    expect(recipe).toBeInstanceOf(ValidationError)
    await expect(connect('garbage').files.get(file.id)).rejects.toBeInstanceOf(AuthError)
    emulator.faults.failNext(/groups/, { status: 429, count: 1, retryAfter: 3 })
    const limited = await op.groups.list().catch((e: unknown) => e)
    expect(limited).toBeInstanceOf(RateLimitError)
    expect((limited as RateLimitError).retryAfter).toBe(3)
  })
})
