import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Whether a process with this id runs (one of another user's counts too). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Holds `<dataDir>/server.lock` (this process's id) until the process exits. Two servers on one
 * data directory would each keep their own idea of it (kept answers, the next job) and answer
 * differently without a word: a second one is refused. A lock left by a server that was killed
 * (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): void {
  const path = join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      process.on('exit', () => {
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path)
        } catch {}
      })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(path, 'utf8'))
      if (isRunning(pid) && pid !== process.pid) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Filekit server (process ${pid}). Stop it, or give this one another --data.`,
        )
      }
      unlinkSync(path)
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`)
}
