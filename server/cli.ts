import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { createFileServiceEmulator, createManualClock } from '../src/testing/index.ts'
import { createFsBlobStore } from './fsBlobStore.ts'
import { createSharpEngines } from './sharpEngines.ts'
import { createSqliteStorage } from './sqliteStorage.ts'

const usage = `Usage: npm run server -- [options]
  --port <n>          port to listen on (0 picks a free one)       default 4010
  --host <addr>       address to bind                              default 127.0.0.1
  --data <dir>        data directory (SQLite + blobs)              default .filekit-data
  --project <id>      project id     (or FILEKIT_PROJECT_ID)       default demo
  --secret-key <key>  secret key     (or FILEKIT_SECRET_KEY)       default demo_secret_key
  --max-upload <n>    largest upload in bytes                      default 104857600
  --control           serve the /__emulator/* control routes (tests, e2e)
  --clock manual      time moves only through POST /__emulator/clock (needs --control)
  --quiet             no request log`

const json = (status: number, messages: string[]) =>
  new Response(JSON.stringify({ errors: messages }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

/** Reads a request body while counting bytes; over `limit` → null (the caller answers 413). */
async function bufferBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = request.body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.filekit-data' },
      project: { type: 'string' },
      'secret-key': { type: 'string' },
      'max-upload': { type: 'string', default: String(100 * 1024 * 1024) },
      control: { type: 'boolean', default: false },
      clock: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const port = Number(values.port)
  const maxUpload = Number(values['max-upload'])
  if (!Number.isInteger(port) || port < 0 || !Number.isInteger(maxUpload) || maxUpload < 1) {
    console.error(`Bad --port or --max-upload.\n${usage}`)
    process.exit(2)
  }
  const dataDir = resolve(values.data)
  mkdirSync(dataDir, { recursive: true })
  const dbPath = join(dataDir, 'filekit.sqlite')
  const firstStart = !existsSync(dbPath)
  const storage = createSqliteStorage(dbPath)
  const clock = values.clock === 'manual' ? createManualClock() : undefined
  const emulator = createFileServiceEmulator({
    projectId: values.project ?? process.env.FILEKIT_PROJECT_ID ?? 'demo',
    secretKey: values['secret-key'] ?? process.env.FILEKIT_SECRET_KEY ?? 'demo_secret_key',
    storage,
    blobs: createFsBlobStore(join(dataDir, 'blobs')),
    engines: createSharpEngines(),
    maxUploadBytes: maxUpload,
    controlRoutes: values.control,
    ...(clock && { clock }),
  })
  if (firstStart) {
    await emulator.seedDemo()
    console.log('seeded a demo project (45 files, 3 groups)')
  }

  const handle = async (request: Request): Promise<Response> => {
    const length = request.headers.get('Content-Length')
    if (length !== null && Number(length) > maxUpload + 64 * 1024) {
      if (Number(length) <= 32 * 1024 * 1024) await bufferBody(request, 32 * 1024 * 1024).catch(() => null)
      return json(413, [`The upload is larger than the limit of ${maxUpload} bytes.`])
    }
    if (request.body && length === null) {
      // A streamed (chunked) body: counted as it arrives and cut off at the limit.
      const body = await bufferBody(request, maxUpload + 64 * 1024)
      if (!body) return json(413, [`The upload is larger than the limit of ${maxUpload} bytes.`])
      request = new Request(request.url, { method: request.method, headers: request.headers, body })
    }
    const response = await emulator.fetch(request)
    // An answer given before the body was read (413, 401…): read the rest so the client
    // sees the answer instead of a reset connection, up to a bound.
    if (request.body && !request.bodyUsed) await bufferBody(request, 32 * 1024 * 1024).catch(() => null)
    return response
  }

  const server = serve(
    {
      hostname: values.host,
      port,
      fetch: async (request) => {
        const started = performance.now()
        let response: Response
        try {
          response = await handle(request)
        } catch (error) {
          console.error('request failed:', (error as Error).message)
          response = json(500, ['Internal server error'])
        }
        if (!values.quiet) {
          // Method, path and status only: tokens live in headers, which are never logged.
          const { pathname } = new URL(request.url)
          console.log(
            `${request.method} ${pathname} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
          )
        }
        return response
      },
    },
    (info) => {
      const host = info.address.includes(':') ? `[${info.address}]` : info.address
      console.log(`Filekit emulator listening on http://${host}:${info.port}`)
      console.log(`project: ${emulator.projectId}`)
      console.log(`secret key: ${emulator.secretKey}`)
    },
  )

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close(() => {
      storage.close()
      process.exit(0)
    })
    // Open keep-alive connections would hold close() up.
    ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
