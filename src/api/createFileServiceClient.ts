import { recipeString } from '../recipe/recipeString.js'
import type { Recipe } from '../recipe/types.js'
import { one, toAction, toConversionsInfo, toFile, toGroup, toPage } from './map.js'
import {
  type RequestConfig,
  type RequestInit,
  request,
  type TokenSource,
  type UploadProgress,
} from './request.js'
import type {
  Action,
  ActionType,
  ConversionKind,
  ConversionsInfo,
  FileResource,
  Group,
  Page,
} from './types.js'

/** Options of {@link createFileServiceClient}. */
export interface FileServiceClientOptions {
  /** Origin of the service (optionally with a path prefix, e.g. a proxy's `/filekit`); `/api/v1/…` is appended. */
  baseUrl: string
  /** Project identifier used in every path. */
  projectId: string
  /** Secret key or access token; a function is called for every request. No token → no Authorization header. */
  token?: TokenSource | undefined
  /** A fetch implementation to use instead of the global one (uploads then report no progress). */
  fetch?: typeof globalThis.fetch | undefined
  /**
   * Milliseconds to wait for an answer before giving up with a `FileServiceError` of `status` 0:
   * code `timeout` (safe to ask again: the hooks retry a query, the components offer Try again).
   * A POST (create a group, upload, run an action, convert) may have been done when no answer
   * comes: it waits twice as long, and its code is `unconfirmed` (the components say it may have
   * been done; nothing retries it). An upload with XMLHttpRequest (browsers) fails with `timeout`
   * once its bytes stop moving for this long, and waits twice as long for the answer once they
   * have all gone; an upload through `fetch` has no limit (its progress can't be seen). The call's
   * `signal` still aborts with its own reason. A `token` function that has not returned after
   * this long fails the request with `timeout` too (nothing was sent). `0` or `Infinity`: no limit.
   * @default 30000
   */
  timeout?: number | undefined
}

/** The last argument of every method. */
export interface CallOptions {
  /** Aborts the request; the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined
}

/** Which page of a list to fetch. */
export interface PageParams {
  /** 1-based page number. @default 1 */
  page?: number | undefined
  /** Page size, 1..100 on the emulator; the real service always uses 20. @default 20 */
  items?: number | undefined
}

/** Options of `client.files.upload`. */
export interface UploadOptions extends CallOptions {
  /** File name sent with the bytes. @default the Blob's `name`, else `"file"` */
  name?: string | undefined
  /** Metadata key/value pairs stored with the file. */
  metadata?: Record<string, string> | undefined
  /** ISO date after which the service may remove the file. */
  expiresAt?: string | undefined
  /** Upload progress; needs XMLHttpRequest (browsers), otherwise never called. */
  onProgress?: ((progress: UploadProgress) => void) | undefined
}

/**
 * A recipe string in the kind's form (UPSTREAM §8), e.g. `/-/format/webp/-/resize/800x/`, or a
 * `Recipe` object of that kind, sent as its operations joined with the kind's separators (the
 * service reads both the same way; `serializeRecipe` gives the canonical string).
 */
export type RecipeInput<K extends ConversionKind = ConversionKind> = string | Recipe<K>

/**
 * The client {@link createFileServiceClient} returns: `groups` (`list`, `create`, `get`, `update`,
 * `delete`, `files`), `files` (`list`, `get`, `upload`, `uploadFromUrl`, `update`, `delete`),
 * `actions` (`run`, `get`) and `conversions` (`info`, `convert`). Each method takes a last
 * {@link CallOptions} and makes one request.
 */
export type FileServiceClient = ReturnType<typeof createFileServiceClient>

const enc = encodeURIComponent

/**
 * Creates the typed client. Every method makes exactly one request; retries belong to the hooks.
 * Every method returns a promise and never throws: bad arguments (a Blob FormData refuses, an id
 * that can't be URL-encoded) reject it.
 */
export function createFileServiceClient(options: FileServiceClientOptions) {
  const config: RequestConfig = {
    baseUrl: options.baseUrl,
    token: options.token,
    fetch: options.fetch,
    timeout: options.timeout,
  }
  const root = `/api/v1/projects/${enc(options.projectId)}`
  const call = <T>(init: RequestInit, read: (body: unknown) => T) => request(config, init, read)
  const pageQuery = (p: PageParams = {}) => ({ page: p.page, items: p.items })
  const group = one(toGroup)
  const file = one(toFile)

  return {
    projectId: options.projectId,
    groups: {
      list: async (params?: PageParams, { signal }: CallOptions = {}): Promise<Page<Group>> =>
        call({ method: 'GET', path: `${root}/groups.json`, query: pageQuery(params), signal }, (b) =>
          toPage(b, toGroup),
        ),
      create: async (
        { fileIds }: { fileIds: readonly string[] },
        { signal }: CallOptions = {},
      ): Promise<Group> =>
        call({ method: 'POST', path: `${root}/groups.json`, json: { file_ids: fileIds }, signal }, group),
      get: async (id: string, { signal }: CallOptions = {}): Promise<Group> =>
        call({ method: 'GET', path: `${root}/groups/${enc(id)}.json`, signal }, group),
      update: async (
        id: string,
        { fileIds }: { fileIds: readonly string[] },
        { signal }: CallOptions = {},
      ): Promise<Group> =>
        call(
          { method: 'PUT', path: `${root}/groups/${enc(id)}.json`, json: { file_ids: fileIds }, signal },
          group,
        ),
      delete: async (id: string, { signal }: CallOptions = {}): Promise<void> =>
        call(
          { method: 'DELETE', path: `${root}/groups/${enc(id)}.json`, signal, allowEmpty: true },
          () => undefined,
        ),
      files: async (
        id: string,
        params?: PageParams,
        { signal }: CallOptions = {},
      ): Promise<Page<FileResource>> =>
        call(
          { method: 'GET', path: `${root}/groups/${enc(id)}/files.json`, query: pageQuery(params), signal },
          (b) => toPage(b, toFile),
        ),
    },
    files: {
      list: async (params?: PageParams, { signal }: CallOptions = {}): Promise<Page<FileResource>> =>
        call({ method: 'GET', path: `${root}/files.json`, query: pageQuery(params), signal }, (b) =>
          toPage(b, toFile),
        ),
      get: async (id: string, { signal }: CallOptions = {}): Promise<FileResource> =>
        call({ method: 'GET', path: `${root}/files/${enc(id)}.json`, signal }, file),
      upload: async (
        blob: Blob,
        { name, metadata, expiresAt, onProgress, signal }: UploadOptions = {},
      ): Promise<FileResource> => {
        const form = new FormData()
        form.append('file[content]', blob, name ?? (blob as Partial<File>).name ?? 'file')
        for (const [key, value] of Object.entries(metadata ?? {}))
          form.append(`file[metadata][${key}]`, value)
        if (expiresAt) form.append('file[expires_at]', expiresAt)
        return call({ method: 'POST', path: `${root}/files.json`, form, signal, onProgress }, file)
      },
      uploadFromUrl: async (url: string, { signal }: CallOptions = {}): Promise<FileResource> =>
        call(
          {
            method: 'POST',
            path: `${root}/files.json`,
            form: new URLSearchParams({ 'file[source_url]': url }),
            signal,
          },
          file,
        ),
      update: async (
        id: string,
        { metadata }: { metadata: Record<string, string> },
        { signal }: CallOptions = {},
      ): Promise<FileResource> =>
        call(
          { method: 'PUT', path: `${root}/files/${enc(id)}.json`, json: { file: { metadata } }, signal },
          file,
        ),
      /** Resolves to the removed file, or null when the service answered with no body. */
      delete: async (id: string, { signal }: CallOptions = {}): Promise<FileResource | null> =>
        call({ method: 'DELETE', path: `${root}/files/${enc(id)}.json`, signal, allowEmpty: true }, (b) =>
          b === undefined ? null : file(b),
        ),
    },
    actions: {
      run: async <T extends ActionType>(
        fileId: string,
        type: T,
        { signal }: CallOptions = {},
      ): Promise<Action<T>> =>
        call(
          { method: 'POST', path: `${root}/files/${enc(fileId)}/actions/${enc(type)}.json`, signal },
          one((v) => toAction(v, type)),
        ),
      get: async <T extends ActionType>(
        fileId: string,
        type: T,
        { signal }: CallOptions = {},
      ): Promise<Action<T>> =>
        call(
          { method: 'GET', path: `${root}/files/${enc(fileId)}/actions/${enc(type)}.json`, signal },
          one((v) => toAction(v, type)),
        ),
    },
    conversions: {
      info: async (fileId: string, { signal }: CallOptions = {}): Promise<ConversionsInfo> =>
        call(
          { method: 'GET', path: `${root}/files/${enc(fileId)}/conversions.json`, signal },
          one(toConversionsInfo),
        ),
      /** Starts a conversion; resolves to the new file, `pending` until the service finishes it. */
      convert: async (
        fileId: string,
        kind: ConversionKind,
        recipe: RecipeInput,
        { signal }: CallOptions = {},
      ): Promise<FileResource> =>
        call(
          {
            method: 'POST',
            path: `${root}/files/${enc(fileId)}/conversions/${enc(kind)}.json`,
            form: new URLSearchParams({
              recipe: typeof recipe === 'string' ? recipe : recipeString(recipe),
            }),
            signal,
          },
          file,
        ),
    },
  }
}
