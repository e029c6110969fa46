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

  it('with --empty, a new data directory starts with no demo, and is not seeded later', async () => {
    const dataDir = tempDir()
    const count = async (server: { baseUrl: string; projectId: string; secretKey: string }) =>
      (
        await (
          await fetch(`${server.baseUrl}/api/v1/projects/${server.projectId}/files.json`, {
            headers: { Authorization: `Bearer ${server.secretKey}` },
          })
        ).json()
      ).pagination.count
    const first = await startEmulatorServer(['--empty', '--quiet'], { dataDir })
    expect(await count(first)).toBe(0)
    expect(first.output.join('\n')).not.toMatch(/seeded/)
    expect(readdirSync(join(dataDir, 'blobs'))).toEqual([])
    expect(await first.stop()).toBe(0)
    const next = await startEmulatorServer(['--quiet'], { dataDir })
    expect(await count(next)).toBe(0)
    expect(await next.stop()).toBe(0)
  }, 60_000)
})
