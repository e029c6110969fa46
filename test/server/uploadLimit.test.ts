// The upload limit and the request log as handler wrappers, without a process.
import { describe, expect, it, vi } from 'vitest'
import { withRequestLog } from '../../server/requestLog.ts'
import { withUploadLimit } from '../../server/uploadLimit.ts'

const envelope = 64 * 1024
/** A chunked body (no Content-Length) of `size` bytes in 16 KiB chunks. */
const streamed = (size: number) => {
  let left = size
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close()
      const chunk = new Uint8Array(Math.min(16 * 1024, left))
      left -= chunk.length
      controller.enqueue(chunk)
    },
  })
}
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/api/v1/projects/demo/files.json', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit)

describe('upload limit', () => {
  it('refuses a declared length over the limit without calling the emulator', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const handler = withUploadLimit(inner, 1000)
    const answer = await handler(post(new Uint8Array(1000 + envelope + 1)))
    expect(answer.status).toBe(413)
    expect((await answer.json()).errors[0]).toContain('1000 bytes')
    // Readable from another origin, and not sniffed, like the emulator's own answers.
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(inner).not.toHaveBeenCalled()
  })

  it("refuses another route's body over the limit itself, with the emulator's words for it", async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const json = (size: number) =>
      new Request('http://x/api/v1/projects/demo/groups.json', {
        method: 'POST',
        body: 'x'.repeat(size),
        headers: { 'Content-Type': 'application/json' },
      })
    // No envelope room here: that is an upload's.
    const answer = await withUploadLimit(inner, 1000)(json(1001))
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({
      errors: ['The request body is larger than the limit of 1000 bytes.'],
    })
    expect(inner).not.toHaveBeenCalled()
    await withUploadLimit(inner, 1000)(json(1000))
    expect(inner).toHaveBeenCalledOnce()
  })

  it('closes the connection on a GET that declares a huge body, rather than read it through', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const get = new Request('http://x/api/v1/projects/demo/groups.json', {
      headers: { 'Content-Length': '1000000000' },
    })
    const answer = await withUploadLimit(inner, 1000)(get)
    expect(answer.status).toBe(413)
    expect(answer.headers.get('Connection')).toBe('close')
    expect(inner).not.toHaveBeenCalled()
  })

  it('counts a streamed body and refuses it at the limit without calling the emulator', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const answer = await withUploadLimit(inner, 1000)(post(streamed(1000 + envelope + 1)))
    expect(answer.status).toBe(413)
    expect(answer.headers.get('Connection')).toBe('close')
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(inner).not.toHaveBeenCalled()
  })

  it('passes a streamed body under the limit on, every byte of it', async () => {
    const handler = withUploadLimit(
      async (request) => new Response(String((await request.arrayBuffer()).byteLength)),
      1000,
    )
    const answer = await handler(post(streamed(50_000)))
    expect(await answer.text()).toBe('50000')
  })

  it('passes requests without a body untouched', async () => {
    const inner = vi.fn(async () => new Response('ok'))
    const request = new Request('http://x/')
    await withUploadLimit(inner, 1)(request)
    expect(inner).toHaveBeenCalledWith(request)
  })
})

describe('request log', () => {
  it('writes method, path, status and time, never the query or headers', async () => {
    const lines: string[] = []
    const handler = withRequestLog(
      async () => new Response(null, { status: 204 }),
      (line) => lines.push(line),
    )
    await handler(
      new Request('http://x/api/v1/projects/demo/groups/g-1.json?token=gat-SECRET', {
        method: 'DELETE',
        headers: { Authorization: 'Bearer sk_SECRET' },
      }),
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^DELETE \/api\/v1\/projects\/demo\/groups\/g-1\.json 204 \d+\.\dms$/)
    expect(lines[0]).not.toContain('SECRET')
  })
})
