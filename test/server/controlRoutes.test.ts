// The server's control routes on its own stores: a reset leaves no file of the data behind.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmulatorServer } from '../support/emulatorServer.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'filekit-control-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('server control routes', () => {
  it('POST /__emulator/reset removes the blobs from disk, not only the records', async () => {
    const dataDir = tempDir()
    const server = await startEmulatorServer(['--control', '--quiet'], { dataDir })
    const blobs = () => readdirSync(join(dataDir, 'blobs'))
    expect(blobs()).toHaveLength(45) // the demo
    const answer = await fetch(`${server.baseUrl}/__emulator/reset`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.secretKey}` },
    })
    expect(answer.status).toBe(200)
    expect(blobs()).toEqual([])
    expect(await server.stop()).toBe(0)
  }, 60_000)
})
