import { HttpResponse, http, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

export const baseUrl = 'http://service.test'

export interface Captured {
  method: string
  url: URL
  headers: Headers
  request: Request
}

/**
 * An MSW server that records every request to `baseUrl` and answers with `reply`
 * (a body and status), so a test can check exactly what the client sent.
 */
export function captureServer() {
  const seen: Captured[] = []
  let reply: (req: Request) => Response | Promise<Response> = () =>
    HttpResponse.json({ errors: ['no reply set'] }, { status: 500 })
  const server = setupServer(
    http.all(`${baseUrl}/*`, ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        request: request.clone(),
      })
      return reply(request)
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    seen.length = 0
  })
  afterAll(() => server.close())
  return {
    seen,
    last: () => {
      const captured = seen.at(-1)
      if (!captured) throw new Error('no request was made')
      return captured
    },
    answer(body: JsonBodyType | null, init: ResponseInit = {}) {
      reply = () => (body === null ? new HttpResponse(null, init) : HttpResponse.json(body, init))
    },
    answerWith(fn: (req: Request) => Response | Promise<Response>) {
      reply = fn
    },
  }
}
