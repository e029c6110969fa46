import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'

// Held open for the life of the process: the lock is released when the process ends, however it ends.
const held: Database.Database[] = []

/**
 * Holds `<dataDir>/server.lock.db` locked until the process exits. Two servers on one data
 * directory would each keep their own idea of it (kept answers, the next job) and answer
 * differently without a word: a second one is refused. The lock is SQLite's own file lock (the
 * one the data itself relies on), so the operating system releases it when a server ends, also
 * one killed with `kill -9`; nothing is left to take over, and two servers starting at once
 * can't both get it. `<dataDir>/server.lock` holds the process id, for the message.
 */
export function lockDataDir(dataDir: string): void {
  const pidFile = join(dataDir, 'server.lock')
  // Tries for a second, letting go in between: servers starting at the same time each hold a
  // read lock for an instant, and two that waited while holding theirs could each wait for the
  // other's until both gave up (on a busy machine, every starter of a round was refused). A
  // server that keeps the lock (a running one) still has it after the second.
  const deadline = Date.now() + 1000
  let db: Database.Database
  for (;;) {
    db = new Database(join(dataDir, 'server.lock.db'), { timeout: 0 })
    try {
      // In exclusive locking mode the lock a write transaction takes is kept until the end. The
      // journal in memory: nothing is ever written to this file, and no journal file is left
      // beside it (better-sqlite3's defensive mode refuses `OFF`).
      db.pragma('journal_mode = MEMORY')
      db.pragma('locking_mode = EXCLUSIVE')
      db.exec('BEGIN EXCLUSIVE; COMMIT')
      break
    } catch (error) {
      db.close()
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
      if (Date.now() >= deadline) {
        const pid = holder(pidFile)
        throw new Error(
          `The data directory ${dataDir} is in use by another Filekit server${pid ? ` (process ${pid})` : ''}. Stop it, or give this one another --data.`,
        )
      }
      // A few milliseconds, not the same for every starter (a synchronous sleep: this runs
      // before the server does anything else).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 + Math.random() * 20)
    }
  }
  held.push(db)
  // Whole or not at all (a rename), so a refused server never reads it half written.
  const written = `${pidFile}.${process.pid}`
  writeFileSync(written, String(process.pid))
  renameSync(written, pidFile)
  process.on('exit', () => {
    try {
      if (readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile)
    } catch {}
  })
}

/**
 * The process holding the lock, by `server.lock`: a server that has just taken the lock may not
 * have written it yet (the file still names a server that has ended, or none), so it is read
 * again for up to a second until it names a running process; else undefined.
 */
function holder(pidFile: string): number | undefined {
  for (let tries = 0; tries < 40; tries++) {
    let pid = Number.NaN
    try {
      pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10)
      if (pid > 0) {
        process.kill(pid, 0) // throws unless such a process runs
        return pid
      }
    } catch (error) {
      // Running, but not ours to signal: it is there.
      if ((error as { code?: string }).code === 'EPERM') return pid
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25)
  }
  return undefined
}
