import { mkdirSync } from 'node:fs'
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { join, resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { createFileServiceEmulator } from '../src/testing/index.ts'
import { answerHeaders } from './cors.ts'
import { lockDataDir } from './dataLock.ts'
import { createFsBlobStore } from './fsBlobStore.ts'
import { readOptions, usage } from './options.ts'
import { createPersistentManualClock } from './persistentClock.ts'
import { batchLines, withRequestLog } from './requestLog.ts'
import { createSharpEngines } from './sharpEngines.ts'
import { createSqliteStorage, type SqliteStorage } from './sqliteStorage.ts'
import { withUploadLimit } from './uploadLimit.ts'

/** The project's secret key is the one given now, even when the data directory knew another. */
function applySecretKey(storage: SqliteStorage, projectId: string, secretKey: string) {
  const project = storage.getProject(projectId)
  if (project && project.secretKey !== secretKey) storage.putProject({ ...project, secretKey })
}

/**
 * Seeds the demo once per data directory: on the first start, never again (even if emptied);
 * with `--empty`, not at all. A first start stopped while seeding (kill -9) left part of the
 * demo and nothing else, since no request is answered before the seed is done: the next start
 * drops that part, records and every blob (also one written just before its record, which no
 * record names), and seeds again (or, with `--empty`, leaves the directory empty).
 */
async function seedOnFirstStart(
  storage: SqliteStorage,
  emulator: { seedDemo: () => Promise<unknown>; reset: () => void },
  projectId: string,
  startEmpty: boolean,
) {
  if (storage.getMeta('seeded')) return
  // reset() clears the records and the blob directory.
  if (storage.getMeta('seeding')) emulator.reset()
  const empty =
    storage.listFiles(projectId, 0, 1).count === 0 && storage.listGroups(projectId, 0, 1).count === 0
  if (empty && !startEmpty) {
    storage.setMeta('seeding', new Date().toISOString())
    await emulator.seedDemo()
    console.log('seeded a demo project (45 files, 3 groups)')
  }
  storage.setMeta('seeded', new Date().toISOString())
}

export async function main(argv: string[]) {
  let options: ReturnType<typeof readOptions>
  try {
    options = readOptions(argv, process.env)
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    process.exit(2)
  }
  if (!options) {
    console.log(usage)
    return
  }
  const dataDir = resolve(options.dataDir)
  mkdirSync(dataDir, { recursive: true })
  try {
    lockDataDir(dataDir)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const storage = createSqliteStorage(join(dataDir, 'filekit.sqlite'))
  applySecretKey(storage, options.projectId, options.secretKey)
  const blobs = createFsBlobStore(join(dataDir, 'blobs'))
  const emulator = createFileServiceEmulator({
    projectId: options.projectId,
    secretKey: options.secretKey,
    storage,
    blobs,
    engines: createSharpEngines(),
    maxUploadBytes: options.maxUploadBytes,
    controlRoutes: options.control,
    // Why work failed (a conversion's processing_error): no answer carries it.
    log: (message) => console.error(message),
    ...(options.manualClock && { clock: createPersistentManualClock(storage) }),
  })
  await seedOnFirstStart(storage, emulator, options.projectId, options.empty)

  let handler = withUploadLimit((request) => emulator.fetch(request), options.maxUploadBytes)
  const log = batchLines((text) => console.log(text))
  if (!options.quiet) handler = withRequestLog(handler, log.line)
  const server = serve(
    {
      hostname: options.host,
      port: options.port,
      fetch: async (request) => {
        try {
          return await handler(request)
        } catch (error) {
          console.error(
            `${request.method} ${new URL(request.url).pathname} failed: ${(error as Error).message}`,
          )
          return Response.json({ errors: ['Internal server error'] }, { status: 500, headers: answerHeaders })
        }
      },
    },
    (info) => {
      const host = info.address.includes(':') ? `[${info.address}]` : info.address
      console.log(`Filekit emulator listening on http://${host}:${info.port}`)
      console.log(`project: ${options.projectId}`)
      console.log(`secret key: ${options.secretKey}`)
    },
  )
  server.on('error', (error) => {
    console.error(`Cannot listen on ${options.host}:${options.port}: ${error.message}`)
    storage.close()
    process.exit(1)
  })

  // Requests Node's parser refuses before any handler sees them (a request line and headers
  // over 16 KB, an unknown method, broken HTTP) get what the emulator's refusals carry, JSON
  // `{errors}` with CORS, and a log line, rather than Node's empty 400 or 431.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // An answer already under way on this connection (kept alive) can't be followed by another.
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (!socket.writable || error.code === 'ECONNRESET' || answering?.headersSent)
      return void socket.destroy()
    // Node's own statuses for these, with words.
    const refusals: Record<string, [number, string]> = {
      HPE_HEADER_OVERFLOW: [431, 'The request line and headers are over 16 KB: is a query string that long?'],
      HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The chunk extensions of the body are too large.'],
      ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
    }
    const [status, message] = refusals[error.code ?? ''] ?? [
      400,
      `The request could not be read as HTTP (${error.code ?? 'malformed'}).`,
    ]
    const body = JSON.stringify({ errors: [message] })
    const headers = {
      ...answerHeaders,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
    }
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`)
    if (!options.quiet) log.line(`- - ${status} refused unread (${error.code ?? 'malformed'})`)
  })

  // Which connections have a request on them: a stop waits for those, and closes the rest.
  const connections = new Set<Socket>()
  const busy = new Map<Socket, number>()
  server.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => {
      connections.delete(socket)
      busy.delete(socket)
    })
  })
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    busy.set(socket, (busy.get(socket) ?? 0) + 1)
    response.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1
      if (left > 0) busy.set(socket, left)
      else busy.delete(socket)
    })
  })

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    // No new connections; requests in flight are answered (their writes kept). Every other
    // connection closes now (kept alive after an answer, or opened with nothing sent yet), and
    // each busy one as soon as its answer has gone out.
    server.close(() => {
      log.flush()
      storage.close()
      process.exit(0)
    })
    const closeIdle = () => {
      for (const socket of connections) if (!busy.has(socket)) socket.destroy()
    }
    closeIdle()
    setInterval(closeIdle, 50).unref()
    setTimeout(() => {
      log.flush()
      console.error('Requests still in flight after 5 s were cut off; exiting.')
      for (const socket of connections) socket.destroy()
      process.exit(1)
    }, 5000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
