import { http } from 'msw'
import type { FileServiceEmulator } from './createFileServiceEmulator.js'

/** Options of {@link createFileServiceHandlers}. */
export interface FileServiceHandlersOptions {
  /**
   * Where the app under test sends requests: the service origin, optionally with a path prefix;
   * relative to the page in a browser or jsdom (`/operator-api`).
   */
  baseUrl: string
}

/**
 * MSW handlers that answer every request under `baseUrl` with the emulator, e.g.
 * `setupServer(...createFileServiceHandlers(emulator, { baseUrl }))`.
 */
export function createFileServiceHandlers(
  emulator: FileServiceEmulator,
  { baseUrl }: FileServiceHandlersOptions,
) {
  let base: URL
  try {
    // A relative one (a host's proxy path, as the provider takes it) is the page's: in a browser
    // or jsdom; Node has no page.
    base = new URL(baseUrl, globalThis.location?.href)
  } catch {
    throw new TypeError(
      `createFileServiceHandlers: baseUrl "${baseUrl}" is not a URL here. A relative one needs a page's address (a browser, jsdom); in Node give the absolute URL your client uses.`,
    )
  }
  const prefix = base.pathname.replace(/\/+$/, '')
  return [
    // A pattern without groups: MSW decodes a path string's parameters and a malformed URL (a
    // bare `%`) would throw there, a 500 before the emulator could answer its clear 400.
    http.all(
      new RegExp(`^${`${base.origin}${prefix}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      async ({ request }) => {
        const url = new URL(request.url)
        url.pathname = url.pathname.slice(prefix.length) || '/'
        // Re-create the request at the emulator's own path; the body is passed through untouched,
        // with the length it has (a streamed one had none), as an HTTP server would see it.
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
        const body = hasBody ? await request.arrayBuffer() : null
        // From its entries: `new Headers(request.headers)` loses Authorization under MSW.
        const headers = new Headers([...request.headers])
        if (body) headers.set('Content-Length', String(body.byteLength))
        const inner = new Request(url, { method: request.method, headers, body, signal: request.signal })
        // The prefix goes along, so the URLs in answers (original_url…) point back under it.
        return emulator.fetch(inner, { basePath: prefix })
      },
    ),
  ]
}
