import type { EmulatorStorage } from './storage.js'

/**
 * The same storage, calling `changed()` after every write that can change an answer (projects,
 * files, groups, actions, `clear()`) and after a transaction that failed (its writes were rolled
 * back). The emulator keeps answers it built until then. Jobs are not in any answer: their
 * writes don't count.
 */
export function watchWrites(inner: EmulatorStorage, changed: () => void): EmulatorStorage {
  const after =
    <T>(write: (arg: T) => void) =>
    (arg: T) => {
      try {
        write(arg)
      } finally {
        changed()
      }
    }
  const storage: EmulatorStorage = {
    transaction(fn) {
      try {
        return inner.transaction(fn)
      } catch (error) {
        changed()
        throw error
      }
    },
    getProject: (id) => inner.getProject(id),
    putProject: after((project) => inner.putProject(project)),
    getFile: (id) => inner.getFile(id),
    listFiles: (projectId, offset, limit) => inner.listFiles(projectId, offset, limit),
    putFile: after((file) => inner.putFile(file)),
    getGroup: (id) => inner.getGroup(id),
    listGroups: (projectId, offset, limit) => inner.listGroups(projectId, offset, limit),
    putGroup: after((group) => inner.putGroup(group)),
    deleteGroup: after((id) => inner.deleteGroup(id)),
    getAction: (fileId, type) => inner.getAction(fileId, type),
    putAction: after((action) => inner.putAction(action)),
    dueJobs: (now) => inner.dueJobs(now),
    putJob: (job) => inner.putJob(job),
    deleteJob: (id) => inner.deleteJob(id),
  }
  if (inner.clear) storage.clear = after<void>(() => inner.clear!())
  return storage
}
