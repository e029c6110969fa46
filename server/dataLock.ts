import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
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

const code = (error: unknown) => (error as NodeJS.ErrnoException).code

/** The lock's text (a process id), or undefined when there is no lock. */
function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined
    throw error
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Runs `fn` holding `guard` (a directory: making one is atomic), or returns false when another
 * process holds it. A guard left by a process killed inside `fn` (a few microseconds) is taken
 * after 10 s.
 */
function withGuard(guard: string, fn: () => void): boolean {
  try {
    mkdirSync(guard)
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) rmdirSync(guard)
    } catch {}
    return false
  }
  try {
    fn()
  } finally {
    rmdirSync(guard)
  }
  return true
}

/**
 * Holds `<dataDir>/server.lock` (this process's id) until the process exits. Two servers on one
 * data directory would each keep their own idea of it (kept answers, the next job) and answer
 * differently without a word: a second one is refused. A lock left by a server that was killed
 * (its process gone) is taken over, by one server only when several start at once.
 */
export function lockDataDir(dataDir: string): void {
  const path = join(dataDir, 'server.lock')
  // The lock appears whole or not at all (a hard link to a file already written): another
  // server never reads it empty and takes it for a dead one's.
  const mine = `${path}.${process.pid}`
  writeFileSync(mine, String(process.pid))
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        linkSync(mine, path)
        process.on('exit', () => {
          try {
            if (readLock(path) === String(process.pid)) rmSync(path)
          } catch {}
        })
        return
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error
      }
      const held = readLock(path)
      if (held === undefined) continue
      const pid = Number(held)
      if (isRunning(pid) && pid !== process.pid) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Filekit server (process ${pid}). Stop it, or give this one another --data.`,
        )
      }
      // A dead server's lock. Removed by one server at a time, and only while it is still that
      // one: another starting now may have just taken it over.
      const removed = withGuard(`${path}.takeover`, () => {
        if (readLock(path) === held) rmSync(path)
      })
      if (!removed) pause(10)
    }
  } finally {
    rmSync(mine, { force: true })
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`)
}
