// One error family for every non-2xx answer and every answer the client cannot read.
// Network errors and aborts keep their native types (TypeError, DOMException); what the client
// refuses itself is a RequestRefusedError, a TypeError too.

/**
 * {@link FileServiceError.code}: one per status the service uses (`not_found` for 404, …), any 5xx
 * `server_error`, `http_<status>` for any other status, `invalid_response` for a 2xx answer
 * that is not what the contract says, and, with `status` 0, `timeout` for no answer in time to
 * a request that is safe to send again (a read, a replacing PUT, a DELETE, or an upload whose
 * bytes stopped moving before they were all sent) and `unconfirmed` for no answer in time to a
 * write that may have been done all the same (a POST: create a group, upload, run, convert).
 */
export type FileServiceErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'server_error'
  | 'invalid_response'
  | 'timeout'
  | 'unconfirmed'
  | `http_${number}`

/** What a {@link FileServiceError} is made from; each field becomes the property of the same name. */
export interface FileServiceErrorInit {
  status: number
  code: FileServiceErrorCode
  messages?: string[] | undefined
  body?: unknown
  method: string
  path: string
  /** Seconds, for {@link RateLimitError}. */
  retryAfter?: number | null | undefined
}

/**
 * A non-2xx answer, a 2xx answer that is not what the contract says (`code: 'invalid_response'`),
 * or no answer within the client's `timeout` (`status` 0, `code: 'timeout'` or `'unconfirmed'`).
 */
export class FileServiceError extends Error {
  override name = 'FileServiceError'
  // `declare`: the constructor assigns every field, so no field initialisers need emitting.
  /** HTTP status (the real one, also for `invalid_response`); 0 when no answer came in time. */
  declare readonly status: number
  /** Machine-readable: `unauthorized`, `forbidden`, `not_found`, `bad_request`, `conflict`, `payload_too_large`, `unsupported_media_type`, `unprocessable`, `rate_limited`, `server_error` (any 5xx), `invalid_response`, `http_<status>` for any other status, or `timeout` / `unconfirmed` when no answer came in time (see {@link FileServiceErrorCode}). */
  declare readonly code: FileServiceErrorCode
  /** Human-readable messages from the answer's `errors` array; empty when it had none. */
  declare readonly messages: string[]
  /** The parsed JSON body, or the text when it was not JSON. */
  declare readonly body: unknown
  /** Request method, e.g. `PUT`. */
  declare readonly method: string
  /** Request path and query (never carries a token). */
  declare readonly path: string

  constructor(init: FileServiceErrorInit) {
    const messages = init.messages ?? []
    super(
      `${init.method} ${init.path} failed with ${init.status}${messages.length ? `: ${messages.join('; ')}` : ` (${init.code})`}`,
    )
    this.status = init.status
    this.code = init.code
    this.messages = messages
    this.body = init.body
    this.method = init.method
    this.path = init.path
  }
}

/** 401 or 403: the token is missing, wrong, or does not reach this resource. */
export class AuthError extends FileServiceError {
  override name = 'AuthError'
}

/** 404. */
export class NotFoundError extends FileServiceError {
  override name = 'NotFoundError'
}

/** 400 or 422: the request was refused as invalid; `messages` say why. */
export class ValidationError extends FileServiceError {
  override name = 'ValidationError'
}

/** 429. */
export class RateLimitError extends FileServiceError {
  override name = 'RateLimitError'
  // `declare`: assigned in the constructor, as above.
  /**
   * Seconds to wait, from the `Retry-After` header (a date counts from the answer's `Date` header,
   * else from this machine's clock); null when absent, unreadable, or a date not ahead.
   */
  declare readonly retryAfter: number | null

  constructor(init: FileServiceErrorInit) {
    super(init)
    this.retryAfter = init.retryAfter ?? null
  }
}

/**
 * A request the client refuses to send, or an answer it refuses to take (one from where a
 * redirect pointed). A TypeError, as fetch's own; asking again can't mend it, so it is not retried.
 */
export class RequestRefusedError extends TypeError {}

/** No answer came in time to a write that may have been done all the same (a POST): not to be called failed. */
export const isUnconfirmed = (error: unknown) => isFileServiceError(error) && error.code === 'unconfirmed'

/** The network's own failure (fetch's or XHR's `TypeError`), not a request the client refused to send. */
export const isNetworkError = (error: unknown) =>
  error instanceof TypeError && !(error instanceof RequestRefusedError)

/** Narrows `error` to the FileServiceError family. */
export function isFileServiceError(error: unknown): error is FileServiceError {
  return error instanceof FileServiceError
}

type ErrorClass = new (init: FileServiceErrorInit) => FileServiceError

// The `code` of each status with one, and its subclass where it has one.
const statuses: Record<number, [code: FileServiceErrorCode, errorClass?: ErrorClass]> = {
  400: ['bad_request', ValidationError],
  401: ['unauthorized', AuthError],
  403: ['forbidden', AuthError],
  404: ['not_found', NotFoundError],
  409: ['conflict'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['unprocessable', ValidationError],
  429: ['rate_limited', RateLimitError],
}

/** Builds the right subclass for a non-2xx status. */
export function errorForStatus(init: Omit<FileServiceErrorInit, 'code'>): FileServiceError {
  const { status } = init
  const [code = status >= 500 ? 'server_error' : `http_${status}`, ErrorClass = FileServiceError] =
    statuses[status] ?? []
  return new ErrorClass({ ...init, code })
}
