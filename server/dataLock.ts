import { readFileSync, rmSync, writeFileSync } from 'node:fs'
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
  const db = new Database(join(dataDir, 'server.lock.db'), { timeout: 0 })
  try {
    // In exclusive locking mode the lock a write transaction takes is kept until the end. The
    // journal in memory: nothing is ever written to this file, and no journal file is left
    // beside it (better-sqlite3's defensive mode refuses `OFF`).
    db.pragma('journal_mode = MEMORY')
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE; COMMIT')
  } catch (error) {
    db.close()
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
    let pid = ''
    try {
      pid = ` (process ${Number.parseInt(readFileSync(pidFile, 'utf8'), 10)})`
    } catch {}
    throw new Error(
      `The data directory ${dataDir} is in use by another Filekit server${pid}. Stop it, or give this one another --data.`,
    )
  }
  held.push(db)
  writeFileSync(pidFile, String(process.pid))
  process.on('exit', () => {
    try {
      if (readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile)
    } catch {}
  })
}
