import { parseArgs } from 'node:util'

export const usage = `Usage: npm run server -- [options]
  --port <n>          port to listen on (0 picks a free one)       default 4010
  --host <addr>       address to bind                              default 127.0.0.1
  --data <dir>        data directory (SQLite + blobs)              default .filekit-data
  --project <id>      project id     (or FILEKIT_PROJECT_ID)       default demo
  --secret-key <key>  secret key     (or FILEKIT_SECRET_KEY)       default demo_secret_key
  --max-upload <n>    largest upload in bytes                      default 104857600
  --empty             a new data directory starts empty, with no demo project
  --control           serve the /__emulator/* control routes (tests, e2e)
  --clock manual      time moves only through POST /__emulator/clock (needs --control)
  --quiet             no request log
  --help              this text`

export interface ServerOptions {
  port: number
  host: string
  dataDir: string
  projectId: string
  secretKey: string
  maxUploadBytes: number
  control: boolean
  /** A new data directory is not seeded with the demo project. */
  empty: boolean
  manualClock: boolean
  quiet: boolean
}

/** Reads flags, then the environment, then defaults; null for `--help`. Throws on bad input. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): ServerOptions | null {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.filekit-data' },
      project: { type: 'string' },
      'secret-key': { type: 'string' },
      'max-upload': { type: 'string', default: String(100 * 1024 * 1024) },
      control: { type: 'boolean', default: false },
      empty: { type: 'boolean', default: false },
      clock: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) return null
  const whole = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : Number.NaN)
  const port = whole(values.port)
  if (!(port <= 65535)) throw new Error(`Bad --port ${values.port}.`)
  const maxUploadBytes = whole(values['max-upload'])
  if (!(maxUploadBytes >= 1)) throw new Error(`Bad --max-upload ${values['max-upload']} (bytes, at least 1).`)
  if (values.clock !== undefined && values.clock !== 'manual')
    throw new Error(`Bad --clock ${values.clock} (the only choice is "manual").`)
  // Without the control routes nothing could move a manual clock, and nothing would ever finish.
  if (values.clock === 'manual' && !values.control) throw new Error('--clock manual needs --control.')
  const projectId = values.project ?? env.FILEKIT_PROJECT_ID ?? 'demo'
  // The id is part of every API path; keep it to what a path segment holds without escaping.
  if (!/^[\w-]{1,64}$/.test(projectId)) throw new Error(`Bad project id ${JSON.stringify(projectId)}.`)
  const secretKey = values['secret-key'] ?? env.FILEKIT_SECRET_KEY ?? 'demo_secret_key'
  // It travels as `Bearer <key>` and must not look like a group or file token.
  if (!/^\S+$/.test(secretKey) || /^(gat|fat)-/.test(secretKey))
    throw new Error('The secret key must be one word that does not start with gat- or fat-.')
  return {
    port,
    host: values.host,
    dataDir: values.data,
    projectId,
    secretKey,
    maxUploadBytes,
    control: values.control,
    empty: values.empty,
    manualClock: values.clock === 'manual',
    quiet: values.quiet,
  }
}
