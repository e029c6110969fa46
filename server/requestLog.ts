type Handler = (request: Request) => Promise<Response>

/**
 * One line per request: method, path, status, milliseconds. Only the path is logged: tokens
 * travel in the Authorization header, and the query (which could carry anything) is left out.
 */
export function withRequestLog(handler: Handler, write: (line: string) => void): Handler {
  return async (request) => {
    const started = performance.now()
    const response = await handler(request)
    const { pathname } = new URL(request.url)
    write(`${request.method} ${pathname} ${response.status} ${(performance.now() - started).toFixed(1)}ms`)
    return response
  }
}
