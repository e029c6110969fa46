// How large a request body may be, per route, for every host: the core measures the bodies it
// reads against it, and a host that refuses a body before the core sees it (the server, by
// Content-Length or while counting a stream) answers the same 413 with the same words.

/** Room for the multipart envelope around an uploaded file; the file itself is measured exactly. */
export const uploadEnvelope = 64 * 1024

const uploadRoute = /^\/api\/v1\/projects\/[^/]+\/files\.json$/

/**
 * The largest body a request to `path` may carry and the 413's message past it: an upload
 * (`POST …/files.json`) may be `maxUploadBytes` plus its envelope, any other body (JSON, a
 * conversion's form) `maxUploadBytes`.
 */
export function bodyLimit(method: string, path: string, maxUploadBytes: number) {
  return method === 'POST' && uploadRoute.test(path)
    ? {
        bytes: maxUploadBytes + uploadEnvelope,
        message: `The upload is larger than the limit of ${maxUploadBytes} bytes.`,
      }
    : {
        bytes: maxUploadBytes,
        message: `The request body is larger than the limit of ${maxUploadBytes} bytes.`,
      }
}
