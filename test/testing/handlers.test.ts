// createFileServiceHandlers under a base URL with a path prefix (a proxy's, say): the URLs in
// answers point back under that prefix, where the handlers answer.
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

const baseUrl = 'http://files.test/proxy/filekit'
const emulator = createFileServiceEmulator()
const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
const secret = { Authorization: `Bearer ${emulator.secretKey}` }

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => emulator.reset())

describe('createFileServiceHandlers with a path prefix', () => {
  it('gives original_url under the prefix, and the original is there', async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const id = files[0]!.id
    const answer = await fetch(`${baseUrl}/api/v1/projects/demo/files/${id}.json`, { headers: secret })
    const url = (await answer.json()).data.attributes.original_url
    expect(url).toBe(`${baseUrl}/cdn/${id}/`)
    const original = await fetch(url, { headers: secret })
    expect(original.status).toBe(200)
    expect(original.headers.get('Content-Type')).toBe('image/png')
  })

  it('names the prefix in the lists and in an upload answer too', async () => {
    await emulator.seed({ files: [{}] })
    const list = await (await fetch(`${baseUrl}/api/v1/projects/demo/files.json`, { headers: secret })).json()
    expect(list.data[0].attributes.original_url).toMatch(new RegExp(`^${baseUrl}/cdn/f-`))
    const form = new FormData()
    form.append('file[content]', new Blob(['notes']), 'a.txt')
    const uploaded = await (
      await fetch(`${baseUrl}/api/v1/projects/demo/files.json`, { method: 'POST', body: form })
    ).json()
    expect(uploaded.data.attributes.original_url).toMatch(new RegExp(`^${baseUrl}/cdn/f-`))
  })

  it('answers GET / with the base path under the prefix', async () => {
    const index = await (await fetch(`${baseUrl}/`)).json()
    expect(index.basePath).toBe('/proxy/filekit/api/v1/projects/demo')
  })
})

describe('createFileServiceHandlers with a relative baseUrl in Node', () => {
  it('says a relative one needs a page, instead of a bare "Invalid URL"', () => {
    expect(() => createFileServiceHandlers(emulator, { baseUrl: '/operator-api' })).toThrow(
      /baseUrl "\/operator-api" is not a URL here\. A relative one needs a page's address/,
    )
  })
})
