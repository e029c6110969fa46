// Body size limit in front of the emulator: by Content-Length before anything is read, and
// by counting the bytes of a streamed (chunked) body as they arrive. A refused body never
// reaches the emulator, so nothing of it is stored.

import { bodyLimit } from '../src/testing/core/bodyLimit.ts'
import { answerHeaders } from './cors.ts'

type Handler = (request: Request) => Promise<Response>

/** A refused body is read (and dropped) up to this size, so the client gets to read the 413. */
const drainLimit = 32 * 1024 * 1024

// The emulator's own 413 for the route (an upload, or any other body), so an answer does not
// depend on whether this wrapper or the emulator refused the body.
const tooLarge = (message: string, close: boolean) =>
  new Response(JSON.stringify({ errors: [message] }), {
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

/**
 * Wraps `handler` so bodies over the route's limit get 413 before it sees them: an upload's
 * `maxUploadBytes` plus the multipart envelope, any other body `maxUploadBytes` (`bodyLimit`).
 */
export function withUploadLimit(handler: Handler, maxUploadBytes: number): Handler {
  return async (request) => {
    const length = request.headers.get('Content-Length')
    const bodyless = request.method === 'GET' || request.method === 'HEAD'
    // A GET's limit is worked out (a URL parsed) only when it declares a body.
    if (bodyless && length === null) return handler(request)
    const limit = bodyLimit(request.method, new URL(request.url).pathname, maxUploadBytes)
    // Any method, a GET too: a body declared past the limit is refused, and past the drain limit
    // the connection is closed instead of Node reading gigabytes through.
    if (length !== null && Number(length) > limit.bytes) {
      const close = Number(length) > drainLimit
      if (!close) await drain(request)
      return tooLarge(limit.message, close)
    }
    // GET and HEAD carry no body (a fetch Request refuses one): nothing to count or drain, and
    // not touching `body` spares @hono/node-server building a full Request for every read.
    if (bodyless) return handler(request)
    if (request.body && length === null) {
      const body = await readBody(request.body, limit.bytes)
      if (!body) return tooLarge(limit.message, true)
      request = new Request(request.url, { method: request.method, headers: request.headers, body })
    }
    const response = await handler(request)
    // An answer given before the body was read (401, 404…): read the rest so the client sees it
    // instead of a reset connection.
    await drain(request)
    return response
  }
}
