// Upload size limit in front of the emulator: by Content-Length before anything is read, and
// by counting the bytes of a streamed (chunked) body as they arrive. A refused body never
// reaches the emulator, so nothing of it is stored.

import { answerHeaders } from './cors.ts'

type Handler = (request: Request) => Promise<Response>

/** Room for the multipart envelope around the file; the emulator measures the file exactly. */
const envelope = 64 * 1024
/** A refused body is read (and dropped) up to this size, so the client gets to read the 413. */
const drainLimit = 32 * 1024 * 1024

const tooLarge = (limit: number, close: boolean) =>
  new Response(JSON.stringify({ errors: [`The upload is larger than the limit of ${limit} bytes.`] }), {
    status: 413,
    headers: { 'Content-Type': 'application/json', ...answerHeaders, ...(close && { Connection: 'close' }) },
  })

/** Reads a body while counting; more than `limit` bytes → null (the rest is left unread). */
export async function readBody(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

const drain = (request: Request) =>
  request.body && !request.bodyUsed ? readBody(request.body, drainLimit).catch(() => null) : null

/** Wraps `handler` so bodies over `maxUploadBytes` (plus the multipart envelope) get 413. */
export function withUploadLimit(handler: Handler, maxUploadBytes: number): Handler {
  const limit = maxUploadBytes + envelope
  return async (request) => {
    const length = request.headers.get('Content-Length')
    if (length !== null && Number(length) > limit) {
      // Past the drain limit the connection is closed instead of reading gigabytes.
      const close = Number(length) > drainLimit
      if (!close) await drain(request)
      return tooLarge(maxUploadBytes, close)
    }
    // GET and HEAD carry no body (a fetch Request refuses one): nothing to count or drain, and
    // not touching `body` spares @hono/node-server building a full Request for every read.
    if (request.method === 'GET' || request.method === 'HEAD') return handler(request)
    if (request.body && length === null) {
      const body = await readBody(request.body, limit)
      if (!body) return tooLarge(maxUploadBytes, true)
      request = new Request(request.url, { method: request.method, headers: request.headers, body })
    }
    const response = await handler(request)
    // An answer given before the body was read (401, 404…): read the rest so the client sees it
    // instead of a reset connection.
    await drain(request)
    return response
  }
}
