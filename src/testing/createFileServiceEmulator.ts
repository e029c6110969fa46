import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ActionType, ConversionKind } from '../api/types.js'
import { actionTypes, conversionKinds } from '../api/types.js'
import { parseRecipe, serializeRecipe } from '../recipe/index.js'
import type { ManualClock } from './clock.js'
import { answerHeaders } from './core/answerHeaders.js'
import { bodyLimit } from './core/bodyLimit.js'
import { checkSeed } from './core/checkSeed.js'
import { type ConvertOutput, type EmulatorEngines, ProcessingError } from './core/engines.js'
import { createFaults, type EmulatorFaults, type FailNextOptions } from './core/faults.js'
import { derivedId, isWellFormedId, randomIds, sequentialIds } from './core/ids.js'
import { createMemoryBlobStore, createMemoryStorage } from './core/memory.js'
import { actionJson, fileJson, groupJson, paginationJson } from './core/serialize.js'
import type {
  BlobStore,
  EmulatorStorage,
  FileRecord,
  GroupRecord,
  JobRecord,
  ProjectRecord,
} from './core/storage.js'
import { revisionOf } from './core/storageRevision.js'
import { blankPng, eicar, sampleMp4, samplePdf, subjectPng } from './samples.js'
import { createSimulatedEngines } from './simulatedEngines.js'

/** Options of {@link createFileServiceEmulator}; every one is optional. */
export interface FileServiceEmulatorOptions {
  /** Project id used in every path. @default 'demo' */
  projectId?: string | undefined
  /** The project's secret key. @default 'demo_secret_key' */
  secretKey?: string | undefined
  /** Whether a group may be created without a token (the real service's project setting). @default true */
  allowAnonymousGroups?: boolean | undefined
  /** Where records live. @default in memory */
  storage?: EmulatorStorage | undefined
  /** Where file bytes live. @default in memory */
  blobs?: BlobStore | undefined
  /** Processing engines. @default the simulated engines */
  engines?: EmulatorEngines | undefined
  /** Time source (ms since epoch), or a manual clock from `createManualClock()`. @default Date.now */
  clock?: (() => number) | ManualClock | undefined
  /** Milliseconds until asynchronous work finishes. @default `{ group: 300, action: 1500, conversion: 1200, fetch: 800 }` */
  delays?: Partial<Record<JobRecord['kind'], number>> | undefined
  /** Largest accepted upload in bytes (larger → 413). @default 104857600 (100 MiB) */
  maxUploadBytes?: number | undefined
  /**
   * How new ids, access tokens and uuids are made: `'random'` as the real service, or
   * `'sequential'`, counted from 1 again at every `reset()` (`f-0000000000000000000001`,
   * `fat-0000000000000000000001`, `00000000-0000-4000-8000-000000000001`), so snapshots of a
   * UI that shows them (CDN URLs, ids) are the same at every run. For in-memory state: records
   * kept from an earlier run (the server's SQLite) would be met again. @default 'random'
   */
  ids?: 'random' | 'sequential' | undefined
  /** Serve the `/__emulator/*` control routes (secret key required). @default false */
  controlRoutes?: boolean | undefined
  /**
   * Told what no answer says: why a conversion (or an upload from a URL) ended in
   * `processing_error`, why a job broke. The real service has no field for it. The server
   * passes its standard error. @default nothing is told
   */
  log?: ((message: string) => void) | undefined
}

/** What `seed()` accepts for one file. */
export interface SeedFile {
  /** Sample content to generate. @default 'subject' */
  sample?: 'subject' | 'blank' | 'pdf' | 'video' | 'eicar' | undefined
  /** Bytes to use instead of a sample. */
  data?: Uint8Array | undefined
  name?: string | undefined
  /** Declared type for `data`; the real type is probed from the bytes. */
  mime?: string | undefined
  metadata?: Record<string, string> | undefined
}

/**
 * What `seed()` accepts for one group: at least one file, by id or by index into this seed's
 * `files`.
 */
export interface SeedGroup {
  /** Files made before, ready and not removed (as the service asks of a group's files). */
  fileIds?: string[] | undefined
  /** Indexes into this seed's `files` (used when `fileIds` is not given). */
  files?: number[] | undefined
  /** `pending` makes a group still being built: no uuid until its job makes it ready. @default 'ready' */
  status?: string | undefined
}

/** The records `seed()` created, in the order given. */
export interface SeedResult {
  files: FileRecord[]
  groups: GroupRecord[]
}

/**
 * The emulator {@link createFileServiceEmulator} returns: `fetch(input, init?)` answers like the
 * service (shaped like `fetch`);
 * `projectId`, `secretKey`; `faults` ({@link EmulatorFaults}); `seed()` and `seedDemo()` add data;
 * `processDueJobs()` finishes due asynchronous work; `reset()` drops all state.
 */
export type FileServiceEmulator = ReturnType<typeof createFileServiceEmulator>

/** How a host serves the emulator: `basePath` is its path prefix (`/proxy/filekit`), if any. */
interface Mount {
  basePath?: string | undefined
}

/** The second argument of the emulator's `fetch`: `fetch`'s, and where the host serves it. */
export interface EmulatorRequestInit extends RequestInit {
  /** The path prefix the host serves the emulator under (`/proxy/filekit`), if any. */
  basePath?: string | undefined
}

class HttpError extends Error {
  readonly status: number
  readonly messages: string[]
  readonly headers: Record<string, string>
  constructor(status: number, messages: string[], headers: Record<string, string> = {}) {
    super(messages.join('; '))
    this.status = status
    this.messages = messages
    this.headers = headers
  }
}
const faultKeys = ['clear', 'latency', 'failNext', 'failActions', 'failConversions']
const failNextKeys = ['match', 'status', 'count', 'retryAfter', 'message']
/** What is wrong with a `POST /__emulator/faults` body (the ranges are failNext's own checks). */
function faultProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = []
  const unknown = (keys: string[], known: string[], what: string) => {
    for (const key of keys.filter((k) => !known.includes(k)).slice(0, 5))
      problems.push(`Unknown ${what} ${JSON.stringify(key.slice(0, 40))}; known: ${known.join(', ')}.`)
  }
  unknown(Object.keys(body), faultKeys, 'fault')
  const { clear, latency, failActions, failConversions, failNext } = body
  if (clear !== undefined && typeof clear !== 'boolean') problems.push('clear is true or false.')
  if (latency !== undefined && !(typeof latency === 'number' && latency >= 0 && Number.isFinite(latency)))
    problems.push('latency is milliseconds, 0 or more (0 turns it off).')
  if (failActions !== undefined && typeof failActions !== 'string') problems.push('failActions is a file id.')
  if (failConversions !== undefined && typeof failConversions !== 'string')
    problems.push('failConversions is a file id.')
  if (failNext !== undefined) {
    // Anything but an object is an empty one: it has no match or status.
    const next = (
      typeof failNext === 'object' && failNext !== null && !Array.isArray(failNext) ? failNext : {}
    ) as Record<string, unknown>
    unknown(Object.keys(next), failNextKeys, 'failNext field')
    if (typeof next.match !== 'string' || typeof next.status !== 'number')
      problems.push('failNext needs {match: string, status: number}.')
    if (next.count !== undefined && typeof next.count !== 'number')
      problems.push('failNext: count is a number.')
    if (next.retryAfter !== undefined && typeof next.retryAfter !== 'number')
      problems.push('failNext: retryAfter is seconds, a number.')
    if (next.message !== undefined && typeof next.message !== 'string')
      problems.push('failNext: message is a string.')
  }
  return problems
}

/** A recipe of each non-image kind in the form the real service takes. */
const recipeExamples = { video: '/format/webm/', document: '/format/pdf/', remove_bg: '/crop/true/' }

const fail = (status: number, ...messages: string[]): never => {
  throw new HttpError(status, messages)
}

const unauthorized = () => fail(401, 'Unauthorized')
const defaultMessages: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Payload too large',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
}

const finalStatuses = new Set(['ready', 'processing_error', 'removed', 'error', 'failed'])
/** MIME subtypes whose format the converters name otherwise; any other subtype is its own name. */
const formatNames: Record<string, string> = {
  jpeg: 'jpg',
  plain: 'txt',
  msword: 'doc',
  'vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'vnd.oasis.opendocument.text': 'odt',
  'svg+xml': 'svg',
  'x-icon': 'ico',
  'vnd.microsoft.icon': 'ico',
  quicktime: 'mov',
}
const extensionOf = (mime: string | null) => {
  const sub = mime?.split('/')[1] ?? ''
  return Object.hasOwn(formatNames, sub) ? formatNames[sub]! : sub
}
const documentFormats = ['doc', 'docx', 'html', 'jpg', 'odt', 'pdf', 'png', 'rtf', 'txt']

// A date (2027-01-01) or a date and time with an optional zone (2027-01-01T10:00:00.5+02:00).
const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/
/** The time an ISO 8601 date stands for, or undefined (Date.parse alone takes "1" as 2001). */
function isoTime(text: string): number | undefined {
  const m = isoDate.exec(text.trim())
  if (!m) return undefined
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map((v) => Number(v ?? 0))
  // Date.parse rolls 2024-02-30 over into March; a date that doesn't exist is refused.
  const days = new Date(Date.UTC(Number(m[1]), month!, 0)).getUTCDate()
  if (month! < 1 || month! > 12 || day! < 1 || day! > days || hour! > 23 || minute! > 59 || second! > 59)
    return undefined
  // A time without a zone is UTC, as the service's (Rails, zone UTC) reads it, not the zone of
  // the machine the emulator runs on (Date.parse's reading; an <input type="datetime-local">
  // gives such a time).
  const time = Date.parse(m[4] && !m[7] ? `${text.trim()}Z` : text.trim())
  return Number.isNaN(time) ? undefined : time
}

/**
 * A faithful reference implementation of the file service as a web-standard
 * `fetch(Request): Promise<Response>`. Hosts: MSW in the browser and Node, and server/.
 */
export function createFileServiceEmulator(options: FileServiceEmulatorOptions = {}) {
  const projectId = options.projectId ?? 'demo'
  const secretKey = options.secretKey ?? 'demo_secret_key'
  let storage = options.storage ?? createMemoryStorage()
  let blobs = options.blobs ?? createMemoryBlobStore()
  const engines = options.engines ?? createSimulatedEngines()
  const manual = typeof options.clock === 'object' ? options.clock : undefined
  // Read Date.now at each call, so fake timers installed later drive the emulator too.
  const now = typeof options.clock === 'function' ? options.clock : (manual?.now ?? (() => Date.now()))
  // Lists follow creation order; records made within one millisecond (a seed, a burst of
  // uploads) would be ordered by their random ids. Each is made at least 1 ms after the last,
  // and no time written after it (an upload's, a build's) is earlier than that.
  let lastCreated = 0
  const createdIso = () => {
    lastCreated = Math.max(now(), lastCreated + 1)
    return new Date(lastCreated).toISOString()
  }
  const iso = () => new Date(Math.max(now(), lastCreated)).toISOString()
  const delays = { group: 300, action: 1500, conversion: 1200, fetch: 800, ...options.delays }
  const maxUploadBytes = options.maxUploadBytes ?? 100 * 1024 * 1024
  const faults = createFaults()
  const newIds = options.ids === 'sequential' ? sequentialIds() : randomIds
  /** Moves at every reset(), so requests that waited across one can tell. */
  let resets = 0

  const ensureProject = () => {
    if (!storage.getProject(projectId)) {
      storage.putProject({
        id: projectId,
        secretKey,
        allowAnonymousGroups: options.allowAnonymousGroups ?? true,
      })
    }
  }
  ensureProject()

  // ---- jobs -------------------------------------------------------------------------------
  const schedule = (kind: JobRecord['kind'], targetId: string, payload: Record<string, unknown> = {}) => {
    const job = { id: newIds.id('j'), dueAt: now() + delays[kind], kind, targetId, payload }
    storage.putJob(job)
    return job
  }

  // A conversion's engine work starts when it is scheduled (a few at a time), so the request
  // that finds the job due applies a finished result instead of running the engine while every
  // other request waits. What the result is and when it shows are unchanged: it is applied,
  // checks first, at the first request after the job is due. Bounded: past `maxPrepared`
  // unapplied results the work is done at due time, as before.
  const prepared = new Map<string, Promise<ConvertOutput>>()
  const maxPrepared = 16
  let preparing = 0
  const waiting: (() => void)[] = []
  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (preparing >= 2) await new Promise<void>((resolve) => waiting.push(resolve))
    preparing++
    try {
      return await work()
    } finally {
      preparing--
      waiting.shift()?.()
    }
  }
  async function convertSource(source: FileRecord, job: JobRecord) {
    const data = source.blobKey ? await blobs.get(source.blobKey) : undefined
    return engines.convert(job.payload.kind as ConversionKind, source, data, String(job.payload.recipe))
  }
  function prepare(job: JobRecord) {
    const source = storage.getFile(String(job.payload.sourceId))
    if (!source || prepared.size >= maxPrepared) return
    const work = slot(() => convertSource(source, job))
    work.catch(() => {}) // its failure is the job's, reported when the job runs
    prepared.set(job.id, work)
  }

  /** Makes `file` ready with the bytes of a generated sample image, stored and probed. */
  async function readySample(file: FileRecord, data: Uint8Array) {
    const probe = await engines.probe(data, 'image/png', file.originalName)
    await blobs.put(file.id, data)
    storage.putFile({
      ...file,
      status: 'ready',
      uuid: newIds.uuid(),
      blobKey: file.id,
      mime: probe.mime,
      isImage: probe.isImage,
      image: probe.image,
      size: data.length,
      uploadedAt: iso(),
    })
  }

  /**
   * A video conversion's thumbnails group, as the real service makes one per job (UPSTREAM §2):
   * `thumbs~N` images (one by default), ready. The emulator renders no frames: each is a
   * generated sample image, named after the video and its number.
   */
  async function thumbnailsOf(job: JobRecord): Promise<string> {
    const recipe = parseRecipe('video', String(job.payload.recipe)).recipe
    const count = Number(recipe.operations.find((op) => op.name === 'thumbs')?.args[0] ?? 1)
    // Ids from the job's: a job done again after a crash (the server stopped with kill -9
    // midway) writes the same files and group again instead of leaving the first ones behind.
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const thumb = newFile({ id: derivedId('f', job.id, i), originalName: `thumbnail-${i + 1}.png` })
      await readySample(thumb, subjectPng(160, 90, i))
      ids.push(thumb.id)
    }
    const group = builtGroup({ ...newGroup(ids), id: derivedId('g', job.id) })
    storage.putGroup(group)
    return group.id
  }

  async function runJob(job: JobRecord) {
    if (job.kind === 'group') {
      // Like the real service's CreateGroupJob: the group gets its uuid (a new one at every
      // build, from the files it holds now) only when it is built.
      const group = storage.getGroup(job.targetId)
      if (group?.status === 'pending') storage.putGroup(builtGroup(group))
    } else if (job.kind === 'action') {
      const [fileId, type] = [job.targetId, job.payload.type as ActionType]
      const action = storage.getAction(fileId, type)
      const file = storage.getFile(fileId)
      if (!action || !file || action.status !== 'pending' || action.id !== job.payload.actionId) return
      if (faults.actionsFail(fileId)) {
        storage.putAction({ ...action, status: 'error', updatedAt: iso() })
        return
      }
      const data = file.blobKey ? await blobs.get(file.blobKey) : undefined
      const result = await engines.runAction(type, file, data, iso())
      storage.putAction({ ...action, status: 'ready', result, updatedAt: iso() })
    } else if (job.kind === 'conversion') {
      const target = storage.getFile(job.targetId)
      const source = storage.getFile(String(job.payload.sourceId))
      if (target?.status !== 'pending') return
      try {
        if (!source || source.status === 'removed') throw new ProcessingError('The source file was removed.')
        if (faults.conversionsFail(source.id))
          throw new ProcessingError('Conversion failed (injected fault).')
        const out = await (prepared.get(job.id) ?? convertSource(source, job))
        const blobKey = target.id
        await blobs.put(blobKey, out.data)
        const thumbnailsGroupId = job.payload.kind === 'video' ? await thumbnailsOf(job) : null
        storage.putFile({
          ...target,
          thumbnailsGroupId,
          status: 'ready',
          uuid: newIds.uuid(),
          blobKey,
          mime: out.mime,
          isImage: out.image !== null,
          image: out.image,
          originalName: out.name,
          size: out.data.length,
          uploadedAt: iso(),
        })
      } catch (error) {
        if (!(error instanceof ProcessingError)) throw error
        storage.putFile({ ...target, status: 'processing_error', metadata: { ...target.metadata } })
        log(
          `conversion ${target.id} (${job.payload.kind} of ${job.payload.sourceId}) failed: ${error.message}`,
        )
      }
    } else if (job.kind === 'fetch') {
      const file = storage.getFile(job.targetId)
      if (file?.status !== 'pending') return
      // The emulator reaches no network: a URL "downloads" as a generated sample image.
      await readySample(file, subjectPng(120, 80, file.originalName?.length ?? 0))
    }
  }

  let queue: Promise<void> = Promise.resolve()
  /** Finishes every job that is due by the clock. Runs at the start of every request. */
  /** Ends a job's work as failed when it broke unexpectedly (disk full, an engine crash). */
  function failJob(job: JobRecord) {
    if (job.kind === 'conversion' || job.kind === 'fetch') {
      const file = storage.getFile(job.targetId)
      if (file?.status === 'pending') storage.putFile({ ...file, status: 'processing_error' })
    } else if (job.kind === 'action') {
      const action = storage.getAction(job.targetId, job.payload.type as ActionType)
      if (action?.status === 'pending') storage.putAction({ ...action, status: 'error', updatedAt: iso() })
    }
  }

  /** Tells the host's `log`; a `log` that throws must not keep a job from being done with. */
  function log(message: string) {
    try {
      options.log?.(message)
    } catch {}
  }

  let runs = 0
  function processDueJobs(): Promise<void> {
    // Nothing running and nothing due (most requests): no need to queue behind anything.
    if (runs === 0 && storage.dueJobs(now()).length === 0) return Promise.resolve()
    runs++
    const run = queue.then(async () => {
      for (const job of storage.dueJobs(now())) {
        try {
          await runJob(job)
        } catch (error) {
          failJob(job)
          log(`${job.kind} job for ${job.targetId} broke: ${(error as Error)?.message ?? error}`)
        }
        prepared.delete(job.id)
        // Deleted only once done: a job cut off by a crash runs again after the restart.
        storage.deleteJob(job.id)
      }
    })
    // One broken run must not wedge the queue for every later request.
    queue = run.catch(() => undefined).finally(() => runs--)
    return run
  }

  // ---- auth ---------------------------------------------------------------------------------
  /** The project record (every request checks its key), read once per storage revision. */
  function currentProject(): ProjectRecord | undefined {
    if (!keeping()) return storage.getProject(projectId)
    if (keptProject === null) keptProject = storage.getProject(projectId)
    return keptProject
  }

  type Caller = { kind: 'secret' } | { kind: 'anonymous' } | { kind: 'token'; token: string }
  function callerOf(c: Context): Caller {
    const header = c.req.header('Authorization')
    if (header === undefined) return { kind: 'anonymous' }
    const match = /^Bearer +(\S+)$/i.exec(header.trim())
    if (!match) return unauthorized()
    const token = match[1]!
    if (token === currentProject()?.secretKey) return { kind: 'secret' }
    return { kind: 'token', token }
  }
  const requireSecret = (c: Context) => (callerOf(c).kind === 'secret' ? undefined : unauthorized())
  /** Secret key or the resource's own token; returns whether the caller may see that token. */
  function requireOwner(c: Context, accessToken: string): true {
    const caller = callerOf(c)
    if (caller.kind === 'secret' || (caller.kind === 'token' && caller.token === accessToken)) return true
    return unauthorized()
  }
  /** Routes open to everyone: a scoped token is fine (treated as anonymous), garbage is not. */
  function openCaller(c: Context): 'secret' | 'anonymous' {
    const caller = callerOf(c)
    if (
      caller.kind === 'token' &&
      !isWellFormedId(caller.token, 'gat') &&
      !isWellFormedId(caller.token, 'fat')
    ) {
      return unauthorized()
    }
    return caller.kind === 'secret' ? 'secret' : 'anonymous'
  }

  // ---- kept between writes ------------------------------------------------------------------
  // The JSON of read answers, by what it depends on (route, page, the origin in URLs, whether
  // tokens show), the groups those reads look up and the project, built from the storage at one
  // revision (its count of writes, whoever made them) and dropped when it moves. Auth is checked
  // before a kept answer is used, as before building one. A storage that does not count its
  // writes (a host's own) gets nothing kept. Bounded: the keys come from requests.
  const kept = new Map<string, Uint8Array<ArrayBuffer>>()
  let keptBytes = 0
  const keptGroups = new Map<string, GroupRecord | undefined>()
  const keptFiles = new Map<string, FileRecord | undefined>()
  let keptProject: ProjectRecord | undefined | null = null // null: not read yet
  let keptFrom: { storage: EmulatorStorage; revision: number } | undefined
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  /** Whether answers can be kept; drops what was kept from an earlier state of the storage. */
  function keeping(): boolean {
    const revision = revisionOf(storage)
    if (revision === undefined) return false
    if (keptFrom?.storage !== storage || keptFrom.revision !== revision) {
      kept.clear()
      keptBytes = 0
      keptGroups.clear()
      keptFiles.clear()
      keptProject = null
      keptFrom = { storage, revision }
    }
    return true
  }
  // Kept as bytes: the Node host writes them out as they are, with no encoding per answer.
  function keptJson(key: string, build: () => unknown): string | Uint8Array<ArrayBuffer> {
    if (!keeping()) return JSON.stringify(build())
    let bytes = kept.get(key)
    if (bytes === undefined) {
      bytes = encoder.encode(JSON.stringify(build()))
      if (kept.size < 256 && keptBytes + bytes.length <= 8 * 1024 * 1024) {
        kept.set(key, bytes)
        keptBytes += bytes.length
      }
    }
    return bytes
  }
  function keptRecord<T>(
    records: Map<string, T | undefined>,
    id: string,
    read: (id: string) => T | undefined,
  ) {
    if (!keeping()) return read(id)
    if (records.has(id)) return records.get(id)
    const record = read(id)
    if (records.size < 1024) records.set(id, record)
    return record
  }
  // Groups and files as stored now, read once per revision: for reads only (records are shared).
  // Made once: under tsx (the server) every function made per request also costs a __name call.
  const readGroup = (id: string) => storage.getGroup(id)
  const readFile = (id: string) => storage.getFile(id)
  const keptGroup = (id: string) => keptRecord(keptGroups, id, readGroup)
  const keptFile = (id: string) => keptRecord(keptFiles, id, readFile)

  // ---- lookups and input --------------------------------------------------------------------
  /** The path prefix the host serves the emulator under (`fetch`'s `basePath`), or ''. */
  const mountedAt = (c: Context): string => (c.env as Mount | undefined)?.basePath ?? ''
  // The origin of a request URL depends only on what comes before its path, so it is parsed
  // once per such prefix (a few at most; bounded, as the Host header is the client's).
  const origins = new Map<string, string>()
  function origin(c: Context): string {
    const url = c.req.url
    const authority = url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1
    const end = authority < 0 ? -1 : url.indexOf('/', authority)
    if (end < 0) return new URL(url).origin
    const prefix = url.slice(0, end)
    let found = origins.get(prefix)
    if (found === undefined) {
      found = new URL(url).origin
      if (origins.size < 64) origins.set(prefix, found)
    }
    return found
  }
  /** Where the emulator is reached from outside: the origin and the host's path prefix. */
  const urlBase = (c: Context) => origin(c) + mountedAt(c)
  function checkProject(c: Context) {
    if (c.req.param('project') !== projectId) fail(404, 'Project not found')
  }
  /** 404 for an API path without `.json` at its end: every path of the service has it. */
  const withoutJson = (c: Context) => {
    const path = mountedAt(c) + new URL(c.req.url).pathname
    return fail(
      404,
      `The path must end in .json (got ${path.length > 120 ? `${path.slice(0, 120)}…` : path}).`,
    )
  }
  /** A `:param` that ends the path, without its `.json` (or as it is, for inner segments). */
  function segment(c: Context, name: string, json = true): string {
    const raw = c.req.param(name) ?? ''
    if (!json) return raw
    return raw.endsWith('.json') ? raw.slice(0, -5) : withoutJson(c)
  }
  /**
   * The group of a group route, for the secret key or the group's own token. The caller is
   * checked before the group is looked up, as the real service's `before_action
   * :authenticate_user!` does: no token, a `fat-`, another group's `gat-` or garbage get the
   * same 401 whether or not the group exists (a 404 would tell them which ids do).
   */
  function ownGroup(
    c: Context,
    json = true,
    read: (id: string) => GroupRecord | undefined = readGroup,
  ): GroupRecord {
    checkProject(c)
    const id = segment(c, 'id', json)
    const caller = callerOf(c)
    if (caller.kind === 'anonymous' || (caller.kind === 'token' && !isWellFormedId(caller.token, 'gat')))
      unauthorized()
    const group = isWellFormedId(id, 'g') ? read(id) : undefined
    const found = group?.projectId === projectId ? group : undefined
    if (caller.kind === 'token' && found?.accessToken !== caller.token) unauthorized()
    return found ?? fail(404, 'Group not found')
  }
  function fileFor(
    c: Context,
    json = true,
    read: (id: string) => FileRecord | undefined = readFile,
  ): FileRecord {
    checkProject(c)
    const id = segment(c, 'id', json)
    const file = isWellFormedId(id, 'f') ? read(id) : undefined
    if (!file || file.projectId !== projectId) return fail(404, 'File not found')
    return file
  }
  function pageParams(c: Context) {
    const pageText = c.req.query('page')
    let page = 1
    if (pageText !== undefined && pageText !== '') {
      page = Number(pageText)
      // Past the safe integers the page could not be said back exactly (nor sought in SQLite).
      if (!/^\d+$/.test(pageText) || page < 1 || page > Number.MAX_SAFE_INTEGER)
        fail(400, `page must be a positive integer up to ${Number.MAX_SAFE_INTEGER} (got "${pageText}").`)
    }
    const itemsText = c.req.query('items')
    let items = 20
    if (itemsText !== undefined && itemsText !== '') {
      if (!/^\d+$/.test(itemsText))
        fail(400, `items must be a whole number, clamped to 1..100 (got "${itemsText}").`)
      // UPSTREAM §7: clamped to 1..100 (the real service ignores it).
      items = Math.min(100, Math.max(1, Number(itemsText)))
    }
    return { page, items, offset: (page - 1) * items }
  }
  const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type)
  /** The largest body this request's route takes, and the 413 past it. */
  const routeLimit = (c: Context) => bodyLimit(c.req.method, new URL(c.req.url).pathname, maxUploadBytes)
  /** The body's bytes, measured here whatever Content-Length said: past the route's limit, 413. */
  async function bodyBytes(c: Context): Promise<Uint8Array<ArrayBuffer>> {
    const limit = routeLimit(c)
    const data = new Uint8Array(await c.req.arrayBuffer())
    if (data.length > limit.bytes) fail(413, limit.message)
    return data
  }
  async function jsonBody(c: Context): Promise<Record<string, unknown>> {
    if (!isJson(c.req.header('Content-Type') ?? ''))
      fail(415, 'Send the body as JSON (Content-Type: application/json).')
    const data = await bodyBytes(c)
    let body: unknown
    try {
      body = JSON.parse(decoder.decode(data))
    } catch {
      fail(400, 'The body is not valid JSON.')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      fail(400, 'The body must be a JSON object.')
    return body as Record<string, unknown>
  }
  /** `also`: another form the route takes, named in the 415. */
  async function formBody(c: Context, also?: string): Promise<FormData> {
    const type = c.req.header('Content-Type') ?? ''
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) {
      fail(
        415,
        `Send the body as multipart/form-data or application/x-www-form-urlencoded${also ? ` ${also}` : ''}.`,
      )
    }
    // An upload's file is measured exactly where it is read.
    const data = await bodyBytes(c)
    try {
      return await new Response(data, { headers: { 'Content-Type': type } }).formData()
    } catch {
      return fail(400, 'The form body could not be read.')
    }
  }

  /** Validated, stripped, de-duplicated file ids in their order (UPSTREAM §7). */
  async function fileIdsFrom(c: Context): Promise<string[]> {
    const body = await jsonBody(c)
    const inner = body.group as Record<string, unknown> | undefined
    const raw = body.file_ids ?? (typeof inner === 'object' && inner !== null ? inner.file_ids : undefined)
    if (raw === undefined) fail(400, 'file_ids is required.')
    if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string'))
      fail(400, 'file_ids must be an array of strings.')
    const ids = [...new Set((raw as string[]).map((s) => s.trim()).filter(Boolean))]
    if (!ids.length) fail(422, 'file_ids must name at least one file.')
    if (ids.length > 1000) fail(422, `A group holds at most 1000 files (got ${ids.length}).`)
    const problems = groupFileProblems(ids)
    if (problems.length) fail(422, ...problems)
    return ids
  }

  /** Why a group can't be made of these files (none missing, removed or without content), or none. */
  function groupFileProblems(ids: string[]): string[] {
    const missing: string[] = []
    // The real service builds the group from the files' uuids in a job, which fails for a file
    // with no content: an upload from a URL still pending, a conversion pending or failed.
    const empty: string[] = []
    for (const id of ids) {
      const file = isWellFormedId(id, 'f') ? storage.getFile(id) : undefined
      if (!file || file.projectId !== projectId || file.status === 'removed') missing.push(id)
      else if (file.status !== 'ready') empty.push(id)
    }
    // Named, up to 20, each cut at 40 characters (ids have 24): an answer never grows with the
    // request's garbage.
    const shown = (list: string[]) =>
      list
        .slice(0, 20)
        .map((id) => (id.length > 40 ? `${id.slice(0, 40)}…` : id))
        .join(', ') + (list.length > 20 ? ` and ${list.length - 20} more` : '')
    return [
      ...(missing.length ? [`Unknown or removed file ids: ${shown(missing)}.`] : []),
      ...(empty.length
        ? [
            `Files with no content yet (still processing, or failed): ${shown(empty)}. Wait until they are ready.`,
          ]
        : []),
    ]
  }

  /** A new group, not built yet: `pending`, with no uuid until its job (UPSTREAM §6). */
  function newGroup(fileIds: string[]): GroupRecord {
    const at = createdIso()
    return {
      id: newIds.id('g'),
      projectId,
      uuid: null,
      status: 'pending',
      accessToken: newIds.id('gat'),
      fileIds,
      createdAt: at,
      updatedAt: at,
    }
  }

  /** The group once built: `ready`, with a new `<uuid>~<count>`. */
  function builtGroup(group: GroupRecord): GroupRecord {
    return { ...group, uuid: `${newIds.uuid()}~${group.fileIds.length}`, status: 'ready', updatedAt: iso() }
  }

  function newFile(fields: Partial<FileRecord>): FileRecord {
    return {
      id: newIds.id('f'),
      projectId,
      uuid: null,
      status: 'pending',
      accessToken: newIds.id('fat'),
      isImage: false,
      mime: null,
      originalName: null,
      size: null,
      metadata: {},
      image: null,
      blobKey: null,
      sourceUrl: null,
      createdAt: createdIso(),
      uploadedAt: null,
      removedAt: null,
      expiresAt: null,
      ...fields,
    }
  }

  async function storeUpload(
    data: Uint8Array,
    name: string,
    declared: string | null,
    fields: Partial<FileRecord>,
  ) {
    const probe = await engines.probe(data, declared, name)
    const file = newFile({
      ...fields,
      status: 'ready',
      uuid: newIds.uuid(),
      isImage: probe.isImage,
      mime: probe.mime,
      image: probe.image,
      originalName: name,
      size: data.length,
    })
    await blobs.put(file.id, data)
    // Stored as it is made: uploaded at its creation time.
    storage.putFile({ ...file, blobKey: file.id, uploadedAt: file.createdAt })
    return storage.getFile(file.id)!
  }

  const metadataKey = /^[A-Za-z0-9_.:-]{1,64}$/
  function checkMetadata(entries: [string, unknown][]): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [key, value] of entries) {
      if (!metadataKey.test(key)) fail(400, `Metadata key "${key}" must be 1–64 letters, digits, _ . : or -.`)
      if (typeof value !== 'string') fail(400, `Metadata value for "${key}" must be a string.`)
      if ((value as string).length > 512)
        fail(400, `Metadata value for "${key}" is longer than 512 characters.`)
      out[key] = value as string
    }
    return out
  }

  function conversionsInfo(file: FileRecord) {
    const current = extensionOf(file.mime)
    if (file.isImage) {
      return {
        format_current: current,
        formats_available: engines.imageFormats(file).filter((f) => f !== current),
        methods_available: ['image', 'remove_bg'],
      }
    }
    if (file.mime?.startsWith('video/')) {
      return {
        format_current: current,
        formats_available: ['mp4', 'ogg', 'webm'].filter((f) => f !== current),
        methods_available: ['video'],
      }
    }
    return {
      format_current: current,
      formats_available: documentFormats.filter((f) => f !== current),
      methods_available: ['document'],
    }
  }

  // Answers made here carry the CORS and nosniff headers (see the middleware below) in a plain object: the
  // middleware leaves them alone, and @hono/node-server writes them out without a Headers object.
  const withCors = new WeakSet<Response>()
  function jsonAnswer(body: string | Uint8Array<ArrayBuffer>): Response {
    const response = new Response(body, {
      status: 200,
      headers: { ...answerHeaders, 'Content-Type': 'application/json' },
    })
    withCors.add(response)
    return response
  }

  // ---- routes -------------------------------------------------------------------------------
  const app = new Hono()
  // A preflight kept 2 hours (Chromium's most; its default is 5 s, per URL): on a slow link each
  // save or page otherwise paid a second round trip every few seconds.
  const preflight = cors({
    origin: '*',
    allowHeaders: ['Authorization', 'Content-Type'],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 7200,
  })
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    await next()
    if (withCors.has(c.res)) return
    // CORS as hono's cors() sets it, but on the final response: touching `c.res` before the
    // route answers makes Hono copy the answer into a new Response around a body stream, which
    // costs every request a stream and @hono/node-server's slow write path.
    for (const [name, value] of Object.entries(answerHeaders)) c.res.headers.set(name, value)
  })
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    // A body declared larger than the route takes is refused before anything else, as the
    // server refuses it before the emulator sees it (the bodies read are measured again).
    const length = c.req.header('Content-Length')
    if (length) {
      const limit = routeLimit(c)
      if (Number(length) > limit.bytes) throw new HttpError(413, [limit.message])
    }
    const latency = faults.latencyMs()
    if (latency) {
      const before = resets
      await new Promise((r) => setTimeout(r, latency))
      // A request held across reset() belongs to the state before it: it must not take a fault
      // set up for what comes next (the next story or test), nor read or write its data.
      if (resets !== before) throw new HttpError(503, ['The emulator was reset while this request waited.'])
    }
    let fault: FailNextOptions | undefined
    if (faults.pending()) {
      const path = new URL(c.req.url).pathname
      if (!path.startsWith('/__emulator/')) fault = faults.take(`${c.req.method} ${path}`)
    }
    if (fault) {
      throw new HttpError(
        fault.status,
        [fault.message ?? defaultMessages[fault.status] ?? `Error ${fault.status}`],
        fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) },
      )
    }
    await processDueJobs()
    return next()
  })

  app.get('/', (c) =>
    c.json({
      name: 'filekit-emulator',
      version: '0.1.0',
      basePath: `${mountedAt(c)}/api/v1/projects/${projectId}`,
    }),
  )

  const p = '/api/v1/projects/:project'

  // Groups
  app.get(`${p}/groups.json`, (c) => {
    checkProject(c)
    requireSecret(c)
    const { page, items, offset } = pageParams(c)
    return jsonAnswer(
      keptJson(`groups ${page} ${items}`, () => {
        const { rows, count } = storage.listGroups(projectId, offset, items)
        return {
          data: rows.map((g) => groupJson(g, true)),
          pagination: paginationJson(count, page, items),
        }
      }),
    )
  })
  app.post(`${p}/groups.json`, async (c) => {
    checkProject(c)
    const caller = openCaller(c)
    if (caller === 'anonymous' && !currentProject()?.allowAnonymousGroups) unauthorized()
    const ids = await fileIdsFrom(c)
    const group = newGroup(ids)
    storage.transaction(() => {
      storage.putGroup(group)
      schedule('group', group.id)
    })
    return c.json({ data: groupJson(group, true) })
  })
  app.get(`${p}/groups/:id/files.json`, (c) => {
    const group = ownGroup(c, false, keptGroup)
    const caller = callerOf(c)
    const { page, items, offset } = pageParams(c)
    const base = urlBase(c)
    const withTokens = caller.kind === 'secret'
    return jsonAnswer(
      keptJson(`group files ${group.id} ${page} ${items} ${withTokens} ${base}`, () => {
        const files = group.fileIds
          .slice(offset, offset + items)
          .map((id) => storage.getFile(id))
          .filter((f): f is FileRecord => f !== undefined)
        return {
          data: files.map((f) => fileJson(f, base, withTokens)),
          pagination: paginationJson(group.fileIds.length, page, items),
        }
      }),
    )
  })
  app.get(`${p}/groups/:id`, (c) => {
    // Its owner (the secret key or its token) sees its token.
    const group = ownGroup(c, true, keptGroup)
    return jsonAnswer(keptJson(`group ${group.id}`, () => ({ data: groupJson(group, true) })))
  })
  app.put(`${p}/groups/:id`, async (c) => {
    const group = ownGroup(c)
    const ids = await fileIdsFrom(c)
    const updated = storage.transaction(() => {
      // Re-read inside the transaction so concurrent updates each apply to the latest record.
      const current = storage.getGroup(group.id)
      if (!current) return fail(404, 'Group not found')
      // The uuid stays the last built group's until the job builds the new one (UPSTREAM §6).
      const next = { ...current, fileIds: ids, status: 'pending', updatedAt: iso() }
      storage.putGroup(next)
      schedule('group', next.id)
      return next
    })
    return c.json({ data: groupJson(updated, true) })
  })
  app.delete(`${p}/groups/:id`, (c) => {
    const group = ownGroup(c)
    storage.deleteGroup(group.id)
    return c.body(null, 204)
  })

  // Files
  app.get(`${p}/files.json`, (c) => {
    checkProject(c)
    requireSecret(c)
    const { page, items, offset } = pageParams(c)
    const base = urlBase(c)
    return jsonAnswer(
      keptJson(`files ${page} ${items} ${base}`, () => {
        const { rows, count } = storage.listFiles(projectId, offset, items)
        return {
          data: rows.map((f) => fileJson(f, base, true)),
          pagination: paginationJson(count, page, items),
        }
      }),
    )
  })
  app.post(`${p}/files.json`, async (c) => {
    checkProject(c)
    openCaller(c)
    const form = await formBody(c)
    const metadata = checkMetadata(
      [...form.entries()].flatMap(([k, v]) => {
        const m = /^file\[metadata\]\[(.*)\]$/.exec(k)
        return m ? [[m[1]!, v] as [string, unknown]] : []
      }),
    )
    const expires = form.get('file[expires_at]')
    let expiresAt: string | null = null
    if (expires !== null) {
      const time = typeof expires === 'string' ? isoTime(expires) : undefined
      if (time === undefined)
        fail(400, `file[expires_at] must be an ISO 8601 date, e.g. 2027-01-01T00:00:00Z (got "${expires}").`)
      expiresAt = new Date(time!).toISOString()
    }
    const content = form.get('file[content]')
    const source = form.get('file[source_url]')
    if (content !== null && typeof content !== 'string') {
      if (content.size === 0) fail(422, 'file[content] is empty.')
      if (content.size > maxUploadBytes)
        fail(413, `The file is larger than the limit of ${maxUploadBytes} bytes.`)
      const data = new Uint8Array(await content.arrayBuffer())
      const file = await storeUpload(data, content.name || 'file', content.type || null, {
        metadata,
        expiresAt,
      })
      return c.json({ data: fileJson(file, urlBase(c), true) })
    }
    if (typeof source === 'string') {
      let url: URL | null = null
      try {
        url = new URL(source)
      } catch {}
      if (!url || !/^https?:$/.test(url.protocol)) fail(400, 'file[source_url] must be an http(s) URL.')
      // The last path segment, decoded where it can be (`a%zz` is kept as written).
      const last = url!.pathname.split('/').pop() || 'download'
      let name = last
      try {
        name = decodeURIComponent(last)
      } catch {}
      const file = newFile({ sourceUrl: source, originalName: name, metadata, expiresAt })
      storage.transaction(() => {
        storage.putFile(file)
        schedule('fetch', file.id)
      })
      return c.json({ data: fileJson(file, urlBase(c), true) })
    }
    return fail(400, 'Send the file as file[content] (multipart) or a URL as file[source_url].')
  })
  app.get(`${p}/files/:id`, (c) => {
    const file = fileFor(c, true, keptFile)
    const withToken = requireOwner(c, file.accessToken)
    const base = urlBase(c)
    return jsonAnswer(
      keptJson(`file ${file.id} ${withToken} ${base}`, () => ({ data: fileJson(file, base, withToken) })),
    )
  })
  app.put(`${p}/files/:id`, async (c) => {
    const file = fileFor(c)
    requireOwner(c, file.accessToken)
    const body = await jsonBody(c)
    const inner = (body.file ?? body) as Record<string, unknown>
    const raw = typeof inner === 'object' && inner !== null ? inner.metadata : undefined
    let given: Record<string, string>
    const merge = Array.isArray(raw)
    if (merge) {
      // [{key, value}] sets only those keys (UPSTREAM §6 "Metadata").
      const pairs = raw.map((e) => {
        if (typeof e !== 'object' || e === null || typeof (e as { key?: unknown }).key !== 'string') {
          return fail(400, 'Each metadata entry must be {key, value}.')
        }
        return [(e as { key: string }).key, (e as { value?: unknown }).value] as [string, unknown]
      })
      given = checkMetadata(pairs)
    } else if (typeof raw === 'object' && raw !== null) {
      given = checkMetadata(Object.entries(raw))
    } else return fail(400, 'Send {"file": {"metadata": {...}}}.')
    // The record as it is now, not as it was before the body arrived: a delete, or a job
    // finishing a conversion, may have changed it meanwhile, and must not be undone.
    const updated = storage.transaction(() => {
      const current = storage.getFile(file.id)
      if (!current) return fail(404, 'File not found')
      const next = { ...current, metadata: merge ? { ...current.metadata, ...given } : given }
      storage.putFile(next)
      return next
    })
    return c.json({ data: fileJson(updated, urlBase(c), true) })
  })
  app.delete(`${p}/files/:id`, async (c) => {
    const file = fileFor(c)
    requireOwner(c, file.accessToken)
    if (file.status === 'removed') return c.json({ data: fileJson(file, urlBase(c), true) })
    const removed = { ...file, status: 'removed', removedAt: iso(), blobKey: null }
    storage.putFile(removed)
    if (file.blobKey) await blobs.delete(file.blobKey)
    return c.json({ data: fileJson(removed, urlBase(c), true) })
  })

  /** Actions and conversions work on a file with content: 422 saying why not. */
  function readyFile(file: FileRecord) {
    if (file.status === 'removed') fail(422, 'The file was removed.')
    if (file.status !== 'ready') fail(422, 'The file is not ready yet.')
  }

  // Actions
  function actionType(c: Context): ActionType {
    const type = segment(c, 'type')
    if (!(actionTypes as readonly string[]).includes(type)) fail(404, `Unknown action "${type}".`)
    return type as ActionType
  }
  // The path's shape first (its .json), then the file, then the caller, as the real service.
  app.post(`${p}/files/:id/actions/:type`, (c) => {
    const type = actionType(c)
    const file = fileFor(c, false)
    requireSecret(c)
    readyFile(file)
    if (type !== 'virus_scan' && !file.isImage)
      fail(422, `${type} works on images only; this file is ${file.mime}.`)
    // The real service runs an add-on once per file and type: asked again, it answers with the
    // run there is, still pending or with its result. Only a run that ended in `error` (a fault
    // injected here, or a job that broke) is started again.
    const existing = storage.getAction(file.id, type)
    if (existing && (existing.status === 'pending' || existing.status === 'ready')) {
      return c.json({ data: actionJson(existing) })
    }
    const at = iso()
    const action = {
      id: existing?.id ?? newIds.id('a'),
      projectId,
      fileId: file.id,
      actionType: type,
      status: 'pending',
      result: null,
      createdAt: at,
      updatedAt: at,
    }
    storage.transaction(() => {
      storage.putAction(action)
      schedule('action', file.id, { type, actionId: action.id })
    })
    return c.json({ data: actionJson(action) })
  })
  app.get(`${p}/files/:id/actions/:type`, (c) => {
    const type = actionType(c)
    const file = fileFor(c, false)
    requireSecret(c)
    const action = storage.getAction(file.id, type)
    if (!action) return fail(404, 'Action not found')
    return c.json({ data: actionJson(action) })
  })

  // Conversions
  app.get(`${p}/files/:id/conversions.json`, (c) => {
    const file = fileFor(c, false)
    requireSecret(c)
    readyFile(file)
    return c.json({ data: { type: 'conversions', attributes: conversionsInfo(file) } })
  })
  app.post(`${p}/files/:id/conversions/:kind`, async (c) => {
    const kind = segment(c, 'kind')
    if (!(conversionKinds as readonly string[]).includes(kind)) fail(404, `Unknown conversion "${kind}".`)
    const file = fileFor(c, false)
    requireSecret(c)
    readyFile(file)
    const info = conversionsInfo(file)
    if (!info.methods_available.includes(kind)) {
      fail(
        422,
        `${kind === 'image' ? 'An' : 'A'} ${kind} conversion is not available for ${file.mime}; available: ${info.methods_available.join(', ')}.`,
      )
    }
    // The real service reads params[:recipe]: a form field, or the same key of a JSON body.
    const json = isJson(c.req.header('Content-Type') ?? '')
    const text = json
      ? (await jsonBody(c)).recipe
      : (await formBody(c, 'or JSON {"recipe": "…"}')).get('recipe')
    if (typeof text !== 'string' || !text.trim())
      return fail(
        400,
        'The recipe is required: a form field recipe, or "recipe" in a JSON body, as a string.',
      )
    // The real service pastes a video or document recipe after `<uuid>/video/-` (or
    // `/document/-`) and splits a remove_bg one on `/-/` (UPSTREAM.md §0): a leading `/-/`, or
    // for video and document no leading `/`, breaks the call there. (An image recipe may leave
    // its leading `/-/` out here: §7.)
    const form = text.trim()
    if (kind !== 'image' && (form.startsWith('/-/') || (kind !== 'remove_bg' && !form.startsWith('/')))) {
      fail(
        422,
        `A ${kind} recipe starts with "/" and its first operation, like ${recipeExamples[kind as 'video']} (got "${form.slice(0, 40)}").`,
      )
    }
    const { recipe, issues } = parseRecipe(kind as ConversionKind, text)
    const problems = issues.map((issue) => issue.message)
    const format = recipe.operations.find((op) => op.name === 'format')?.args[0]
    const allowed = ['auto', 'preserve', info.format_current, ...info.formats_available]
    if (format && kind !== 'remove_bg' && !allowed.includes(format === 'jpeg' ? 'jpg' : format)) {
      problems.push(
        `This file cannot be converted to ${format}; available: ${info.formats_available.join(', ')}.`,
      )
    }
    if (problems.length) fail(422, ...problems)
    // Where it came from is the record's, not the metadata's: the real service sets no
    // metadata on a conversion, and a metadata PUT replacing the set would drop it there.
    const target = newFile({ originalName: file.originalName, sourceFileId: file.id })
    const job = storage.transaction(() => {
      storage.putFile(target)
      return schedule('conversion', target.id, { sourceId: file.id, kind, recipe: serializeRecipe(recipe) })
    })
    prepare(job)
    return c.json({ data: fileJson(target, urlBase(c), true) })
  })

  // CDN
  app.get('/cdn/:id/*', async (c) => {
    const id = c.req.param('id')
    const file = isWellFormedId(id, 'f') ? storage.getFile(id) : undefined
    if (!file || file.projectId !== projectId || !file.blobKey) return fail(404, 'File not found')
    const path = new URL(c.req.url).pathname.slice(`/cdn/${id}`.length)
    let ops = ''
    try {
      ops = decodeURIComponent(path).replace(/^\/+/, '')
    } catch {
      fail(400, `The operations are not valid URL encoding (a bare %?): ${path.slice(0, 80)}`)
    }
    const data = await blobs.get(file.blobKey)
    if (!data) return fail(404, 'File not found')
    if (!ops) {
      // The original is protected: to anyone else it is not there (404, as the real service).
      try {
        requireOwner(c, file.accessToken)
      } catch {
        fail(404, 'File not found')
      }
      return c.body(data as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.mime ?? 'application/octet-stream',
      })
    }
    openCaller(c)
    if (!file.isImage) fail(422, 'Image operations need an image.')
    const { recipe, issues } = parseRecipe('image', ops)
    if (issues.length) fail(400, ...issues.map((issue) => issue.message))
    const out = await engines.preview(file, data, serializeRecipe(recipe))
    return c.body(out.data as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': out.mime,
      'Cache-Control': 'public, max-age=3600',
    })
  })
  app.get('/cdn/:id', (c) => c.redirect(`/cdn/${encodeURIComponent(c.req.param('id'))}/`))

  // Control routes for tests and the playground.
  if (options.controlRoutes) {
    const control = new Hono()
    control.use('*', async (c, next) => {
      requireSecret(c)
      await next()
    })
    control.post('/clock', async (c) => {
      if (!manual)
        fail(409, 'The emulator runs on a real clock; start it with a manual clock to advance time.')
      const { advance } = (await jsonBody(c)) as { advance?: unknown }
      // Dates stop at the year 275760: a clock moved past it would break every later answer.
      if (
        typeof advance !== 'number' ||
        !(advance >= 0) ||
        !Number.isFinite(new Date(now() + advance).getTime())
      )
        fail(400, 'Send {"advance": <milliseconds>}, at most as far as the year 275760.')
      manual!.advance(advance as number)
      await processDueJobs()
      return c.json({ now: new Date(now()).toISOString() })
    })
    control.post('/faults', async (c) => {
      const body = (await jsonBody(c)) as Record<string, unknown>
      // All checked before any is set: a refused body changes nothing.
      const problems = faultProblems(body)
      const next = body.failNext as Record<string, unknown> | undefined
      const failNext = next && {
        match: next.match as string,
        options: {
          status: next.status as number,
          count: typeof next.count === 'number' ? next.count : 1,
          ...(typeof next.retryAfter === 'number' && { retryAfter: next.retryAfter }),
          ...(typeof next.message === 'string' && { message: next.message }),
        },
      }
      if (failNext && !problems.length) {
        try {
          // The ranges are failNext's own checks, tried on a fault set of no use.
          createFaults().api.failNext(failNext.match, failNext.options)
        } catch (error) {
          if (!(error instanceof RangeError)) throw error
          problems.push(error.message)
        }
      }
      if (problems.length) fail(400, ...problems)
      if (body.clear) faults.api.clear()
      if (typeof body.latency === 'number') faults.api.latency(body.latency)
      if (typeof body.failActions === 'string') faults.api.failActions(body.failActions)
      if (typeof body.failConversions === 'string') faults.api.failConversions(body.failConversions)
      if (failNext) faults.api.failNext(failNext.match, failNext.options)
      return c.json({ ok: true })
    })
    control.post('/seed', async (c) => {
      const body = (await jsonBody(c)) as { demo?: boolean; files?: SeedFile[]; groups?: SeedGroup[] }
      const problems = seedProblems(body, true)
      if (problems.length) fail(400, ...problems)
      const result = body.demo
        ? await seedDemo()
        : await seed({ files: body.files ?? [], groups: body.groups ?? [] })
      return c.json({
        files: result.files.map((f) => ({ id: f.id, accessToken: f.accessToken, name: f.originalName })),
        groups: result.groups.map((g) => ({ id: g.id, accessToken: g.accessToken, fileIds: g.fileIds })),
      })
    })
    control.post('/reset', (c) => {
      reset()
      return c.json({ ok: true })
    })
    app.route('/__emulator', control)
  }

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname
    if (path.startsWith('/api/') && !path.endsWith('.json')) return withoutJson(c)
    return c.json({ errors: [`No route for ${c.req.method} ${mountedAt(c)}${path}`] }, 404)
  })
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ errors: error.messages }, error.status as 400, error.headers)
    }
    // An engine refusing an operation (a CDN preview it can't make) is the request's problem.
    if (error instanceof ProcessingError) return c.json({ errors: [error.message] }, 422)
    // A bug, not a refusal: the answer says nothing of it, the log says what it was.
    console.error(`[filekit emulator] ${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return c.json({ errors: ['Internal server error'] }, 500)
  })

  // ---- seeding --------------------------------------------------------------------------------
  const samples = {
    subject: (i: number) => ({
      data: subjectPng(96 + (i % 5) * 16, 64 + (i % 3) * 16, i * 37),
      name: `photo-${i + 1}.png`,
      mime: 'image/png',
    }),
    blank: () => ({ data: blankPng(), name: 'blank.png', mime: 'image/png' }),
    pdf: (i: number) => ({ data: samplePdf(), name: `document-${i + 1}.pdf`, mime: 'application/pdf' }),
    video: (i: number) => ({ data: sampleMp4(), name: `clip-${i + 1}.mp4`, mime: 'video/mp4' }),
    eicar: () => ({ data: eicar(), name: 'eicar.com.txt', mime: 'text/plain' }),
  }

  /**
   * The problems of a seed, or none: its shape, then the existing files its groups name by id
   * (each unknown, removed or not ready is refused, as the service refuses such a group). Nothing
   * is made from a seed with problems.
   */
  function seedProblems(input: unknown, demo = false): string[] {
    const problems = checkSeed(input, demo)
    if (problems.length) return problems
    const { groups = [] } = input as { groups?: SeedGroup[] }
    return groups
      .flatMap((spec, i) =>
        spec.fileIds ? groupFileProblems(spec.fileIds).map((problem) => `groups[${i}]: ${problem}`) : [],
      )
      .slice(0, 20)
  }

  /** Adds ready files and groups; returns the records with their tokens. */
  async function seed({
    files = [],
    groups = [],
  }: {
    files?: SeedFile[] | undefined
    groups?: SeedGroup[] | undefined
  }): Promise<SeedResult> {
    const problems = seedProblems({ files, groups })
    if (problems.length) throw new TypeError(`seed(): ${problems.join(' ')}`)
    const created: FileRecord[] = []
    for (const [i, spec] of files.entries()) {
      const sample = samples[spec.sample ?? 'subject'](i)
      const data = spec.data ?? sample.data
      created.push(
        await storeUpload(data, spec.name ?? sample.name, spec.mime ?? (spec.data ? null : sample.mime), {
          metadata: spec.metadata ?? {},
        }),
      )
    }
    const madeGroups = groups.map((spec) => {
      const ids = spec.fileIds ?? (spec.files ?? []).map((i) => created[i]!.id)
      const status = spec.status ?? 'ready'
      // One still being built (`pending`) has no uuid yet, as a new group's.
      const done = finalStatuses.has(status)
      const group = { ...(done ? builtGroup(newGroup(ids)) : newGroup(ids)), status }
      storage.putGroup(group)
      if (!done) schedule('group', group.id)
      return group
    })
    return { files: created, groups: madeGroups }
  }

  /** A demo project: 45 files (images, a blank image, documents, a video) and three groups. */
  function seedDemo(): Promise<SeedResult> {
    const files: SeedFile[] = Array.from({ length: 45 }, (_, i) => ({
      sample: i === 3 ? 'blank' : i % 15 === 7 ? 'pdf' : i === 11 ? 'video' : 'subject',
    }))
    return seed({ files, groups: [{ files: [0, 1, 2] }, { files: [4, 5, 6, 8, 9] }, { files: [10, 12] }] })
  }

  /**
   * Drops all state: fresh in-memory stores, or `storage.clear()` and `blobs.clear()` when the
   * stores given have them.
   */
  function reset() {
    resets++
    if (options.storage) options.storage.clear?.()
    else storage = createMemoryStorage()
    if (options.blobs) options.blobs.clear?.()
    else blobs = createMemoryBlobStore()
    faults.api.clear()
    // A test's first record is made at the clock's time, whatever the one before made.
    lastCreated = 0
    newIds.reset()
    queue = Promise.resolve()
    prepared.clear()
    ensureProject()
  }

  return {
    /**
     * Answers one request, like the service would; shaped like `fetch`, so it can be a client's
     * `fetch` option: `createFileServiceClient({ fetch: emulator.fetch, … })`. A host that serves
     * the emulator under a path prefix passes it as `basePath` (and the request at the path
     * without it), so the URLs in answers (`original_url`, redirects, `GET /`'s `basePath`)
     * carry it.
     */
    fetch: async (input: string | URL | Request, init: EmulatorRequestInit = {}): Promise<Response> => {
      const { basePath, ...rest } = init
      // A request as it is when nothing is to change (the hosts' case): no copy of its body.
      const plain = typeof input === 'object' && 'method' in input && Object.keys(rest).length === 0
      return app.fetch(plain ? input : new Request(input, rest), { basePath })
    },
    projectId,
    secretKey,
    faults: faults.api as EmulatorFaults,
    seed,
    seedDemo,
    processDueJobs,
    reset,
    /** The storage in use (for hosts and tests). */
    get storage(): EmulatorStorage {
      return storage
    },
  }
}

export type { ProjectRecord }
