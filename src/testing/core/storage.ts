// The emulator's persistence seam. The core (routes, auth, jobs) talks only to these
// interfaces; the MSW hosts use the in-memory implementations, the Node server uses
// SQLite + a blob directory (server/). Records are plain JSON-serialisable objects.
//
// Metadata operations are synchronous so that a read-modify-write inside one request
// is atomic in both implementations (JS is single-threaded; better-sqlite3 is synchronous
// and `transaction()` wraps a multi-step change). Blob operations are asynchronous.

import type { ActionType } from '../../api/types.js'

/** A project as storage keeps it. */
export interface ProjectRecord {
  id: string
  secretKey: string
  /** When false, creating a group without a token answers 401. */
  allowAnonymousGroups: boolean
}

/** A file as storage keeps it (the wire form is made from it). */
export interface FileRecord {
  id: string
  projectId: string
  /** Uploadcare-style uuid; null while an upload-from-URL or conversion has not produced one yet. */
  uuid: string | null
  status: string
  accessToken: string
  isImage: boolean
  mime: string | null
  originalName: string | null
  size: number | null
  metadata: Record<string, string>
  image: { width: number; height: number; format: string } | null
  /** Key of the bytes in the blob store, or null when there are none (yet). */
  blobKey: string | null
  /** For upload-from-URL. */
  sourceUrl: string | null
  createdAt: string
  uploadedAt: string | null
  removedAt: string | null
  expiresAt: string | null
  /** A video conversion's result: the group of its thumbnails (`thumbs~N`, one by default). */
  thumbnailsGroupId?: string | null
  /** A conversion's result: the file it was converted from (not in the wire form, nor in `metadata`). */
  sourceFileId?: string | null
}

/** A group as storage keeps it; `fileIds` in the group's order. */
export interface GroupRecord {
  id: string
  projectId: string
  /**
   * `<uuid>~<count>` of the group last built: null until a new group's job has made it ready,
   * and after an update the previous one's until the job builds the next (as the real service).
   */
  uuid: string | null
  status: string
  accessToken: string
  fileIds: string[]
  createdAt: string
  updatedAt: string
}

/** The latest run of one action on one file, as storage keeps it. */
export interface ActionRecord {
  id: string
  projectId: string
  fileId: string
  actionType: ActionType
  status: string
  /** The appdata-like entry `{data, version, datetime_created, datetime_updated}` once ready. */
  result: unknown
  createdAt: string
  updatedAt: string
}

/** Asynchronous work: due at `dueAt` (ms since epoch, from the emulator clock). */
export interface JobRecord {
  id: string
  dueAt: number
  kind: 'group' | 'action' | 'conversion' | 'fetch'
  /** Id of the group, action or (target) file the job finishes. */
  targetId: string
  payload: Record<string, unknown>
}

/** One slice of a list and the list's total `count`. */
export interface Paged<T> {
  rows: T[]
  count: number
}

/** Where the emulator keeps its records: `createMemoryStorage()`, or SQLite in server/. */
export interface EmulatorStorage {
  /** Drops every record (used by `emulator.reset()`); optional for stores that can't. */
  clear?(): void

  /** Runs `fn` atomically (a SQLite transaction on the server; a plain call in memory). */
  transaction<T>(fn: () => T): T

  getProject(id: string): ProjectRecord | undefined
  putProject(project: ProjectRecord): void

  getFile(id: string): FileRecord | undefined
  /** Ordered by createdAt, then id. */
  listFiles(projectId: string, offset: number, limit: number): Paged<FileRecord>
  putFile(file: FileRecord): void

  getGroup(id: string): GroupRecord | undefined
  listGroups(projectId: string, offset: number, limit: number): Paged<GroupRecord>
  putGroup(group: GroupRecord): void
  deleteGroup(id: string): void

  getAction(fileId: string, actionType: ActionType): ActionRecord | undefined
  putAction(action: ActionRecord): void

  /** Jobs with `dueAt <= now`, oldest first. */
  dueJobs(now: number): JobRecord[]
  putJob(job: JobRecord): void
  deleteJob(id: string): void
}

/** Where the emulator keeps file bytes: `createMemoryBlobStore()`, or a directory in server/. */
export interface BlobStore {
  /** Stores the bytes under `key` (atomically: a reader sees all of them or none). */
  put(key: string, data: Uint8Array): Promise<void>
  get(key: string): Promise<Uint8Array | undefined>
  delete(key: string): Promise<void>
  /** Drops every blob (used by `emulator.reset()`); optional for stores that can't. */
  clear?(): void
}
