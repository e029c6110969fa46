import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import type { BlobStore } from '../src/testing/index.ts'

/**
 * BlobStore in a directory. Keys are ids (`f-…`): anything else is refused, and the resolved
 * path must stay inside the directory. Writes go to a temp file, are fsynced, then renamed,
 * so a reader (or a restart after a crash) sees all of a blob or none of it.
 */
export function createFsBlobStore(dir: string): BlobStore {
  const root = resolve(dir)
  mkdirSync(root, { recursive: true })
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) throw new Error(`Refused blob key ${JSON.stringify(key)}`)
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new Error(`Refused blob key ${JSON.stringify(key)}`)
    return path
  }
  return {
    async put(key, data) {
      const path = pathOf(key)
      const temp = join(root, `.tmp-${key}-${randomBytes(6).toString('hex')}`)
      const handle = await open(temp, 'w')
      try {
        await handle.writeFile(data)
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temp, path)
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
