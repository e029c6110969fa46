// emulator.fetch is shaped like fetch: a client (a host's server route with the secret key)
// takes it as its `fetch` option, with no MSW in between.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createFileServiceClient, NotFoundError } from '../../src/index.ts'
import { createFileServiceEmulator, createManualClock } from '../../src/testing/index.ts'

const clock = createManualClock(Date.UTC(2030, 0, 1))
const emulator = createFileServiceEmulator({ secretKey: 'sk_live_x', clock })
const client = createFileServiceClient({
  baseUrl: 'https://files.example.com',
  projectId: 'demo',
  token: 'sk_live_x',
  fetch: emulator.fetch,
})

describe('emulator.fetch as a client fetch', () => {
  it('type-checks as fetch', () => {
    expectTypeOf(emulator.fetch).toExtend<typeof globalThis.fetch>()
  })

  it('answers every kind of call: reads, JSON and form bodies, uploads, errors', async () => {
    emulator.reset()
    const { files } = await emulator.seed({ files: [{}, {}] })
    const ids = files.map((f) => f.id)
    const group = await client.groups.create({ fileIds: ids })
    expect(group.status).toBe('pending')
    const upload = await client.files.upload(new Blob(['hello']), { name: 'h.txt', metadata: { a: 'b' } })
    expect(upload).toMatchObject({ originalName: 'h.txt', size: 5, metadata: { a: 'b' } })
    expect((await client.conversions.convert(ids[0]!, 'image', '/-/format/webp/')).status).toBe('pending')
    expect((await client.actions.run(ids[0]!, 'virus_scan')).status).toBe('pending')
    clock.advance(5000)
    expect((await client.groups.get(group.id)).status).toBe('ready')
    expect((await client.files.list()).count).toBe(4)
    await expect(client.groups.get('g-0000000000000000000000')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('takes a URL or a Request with an init, as fetch does', async () => {
    emulator.reset()
    const headers = { Authorization: 'Bearer sk_live_x' }
    const url = new URL('https://files.example.com/api/v1/projects/demo/groups.json')
    expect((await emulator.fetch(url, { headers })).status).toBe(200)
    expect((await emulator.fetch(url.href, { headers })).status).toBe(200)
    expect((await emulator.fetch(new Request(url), { headers })).status).toBe(200)
    expect((await emulator.fetch(new Request(url))).status).toBe(401)
  })
})
