// The only code that performs HTTP. Every client method goes through request().

import { errorForStatus, FileServiceError } from './errors.js'
import { ShapeError } from './map.js'

/** A token, or a function returning one (sync or async), called for every request so tokens can rotate. */
export type TokenSource =
  | string
  | null
  | undefined
  | (() => string | null | undefined | Promise<string | null | undefined>)

export interface RequestConfig {
  baseUrl: string
  token?: TokenSource
  fetch?: typeof globalThis.fetch
}

/** Upload progress in bytes. `total` is 0 when unknown. */
export interface UploadProgress {
  loaded: number
  total: number
}

export interface RequestInit {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path below `baseUrl`, already URL-encoded. */
  path: string
  query?: Record<string, number | string | undefined>
  json?: unknown
  form?: FormData | URLSearchParams
  signal?: AbortSignal | undefined
  /** When given and XMLHttpRequest exists (and no custom fetch was configured), the body is sent with XHR to report progress. */
  onProgress?: ((progress: UploadProgress) => void) | undefined
  /** A 204 or empty 2xx body is success (resolves to undefined). */
  allowEmpty?: boolean
}

async function resolveToken(token: TokenSource, signal: AbortSignal | undefined): Promise<string | null> {
  if (typeof token !== 'function') return token || null
  // A token function that hangs (a stuck refresh) must not hold the request past its signal.
  const pending = Promise.resolve(token())
  if (!signal) return (await pending) || null
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    pending
      .then((value) => resolve(value || null), reject)
      .finally(() => signal.removeEventListener('abort', abort))
  })
}

function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

function messagesOf(body: unknown): string[] {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined
  if (!Array.isArray(errors)) return []
  return errors.flatMap((e) => {
    if (typeof e === 'string') return [e]
    // JSON:API error objects: prefer detail, then title.
    if (typeof e === 'object' && e !== null) {
      const { detail, title } = e as { detail?: unknown; title?: unknown }
      const text = typeof detail === 'string' ? detail : typeof title === 'string' ? title : null
      return text ? [text] : []
    }
    return []
  })
}

function sendWithXhr(
  url: string,
  init: { method: string; headers: Headers; body: FormData | URLSearchParams | string | null },
  signal: AbortSignal | undefined,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abortReason = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError')
    if (signal?.aborted) return reject(abortReason())
    const xhr = new XMLHttpRequest()
    xhr.open(init.method, url)
    xhr.responseType = 'text'
    init.headers.forEach((value, key) => {
      xhr.setRequestHeader(key, value)
    })
    const onAbort = () => xhr.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => signal?.removeEventListener('abort', onAbort)
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    xhr.onload = () => {
      done()
      // request() reads only the status, the body and Retry-After.
      const retryAfter = xhr.getResponseHeader('Retry-After')
      const headers = new Headers(retryAfter ? { 'Retry-After': retryAfter } : {})
      const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304
      resolve(new Response(nullBody ? null : xhr.responseText, { status: xhr.status, headers }))
    }
    // Same types fetch would give: TypeError for the network, the signal's reason for an abort.
    xhr.onerror = () => {
      done()
      reject(new TypeError('Network request failed'))
    }
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => {
      done()
      reject(abortReason())
    }
    xhr.send(init.body)
  })
}

/**
 * Performs one HTTP request against the service and reads the answer with `read`.
 * Throws the FileServiceError family for non-2xx answers and unreadable bodies.
 */
export async function request<T>(
  config: RequestConfig,
  init: RequestInit,
  read: (body: unknown) => T,
): Promise<T> {
  const { method, path, signal } = init
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(init.query ?? {})) {
    if (value !== undefined) query.set(key, String(value))
  }
  const target = query.size ? `${path}?${query}` : path
  const url = config.baseUrl.replace(/\/+$/, '') + target

  const headers = new Headers({ Accept: 'application/json' })
  const token = await resolveToken(config.token, signal)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let body: FormData | URLSearchParams | string | null = null
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
  } else if (init.form) body = init.form

  signal?.throwIfAborted()
  const response =
    init.onProgress && !config.fetch && typeof XMLHttpRequest !== 'undefined'
      ? await sendWithXhr(url, { method, headers, body }, signal, init.onProgress)
      : await (config.fetch ?? globalThis.fetch)(url, { method, headers, body, signal: signal ?? null })

  const text = await response.text()
  const parsed = text ? parseJson(text) : null
  const context = { status: response.status, method, path: target }

  if (!response.ok) {
    const json = parsed?.ok ? parsed.value : undefined
    throw errorForStatus({
      ...context,
      messages: messagesOf(json),
      body: parsed?.ok ? json : text,
      retryAfter: retryAfterSeconds(response.headers.get('Retry-After')),
    })
  }
  if (!parsed) {
    if (init.allowEmpty) return read(undefined)
    throw new FileServiceError({ ...context, code: 'invalid_response', messages: ['The answer was empty.'] })
  }
  if (!parsed.ok) {
    throw new FileServiceError({
      ...context,
      code: 'invalid_response',
      body: text,
      messages: ['The answer is not JSON.'],
    })
  }
  try {
    return read(parsed.value)
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error
    throw new FileServiceError({
      ...context,
      code: 'invalid_response',
      body: parsed.value,
      messages: [error.message],
    })
  }
}
