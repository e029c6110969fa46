import type {
  ActionRecord,
  BlobStore,
  EmulatorStorage,
  FileRecord,
  GroupRecord,
  JobRecord,
  Paged,
  ProjectRecord,
} from './storage.js'
import { countWrites } from './storageRevision.js'

const page = <T>(rows: T[], offset: number, limit: number): Paged<T> => ({
  rows: rows.slice(offset, offset + limit),
  count: rows.length,
})
const byCreation = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
// Records are copied in and out so callers can never change stored state by accident.
const copy = <T>(value: T): T => structuredClone(value)

/** EmulatorStorage in memory (MSW hosts). */
export function createMemoryStorage(): EmulatorStorage {
  const projects = new Map<string, ProjectRecord>()
  const files = new Map<string, FileRecord>()
  const groups = new Map<string, GroupRecord>()
  const actions = new Map<string, ActionRecord>()
  const jobs = new Map<string, JobRecord>()
  // Moves at every write of a record an answer shows (jobs are in none).
  let revision = 0
  const write =
    <T>(fn: (arg: T) => void) =>
    (arg: T) => {
      revision++
      fn(arg)
    }
  const get = <T>(map: Map<string, T>, id: string) => {
    const value = map.get(id)
    return value === undefined ? undefined : copy(value)
  }
  const list = <T extends { projectId: string; createdAt: string; id: string }>(
    map: Map<string, T>,
    projectId: string,
    offset: number,
    limit: number,
  ): Paged<T> => {
    const { rows, count } = page(
      [...map.values()].filter((r) => r.projectId === projectId).sort(byCreation),
      offset,
      limit,
    )
    return { rows: rows.map(copy), count }
  }

  const storage: EmulatorStorage = {
    transaction(fn) {
      // Snapshot and restore on error, like a database transaction.
      const maps: Map<string, unknown>[] = [projects, files, groups, actions, jobs]
      const snapshot = maps.map((m) => [...m])
      try {
        return fn()
      } catch (error) {
        revision++
        maps.forEach((m, i) => {
          m.clear()
          for (const [k, v] of snapshot[i]!) m.set(k, v)
        })
        throw error
      }
    },
    clear() {
      revision++
      for (const m of [projects, files, groups, actions, jobs]) m.clear()
    },
    getProject: (id) => get(projects, id),
    putProject: write((p) => void projects.set(p.id, copy(p))),
    getFile: (id) => get(files, id),
    listFiles: (projectId, offset, limit) => list(files, projectId, offset, limit),
    putFile: write((f) => void files.set(f.id, copy(f))),
    getGroup: (id) => get(groups, id),
    listGroups: (projectId, offset, limit) => list(groups, projectId, offset, limit),
    putGroup: write((g) => void groups.set(g.id, copy(g))),
    deleteGroup: write((id) => void groups.delete(id)),
    getAction: (fileId, type) => get(actions, `${fileId}/${type}`),
    putAction: write((a) => void actions.set(`${a.fileId}/${a.actionType}`, copy(a))),
    dueJobs: (now) =>
      [...jobs.values()]
        .filter((j) => j.dueAt <= now)
        .sort((a, b) => a.dueAt - b.dueAt)
        .map(copy),
    putJob: (j) => void jobs.set(j.id, copy(j)),
    deleteJob: (id) => void jobs.delete(id),
  }
  return countWrites(storage, () => revision)
}

/** BlobStore in memory (MSW hosts). */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>()
  return {
    put: async (key, data) => void blobs.set(key, data.slice()),
    get: async (key) => blobs.get(key)?.slice(),
    delete: async (key) => void blobs.delete(key),
    clear: () => blobs.clear(),
  }
}
