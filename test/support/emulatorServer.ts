// Starts the emulator's Node server (server/main.ts) in a temporary data directory and
// resolves to its base URL, project and secret key as it prints them on start.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface RunningServer {
  baseUrl: string
  projectId: string
  secretKey: string
  output: string[]
  dataDir: string
  /** SIGTERM (or `signal`); resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface StartOptions {
  /** Data directory to use (kept on stop); a fresh temporary one (removed on stop) by default. */
  dataDir?: string
  env?: Record<string, string>
}

export async function startEmulatorServer(
  args: string[] = [],
  options: StartOptions = {},
): Promise<RunningServer> {
  const data = options.dataDir ?? mkdtempSync(join(tmpdir(), 'filekit-test-'))
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', data, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  )
  const output: string[] = []
  const found: Partial<Record<'baseUrl' | 'projectId' | 'secretKey', string>> = {}
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), 30_000)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.join('\n')}`)))
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line)
        const url = line.match(/(https?:\/\/[^\s]+)/)
        if (url && !found.baseUrl) found.baseUrl = url[1]!.replace(/\/$/, '')
        const project = line.match(/^project: (\S+)/)
        if (project) found.projectId = project[1]!
        const key = line.match(/^secret key: (\S+)/)
        if (key) found.secretKey = key[1]!
        if (found.baseUrl && found.projectId && found.secretKey) {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  })
  await ready
  return {
    baseUrl: found.baseUrl!,
    projectId: found.projectId!,
    secretKey: found.secretKey!,
    output,
    dataDir: data,
    async stop(signal = 'SIGTERM') {
      let code = child.exitCode
      if (code === null && child.signalCode === null) {
        const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)))
        child.kill(signal)
        code = await exited
      }
      if (!options.dataDir) rmSync(data, { recursive: true, force: true })
      return code
    },
  }
}
