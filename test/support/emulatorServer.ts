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
  stop(): Promise<void>
}

export async function startEmulatorServer(args: string[] = []): Promise<RunningServer> {
  const data = mkdtempSync(join(tmpdir(), 'filekit-test-'))
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data', data, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
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
        if (project) found.projectId = project[1]
        const key = line.match(/^secret key: (\S+)/)
        if (key) found.secretKey = key[1]
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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(data, { recursive: true, force: true })
    },
  }
}
