// The client over a real socket (node:http) and against the emulator's latency fault: timeouts
// keep the signal's TimeoutError, a body cut off mid-stream is a network error (TypeError), as
// README "Errors" says. None of these may turn into a FileServiceError.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFileServiceClient, isFileServiceError } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'
import { wireGroup } from './fixtures.ts'

const group = JSON.stringify({ data: wireGroup('g-1') })

describe('over real HTTP', () => {
  let server: Server
  let baseUrl: string
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {}
  const sockets = new Set<import('node:net').Socket>()

  beforeAll(async () => {
    server = createServer((req, res) => handle(req, res))
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(() => {
    // Requests left hanging on purpose: drop their connections.
    for (const socket of sockets) socket.destroy()
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const client = () => createFileServiceClient({ baseUrl, projectId: 'demo', token: 'sk' })

  it('answers a well-formed group (the server itself works)', async () => {
    handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(group)
    expect((await client().groups.get('g-1')).id).toBe('g-1')
  })

  it('rejects with the TimeoutError of AbortSignal.timeout when the server never answers', async () => {
    handle = () => {} // reads the request, never answers
    const signal = AbortSignal.timeout(100)
    const error = await client()
      .groups.get('g-1', { signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('TimeoutError')
    expect(error).toBe(signal.reason)
    expect(isFileServiceError(error)).toBe(false)
  })

  /** A client whose token function never returns, and the requests the server got. */
  const tokenHangs = (timeout?: number) => {
    const server = { requests: 0 }
    handle = (_req, res) => {
      server.requests++
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(group)
    }
    const hanging = createFileServiceClient({
      baseUrl,
      projectId: 'demo',
      token: () => new Promise(() => {}),
      timeout,
    })
    return { hanging, server }
  }

  it('rejects with the TimeoutError while a token function hangs, and sends nothing', async () => {
    const { hanging, server } = tokenHangs()
    const signal = AbortSignal.timeout(100)
    const error = await hanging.groups.get('g-1', { signal }).catch((e: unknown) => e)
    expect(error).toBe(signal.reason)
    expect((error as DOMException).name).toBe('TimeoutError')
    expect(server.requests).toBe(0)
  })

  it("rejects with a FileServiceError 'timeout' after the client's timeout while a token function hangs, and sends nothing", async () => {
    const { hanging, server } = tokenHangs(100)
    // A POST too: nothing went out, so nothing can have been done.
    for (const call of [() => hanging.groups.get('g-1'), () => hanging.groups.create({ fileIds: ['f-1'] })]) {
      const error = await call().catch((e: unknown) => e)
      expect(isFileServiceError(error)).toBe(true)
      expect(error).toMatchObject({ status: 0, code: 'timeout', messages: ['No token in 0.1 s.'] })
    }
    expect(server.requests).toBe(0)
  })

  it('rejects with the TimeoutError when the body stalls after the headers', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(group.length) })
      res.write(group.slice(0, 20)) // and nothing more
    }
    const signal = AbortSignal.timeout(150)
    const error = await client()
      .groups.get('g-1', { signal })
      .catch((e: unknown) => e)
    expect((error as DOMException).name).toBe('TimeoutError')
    expect(isFileServiceError(error)).toBe(false)
  })

  it("rejects with a FileServiceError 'timeout' (status 0) after the client's timeout, for no answer or a stalled body", async () => {
    const short = createFileServiceClient({ baseUrl, projectId: 'demo', token: 'sk', timeout: 150 })
    handle = () => {} // reads the request, never answers
    const error = await short.groups.get('g-1').catch((e: unknown) => e)
    expect(isFileServiceError(error)).toBe(true)
    expect(error).toMatchObject({
      status: 0,
      code: 'timeout',
      method: 'GET',
      path: '/api/v1/projects/demo/groups/g-1.json',
    })
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(group.length) })
      res.write(group.slice(0, 20)) // and nothing more
    }
    expect(await short.groups.update('g-1', { fileIds: [] }).catch((e: unknown) => e)).toMatchObject({
      status: 0,
      code: 'timeout',
      method: 'PUT',
    })
  })

  it("rejects a POST never answered with 'unconfirmed': it may have been done", async () => {
    const short = createFileServiceClient({ baseUrl, projectId: 'demo', token: 'sk', timeout: 100 })
    handle = () => {}
    // The last test's keep-alive socket, destroyed, must be gone first: a POST is not sent again on another.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const error = await short.groups.create({ fileIds: ['f-1'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'unconfirmed', method: 'POST' })
  })

  it("keeps the caller's signal: its abort rejects with its own reason before the client's timeout", async () => {
    const short = createFileServiceClient({ baseUrl, projectId: 'demo', token: 'sk', timeout: 5_000 })
    handle = () => {}
    const controller = new AbortController()
    const pending = short.groups.get('g-1', { signal: controller.signal }).catch((e: unknown) => e)
    const reason = new Error('left the page')
    setTimeout(() => controller.abort(reason), 50)
    expect(await pending).toBe(reason)
  })

  it('rejects with a TypeError when the connection dies in the middle of a sized body', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(group.length) })
      res.write(group.slice(0, 20), () => setTimeout(() => res.socket?.destroy(), 20))
    }
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(isFileServiceError(error)).toBe(false)
  })

  it('rejects with a TypeError when the connection dies in the middle of a chunked body', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }) // no length: chunked
      res.write(group.slice(0, 20), () => setTimeout(() => res.socket?.destroy(), 20))
    }
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(isFileServiceError(error)).toBe(false)
  })

  it('rejects with a TypeError when an error answer is cut off, not with a FileServiceError', async () => {
    const body = JSON.stringify({ errors: ['Group not found'] })
    handle = (_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) })
      res.write(body.slice(0, 5), () => setTimeout(() => res.socket?.destroy(), 20))
    }
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
  })

  it('rejects with a TypeError when the server closes the connection without answering', async () => {
    handle = (req) => req.socket.destroy()
    const error = await client()
      .groups.update('g-1', { fileIds: ['f-1'] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
  })
})

describe('against the emulator with a slow answer', () => {
  const baseUrl = 'http://slow.test'
  const emulator = createFileServiceEmulator()
  const msw = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => msw.close())

  it('rejects with the TimeoutError, and the next request without the fault succeeds', async () => {
    const client = createFileServiceClient({
      baseUrl,
      projectId: emulator.projectId,
      token: emulator.secretKey,
    })
    emulator.faults.latency(5_000)
    const signal = AbortSignal.timeout(100)
    const started = Date.now()
    const error = await client.groups.list({}, { signal }).catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('TimeoutError')
    expect(isFileServiceError(error)).toBe(false)
    emulator.faults.latency(0)
    expect((await client.groups.list()).count).toBe(0)
  })
})
