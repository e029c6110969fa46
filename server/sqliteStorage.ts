import Database from 'better-sqlite3'
import { countWrites } from '../src/testing/core/storageRevision.ts'
import type {
  ActionRecord,
  EmulatorStorage,
  FileRecord,
  GroupRecord,
  JobRecord,
  Paged,
  ProjectRecord,
} from '../src/testing/index.ts'

export interface SqliteStorage extends EmulatorStorage {
  /** A value the server keeps about its data directory (e.g. that the demo was seeded). */
  getMeta(key: string): string | undefined
  setMeta(key: string, value: string): void
  close(): void
}

/** Bumped when the tables change; missing tables are created, a newer database is refused. */
const schemaVersion = 1

/**
 * EmulatorStorage in SQLite. Each record is one JSON document plus the columns it is looked up
 * and ordered by. WAL: readers never wait for the writer. synchronous=FULL: each commit is
 * fsynced before the request is answered, so an answered write survives kill -9 (NORMAL would
 * too) and a power cut (NORMAL would not); writes are few, reads pay nothing for it.
 */
export function createSqliteStorage(path: string): SqliteStorage {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > schemaVersion) {
    db.close()
    throw new Error(
      `${path} was written by a newer server (schema ${version}; this one knows ${schemaVersion}).`,
    )
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS projects (id TEXT PRIMARY KEY, data TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS files (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS files_by_project ON files (project_id, created_at, id);
    CREATE TABLE IF NOT EXISTS groups_ (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS groups_by_project ON groups_ (project_id, created_at, id);
    CREATE TABLE IF NOT EXISTS actions (file_id TEXT NOT NULL, action_type TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (file_id, action_type));
    CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, due_at INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS jobs_by_due ON jobs (due_at);
  `)
  db.pragma(`user_version = ${schemaVersion}`)
  // A page of a project's files or groups, from the start or from the end (`desc`). Page numbers
  // allow no keyset, so OFFSET steps over the rows before the page one by one: the inner query
  // steps over index entries alone (the index covers it: no row is read, 25-35% less than
  // reading them at 50 000 files) and only the page's rows are read, by rowid.
  const pageOf = (table: string, desc: boolean) =>
    db
      .prepare(
        `SELECT data FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE project_id = ? ORDER BY created_at${desc ? ' DESC' : ''}, id${desc ? ' DESC' : ''} LIMIT ? OFFSET ?) ORDER BY created_at, id`,
      )
      .pluck()
  // Data statements are plucked: the JSON text itself, no row object around it.
  const parse = <T>(data: unknown): T | undefined => (data ? (JSON.parse(data as string) as T) : undefined)
  const q = {
    getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
    setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
    getProject: db.prepare('SELECT data FROM projects WHERE id = ?').pluck(),
    putProject: db.prepare('INSERT OR REPLACE INTO projects (id, data) VALUES (?, ?)'),
    getFile: db.prepare('SELECT data FROM files WHERE id = ?').pluck(),
    fileProject: db.prepare('SELECT project_id FROM files WHERE id = ?').pluck(),
    putFile: db.prepare(
      'INSERT OR REPLACE INTO files (id, project_id, created_at, data) VALUES (?, ?, ?, ?)',
    ),
    listFiles: { first: pageOf('files', false), last: pageOf('files', true) },
    countFiles: db.prepare('SELECT count(*) FROM files WHERE project_id = ?').pluck(),
    getGroup: db.prepare('SELECT data FROM groups_ WHERE id = ?').pluck(),
    groupProject: db.prepare('SELECT project_id FROM groups_ WHERE id = ?').pluck(),
    putGroup: db.prepare(
      'INSERT OR REPLACE INTO groups_ (id, project_id, created_at, data) VALUES (?, ?, ?, ?)',
    ),
    listGroups: { first: pageOf('groups_', false), last: pageOf('groups_', true) },
    countGroups: db.prepare('SELECT count(*) FROM groups_ WHERE project_id = ?').pluck(),
    deleteGroup: db.prepare('DELETE FROM groups_ WHERE id = ? RETURNING project_id').pluck(),
    getAction: db.prepare('SELECT data FROM actions WHERE file_id = ? AND action_type = ?').pluck(),
    putAction: db.prepare('INSERT OR REPLACE INTO actions (file_id, action_type, data) VALUES (?, ?, ?)'),
    dueJobs: db.prepare('SELECT data FROM jobs WHERE due_at <= ? ORDER BY due_at, id').pluck(),
    nextDue: db.prepare('SELECT min(due_at) FROM jobs').pluck(),
    putJob: db.prepare('INSERT OR REPLACE INTO jobs (id, due_at, data) VALUES (?, ?, ?)'),
    deleteJob: db.prepare('DELETE FROM jobs WHERE id = ?'),
  }
  // Each project's count of files and of groups, counted once (count(*) walks the project's
  // whole index: 3.6 ms at 50 000 files, on every list page) and then moved by the writes that
  // change it. Only this process writes the database, so it stays exact; forgotten (counted
  // again when next asked) when a transaction is rolled back, with the writes it had counted,
  // and when the store is cleared.
  const counts = { files: new Map<string, number>(), groups: new Map<string, number>() }
  const forgetCounts = () => {
    counts.files.clear()
    counts.groups.clear()
  }
  const countOf = (kept: Map<string, number>, count: Database.Statement, projectId: string) => {
    let n = kept.get(projectId)
    if (n === undefined) {
      n = count.get(projectId) as number
      kept.set(projectId, n)
    }
    return n
  }
  // A write took a record out of project `from` and put it in `to` (undefined: none).
  const moved = (kept: Map<string, number>, from: string | undefined, to: string | undefined) => {
    if (from === to) return
    const was = from === undefined ? undefined : kept.get(from)
    if (was !== undefined) kept.set(from!, was - 1)
    const is = to === undefined ? undefined : kept.get(to)
    if (is !== undefined) kept.set(to!, is + 1)
  }
  // The kept count agrees with the rows read now (every write by this process has moved it), so
  // a page in the second half is read from the end: the deepest page costs what the middle does.
  const page = <T>(
    list: { first: Database.Statement; last: Database.Statement },
    count: number,
    projectId: string,
    offset: number,
    limit: number,
  ): Paged<T> => {
    const end = Math.min(count, offset + limit)
    const rows =
      offset * 2 < count
        ? list.first.all(projectId, limit, offset)
        : offset < count
          ? list.last.all(projectId, end - offset, count - end)
          : []
    return { rows: rows.map((r) => parse<T>(r)!), count }
  }
  // Earliest due time of a stored job once known (Infinity: none). Nearly every request asks
  // for due jobs and there are none, so that answer needs no query. Only this process writes
  // the database; a lower value than the truth (a rolled-back putJob) only costs a query.
  let nextDue: number | undefined
  // Moves at every write of a record an answer shows (jobs and meta are in none), and when a
  // transaction is rolled back: the emulator keeps answers until it moves.
  let revision = 0
  // A file or group written: the project it was in (looked up only while some count is kept)
  // loses it, the one it is in now gains it.
  const putCounted = (
    kept: Map<string, number>,
    projectOf: Database.Statement,
    put: Database.Statement,
    record: { id: string; projectId: string; createdAt: string },
  ) => {
    revision++
    const was = kept.size ? (projectOf.get(record.id) as string | undefined) : undefined
    put.run(record.id, record.projectId, record.createdAt, JSON.stringify(record))
    moved(kept, was, record.projectId)
  }

  const storage: SqliteStorage = {
    transaction: (fn) => {
      try {
        return db.transaction(fn)()
      } catch (error) {
        revision++
        forgetCounts()
        throw error
      }
    },
    clear: () => {
      revision++
      nextDue = undefined
      forgetCounts()
      db.transaction(() =>
        db.exec(
          'DELETE FROM projects; DELETE FROM files; DELETE FROM groups_; DELETE FROM actions; DELETE FROM jobs;',
        ),
      )()
    },
    getProject: (id) => parse<ProjectRecord>(q.getProject.get(id)),
    putProject: (p) => {
      revision++
      q.putProject.run(p.id, JSON.stringify(p))
    },
    getFile: (id) => parse<FileRecord>(q.getFile.get(id)),
    putFile: (f) => putCounted(counts.files, q.fileProject, q.putFile, f),
    listFiles: (projectId, offset, limit) =>
      page<FileRecord>(q.listFiles, countOf(counts.files, q.countFiles, projectId), projectId, offset, limit),
    getGroup: (id) => parse<GroupRecord>(q.getGroup.get(id)),
    putGroup: (g) => putCounted(counts.groups, q.groupProject, q.putGroup, g),
    listGroups: (projectId, offset, limit) =>
      page<GroupRecord>(
        q.listGroups,
        countOf(counts.groups, q.countGroups, projectId),
        projectId,
        offset,
        limit,
      ),
    deleteGroup: (id) => {
      revision++
      moved(counts.groups, q.deleteGroup.get(id) as string | undefined, undefined)
    },
    getAction: (fileId, type) => parse<ActionRecord>(q.getAction.get(fileId, type)),
    putAction: (a) => {
      revision++
      q.putAction.run(a.fileId, a.actionType, JSON.stringify(a))
    },
    dueJobs: (now) => {
      nextDue ??= (q.nextDue.get() as number | null) ?? Number.POSITIVE_INFINITY
      return now < nextDue ? [] : q.dueJobs.all(now).map((r) => parse<JobRecord>(r)!)
    },
    putJob: (j) => {
      q.putJob.run(j.id, j.dueAt, JSON.stringify(j))
      if (nextDue !== undefined) nextDue = Math.min(nextDue, j.dueAt)
    },
    deleteJob: (id) => {
      q.deleteJob.run(id)
      nextDue = undefined
    },
    getMeta: (key) => (q.getMeta.get(key) as { value: string } | undefined)?.value,
    setMeta: (key, value) => void q.setMeta.run(key, value),
    close: () => db.close(),
  }
  return countWrites(storage, () => revision)
}
