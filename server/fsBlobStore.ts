import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import type { BlobStore } from '../src/testing/index.ts'

const tempPrefix = '.tmp-'

/**
 * BlobStore in a directory, one file per key. Keys are ids (`f-…`): anything else is refused,
 * and the resolved path must stay inside the directory. Writes go to a temp file that is
 * fsynced and renamed over the target (then the directory is fsynced), so a reader, or a
 * restart after a crash, sees all of a blob or none of it. Temp files a crash left behind are
 * removed when the store opens.
 */
export function createFsBlobStore(dir: string): BlobStore {
  const root = resolve(dir)
  mkdirSync(root, { recursive: true })
  for (const name of readdirSync(root)) {
    if (name.startsWith(tempPrefix)) rmSync(join(root, name), { force: true })
  }
  const pathOf = (key: string) => {
    const path = /^[A-Za-z0-9_-]{1,64}$/.test(key) ? resolve(root, key) : ''
    if (!path.startsWith(root + sep)) throw new Error(`Refused blob key ${JSON.stringify(key)}`)
    return path
  }
  // A rename is durable only once the directory entry is on disk.
  const syncDir = () => {
    const fd = openSync(root, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
  return {
    async put(key, data) {
      const path = pathOf(key)
      const temp = join(root, `${tempPrefix}${key}-${randomBytes(6).toString('hex')}`)
      try {
        const handle = await open(temp, 'wx')
        try {
          await handle.writeFile(data)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temp, path)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
      syncDir()
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
    // Every blob; a temp file belongs to a write still under way, which removes its own.
    clear() {
      for (const name of readdirSync(root)) {
        if (!name.startsWith(tempPrefix)) rmSync(join(root, name), { force: true })
      }
    },
  }
}
