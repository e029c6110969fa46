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

/**
 * Collects lines and writes them together once per turn of the event loop (`flush()` writes
 * what is waiting at once): under load one write carries many requests' lines, instead of a
 * write to stdout per request, which cost about as much as answering a list.
 */
export function batchLines(write: (text: string) => void) {
  let waiting: string[] = []
  const flush = () => {
    if (!waiting.length) return
    const text = waiting.join('\n')
    waiting = []
    write(text)
  }
  return {
    line(line: string) {
      if (waiting.push(line) === 1) setImmediate(flush)
    },
    flush,
  }
}
