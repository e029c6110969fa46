// The only code that performs HTTP. Every client method goes through request().

import { errorForStatus, FileServiceError, RequestRefusedError } from './errors.js'
import { ShapeError } from './map.js'

/** A token, or a function returning one (sync or async), called for every request so tokens can rotate. */
export type TokenSource =
  | string
  | null
  | undefined
  | (() => string | null | undefined | Promise<string | null | undefined>)

export interface RequestConfig {
  baseUrl: string
  token?: TokenSource | undefined
  fetch?: typeof globalThis.fetch | undefined
  /** See `FileServiceClientOptions.timeout`. @default 30000 */
  timeout?: number | undefined
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
  /** Upload progress. A FormData body (an upload) is sent with XHR when it exists and no custom fetch was configured. */
  onProgress?: ((progress: UploadProgress) => void) | undefined
  /** A 204 or empty 2xx body is success (resolves to undefined). */
  allowEmpty?: boolean
}

/** `work`, or the signal's reason as soon as it aborts (a stuck token refresh must not hold a request). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  return new Promise((resolve, reject) => {
    signal.throwIfAborted() // rejects with the reason: the executor threw
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), or null. */
function retryAfterSeconds(headers: Headers): number | null {
  const header = headers.get('Retry-After')
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  // A date is the service's clock: read it against the answer's own Date when there is one, not
  // ours (a service clock 2 min behind made 'in 30 s' a date past). One not ahead says nothing
  // (null: the usual backoff), not "ask again at once".
  const wait = Date.parse(header) - (Date.parse(headers.get('Date') ?? '') || Date.now())
  return wait > 0 ? Math.ceil(wait / 1000) : null
}

/** The human-readable messages of an `{errors: [...]}` body: strings, or JSON:API objects' detail (else title). */
function messagesOf(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return []
  return errors
    .map((e) => {
      const { detail, title } = (e ?? {}) as { detail?: unknown; title?: unknown }
      return typeof e === 'string' ? e : typeof detail === 'string' ? detail : title
    })
    .filter((m): m is string => typeof m === 'string')
}

/** Sends the request with XHR to report upload progress; request() has checked the signal just before. */
function sendWithXhr(
  url: string,
  init: { method: string; headers: Headers; body: FormData | URLSearchParams | string | null },
  signal: AbortSignal,
  onProgress: (progress: UploadProgress) => void,
  onSent: () => void,
): Promise<Response> {
  // Resolved as XHR resolves it (a page's <base href> counts), to compare with where it ended.
  const target = new URL(url, globalThis.document?.baseURI ?? location.href).href
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method, target)
    init.headers.forEach((value, key) => {
      xhr.setRequestHeader(key, value)
    })
    const onAbort = () => xhr.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    // After load, error and abort alike.
    xhr.onloadend = () => signal.removeEventListener('abort', onAbort)
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 })
    xhr.upload.onload = onSent
    xhr.onload = () => {
      // XHR follows redirects by itself (the body has gone): at least the answer from elsewhere
      // is not taken, as fetch's `redirect: 'error'`.
      if (xhr.responseURL && xhr.responseURL !== target) return reject(new RequestRefusedError('Redirected'))
      // request() reads only the status, the body, Retry-After and Date: from the headers CORS
      // lets us read (getResponseHeader of another logs an error in Chrome). An empty body is
      // null: a Response with a null-body status (204, 205, 304) refuses any other.
      const headers = new Headers()
      for (const [, name, value] of xhr.getAllResponseHeaders().matchAll(/^(retry-after|date): *(.*)/gim))
        headers.set(name!, value!)
      resolve(new Response(xhr.responseText || null, { status: xhr.status, headers }))
    }
    // Same types fetch would give: TypeError for the network, the signal's reason for an abort.
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.onabort = () => reject(signal.reason)
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
  // An id of dots (`groups/../files.json`) would move the request, token and all, to another endpoint.
  if (/\/\.\.?(\/|$)/.test(path)) throw new RequestRefusedError(`Not a path of the service: ${path}`)
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(init.query ?? {})) {
    if (value !== undefined) query.set(key, String(value))
  }
  // Not `query.size`: Safari before 17 and Chrome before 113 have none, and every page would be the first.
  const search = `${query}`
  const target = search ? `${path}?${search}` : path
  const url = config.baseUrl.replace(/\/+$/, '') + target

  const headers = new Headers({ Accept: 'application/json' })
  let body: FormData | URLSearchParams | string | null = null
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
  } else if (init.form) body = init.form

  signal?.throwIfAborted()
  // A watchdog: a service that takes the request and never answers (or an upload whose bytes stop
  // moving) must not leave the UI waiting for ever. It aborts a signal of our own, which the
  // caller's aborts too, with the caller's reason.
  const controller = new AbortController()
  const cancel = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', cancel, { once: true })
  const limit = config.timeout ?? 30_000
  const upload = body instanceof FormData
  const xhr = upload && !config.fetch && typeof XMLHttpRequest !== 'undefined'
  // A POST may have been done when no answer comes (a second group, a second upload): it waits
  // twice as long, and its error says so, unless its bytes visibly never all went out.
  const answerWait = method === 'POST' ? limit * 2 : limit
  let timer: ReturnType<typeof setTimeout> | undefined
  let timedOut: FileServiceError | undefined
  // What the request waits for, at most `ms`. Waiting for the token, or for bytes seen not all
  // sent, nothing was done; waiting for the answer, a POST may have been.
  const arm = (ms: number, waiting: 'token' | 'upload progress' | 'answer') => {
    clearTimeout(timer)
    // 0 or Infinity: no limit (a timer past 2^31 ms would fire at once).
    if (ms > 0 && ms < 2 ** 31)
      timer = setTimeout(() => {
        timedOut = new FileServiceError({
          status: 0,
          code: waiting === 'answer' && method === 'POST' ? 'unconfirmed' : 'timeout',
          messages: [`No ${waiting} in ${ms / 1000} s.`],
          method,
          path: target,
        })
        controller.abort()
      }, ms)
  }
  let response: Response
  let text: string
  try {
    // A token function that never returns must not hold the request for ever either.
    arm(limit, 'token')
    const token =
      typeof config.token === 'function'
        ? await untilAborted(Promise.resolve(config.token()), controller.signal)
        : config.token
    // Headers.set quotes a value it refuses (a line break, a character past Latin-1): the token
    // would end up in the error, and in the host's logs.
    if (token)
      try {
        headers.set('Authorization', `Bearer ${token}`)
      } catch {
        throw new RequestRefusedError('The token has characters an HTTP header cannot carry (a line break?).')
      }
    // An upload through fetch shows no progress: a slow one can't be told from a stalled one.
    arm(upload && !xhr ? 0 : answerWait, 'answer')
    // untilAborted: a custom fetch may not heed the signal.
    response = await untilAborted(
      xhr
        ? sendWithXhr(
            url,
            { method, headers, body },
            controller.signal,
            (progress) => {
              if (progress.loaded < progress.total) arm(limit, 'upload progress')
              else arm(answerWait, 'answer')
              init.onProgress?.(progress)
            },
            () => arm(answerWait, 'answer'),
          )
        : // The service never redirects: following one would send the body, and take the answer,
          // wherever it points (only Authorization is dropped on the way to another origin).
          (config.fetch ?? globalThis.fetch)(url, {
            method,
            headers,
            body,
            signal: controller.signal,
            redirect: 'error',
          }),
      controller.signal,
    )
    text = await untilAborted(response.text(), controller.signal)
  } catch (error) {
    // The caller's abort rejects with its reason, as its own signal would have.
    throw timedOut ?? (signal?.aborted ? signal.reason : error)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
  const context = { status: response.status, method, path: target }
  let json: unknown
  let readable = !!text
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    readable = false
  }

  if (!response.ok) {
    throw errorForStatus({
      ...context,
      messages: messagesOf(json),
      body: readable ? json : text,
      retryAfter: retryAfterSeconds(response.headers),
    })
  }
  if (!text && init.allowEmpty) return read(undefined)
  const invalid = (message: string, body?: unknown) =>
    new FileServiceError({ ...context, code: 'invalid_response', body, messages: [message] })
  if (!text) throw invalid('The answer was empty.')
  if (!readable) throw invalid('The answer is not JSON.', text)
  try {
    return read(json)
  } catch (error) {
    throw error instanceof ShapeError ? invalid(error.message, json) : error
  }
}
