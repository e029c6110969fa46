// A host of the emulator, as the contract suite sees it: requests over `fetch` to `baseUrl`,
// and the control routes to seed, advance the clock and inject faults.

export interface Answer {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: the suite reads JSON bodies of many shapes
  body: any
  bytes: Uint8Array
}

export interface CallInit {
  token?: string | undefined
  json?: unknown
  /** A raw body with its content type. */
  raw?: { body: BodyInit; type: string }
  form?: FormData | URLSearchParams
  headers?: Record<string, string>
}

export interface ContractHost {
  name: string
  baseUrl: string
  projectId: string
  secretKey: string
  /** Whether images are really re-encoded (sharp) rather than relabelled (simulated engines). */
  realImages: boolean
  /** Largest accepted upload, as the host was started. */
  maxUploadBytes: number
  stop(): Promise<void>
}

/** One request to the host; the body is parsed as JSON when it is JSON. */
export async function call(
  host: ContractHost,
  method: string,
  path: string,
  init: CallInit = {},
): Promise<Answer> {
  const headers = new Headers(init.headers)
  if (init.token !== undefined) headers.set('Authorization', `Bearer ${init.token}`)
  let body: BodyInit | null = null
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(init.json)
  } else if (init.raw) {
    headers.set('Content-Type', init.raw.type)
    body = init.raw.body
  } else if (init.form) body = init.form
  const url =
    path.startsWith('/api') || path.startsWith('/cdn') || path.startsWith('/__') || path === '/'
      ? `${host.baseUrl}${path}`
      : `${host.baseUrl}/api/v1/projects/${host.projectId}${path}`
  const response = await fetch(url, { method, headers, body })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let parsed: unknown = text
  if ((response.headers.get('Content-Type') ?? '').includes('json') && text) parsed = JSON.parse(text)
  return { status: response.status, headers: response.headers, body: parsed, bytes }
}

/** POST to a control route with the secret key; throws unless it answers 2xx. */
export async function control(host: ContractHost, route: string, json: unknown = {}) {
  const answer = await call(host, 'POST', `/__emulator/${route}`, { token: host.secretKey, json })
  if (answer.status >= 300)
    throw new Error(`control ${route} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}
