import { describe, expect, it } from 'vitest'
import {
  AuthError,
  createFileServiceClient,
  FileServiceError,
  isFileServiceError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../../src/index.ts'
import { baseUrl, captureServer } from './capture.ts'
import { pagination, projectId, recognizeResult, wireAction, wireFile, wireGroup } from './fixtures.ts'

const svc = captureServer()
const root = `/api/v1/projects/${projectId}`
const client = (token: Parameters<typeof createFileServiceClient>[0]['token'] = 'secret-key') =>
  createFileServiceClient({ baseUrl, projectId, token })

describe('requests', () => {
  it.each([
    [
      'groups.list',
      (c: ReturnType<typeof client>) => c.groups.list({ page: 2, items: 5 }),
      'GET',
      `${root}/groups.json?page=2&items=5`,
    ],
    ['groups.get', (c: ReturnType<typeof client>) => c.groups.get('g-1'), 'GET', `${root}/groups/g-1.json`],
    [
      'groups.delete',
      (c: ReturnType<typeof client>) => c.groups.delete('g-1'),
      'DELETE',
      `${root}/groups/g-1.json`,
    ],
    [
      'groups.files',
      (c: ReturnType<typeof client>) => c.groups.files('g-1', { page: 3 }),
      'GET',
      `${root}/groups/g-1/files.json?page=3`,
    ],
    ['files.list', (c: ReturnType<typeof client>) => c.files.list(), 'GET', `${root}/files.json`],
    ['files.get', (c: ReturnType<typeof client>) => c.files.get('f-1'), 'GET', `${root}/files/f-1.json`],
    [
      'files.delete',
      (c: ReturnType<typeof client>) => c.files.delete('f-1'),
      'DELETE',
      `${root}/files/f-1.json`,
    ],
    [
      'actions.run',
      (c: ReturnType<typeof client>) => c.actions.run('f-1', 'recognize'),
      'POST',
      `${root}/files/f-1/actions/recognize.json`,
    ],
    [
      'actions.get',
      (c: ReturnType<typeof client>) => c.actions.get('f-1', 'virus_scan'),
      'GET',
      `${root}/files/f-1/actions/virus_scan.json`,
    ],
    [
      'conversions.info',
      (c: ReturnType<typeof client>) => c.conversions.info('f-1'),
      'GET',
      `${root}/files/f-1/conversions.json`,
    ],
  ])('%s sends %s to the right path with the bearer token', async (_name, call, method, path) => {
    svc.answer({ errors: ['stop here'] }, { status: 500 })
    await call(client()).catch(() => {})
    const req = svc.last()
    expect(req.method).toBe(method)
    expect(req.url.pathname + req.url.search).toBe(path)
    expect(req.headers.get('authorization')).toBe('Bearer secret-key')
    expect(req.headers.get('accept')).toBe('application/json')
  })

  it('sends the page in browsers without URLSearchParams.size (Safari 16, Chrome 112)', async () => {
    const size = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size')!
    Reflect.deleteProperty(URLSearchParams.prototype, 'size')
    try {
      svc.answer({ errors: ['stop here'] }, { status: 500 })
      await client()
        .files.list({ page: 2, items: 5 })
        .catch(() => {})
      expect(svc.last().url.search).toBe('?page=2&items=5')
    } finally {
      Object.defineProperty(URLSearchParams.prototype, 'size', size)
    }
  })

  it('sends group file ids as JSON {"file_ids": [...]} on create and update', async () => {
    svc.answer({ data: wireGroup() })
    await client().groups.create({ fileIds: ['f-1', 'f-2'] })
    let req = svc.last()
    expect(req.method).toBe('POST')
    expect(req.url.pathname).toBe(`${root}/groups.json`)
    expect(req.headers.get('content-type')).toBe('application/json')
    expect(await req.request.json()).toEqual({ file_ids: ['f-1', 'f-2'] })

    await client().groups.update('g-1', { fileIds: ['f-2', 'f-1'] })
    req = svc.last()
    expect(req.method).toBe('PUT')
    expect(req.url.pathname).toBe(`${root}/groups/g-1.json`)
    expect(await req.request.json()).toEqual({ file_ids: ['f-2', 'f-1'] })
  })

  it('uploads a Blob as multipart file[content] with metadata and expiry', async () => {
    svc.answer({ data: wireFile() })
    const blob = new Blob(['hello'], { type: 'text/plain' })
    await client(null).files.upload(blob, {
      name: 'hello.txt',
      metadata: { a: '1', b: 'two' },
      expiresAt: '2027-01-01T00:00:00Z',
    })
    const req = svc.last()
    expect(req.method).toBe('POST')
    expect(req.url.pathname).toBe(`${root}/files.json`)
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const form = await req.request.formData()
    const content = form.get('file[content]') as File
    expect(content.name).toBe('hello.txt')
    expect(content.type).toBe('text/plain')
    expect(await content.text()).toBe('hello')
    expect(form.get('file[metadata][a]')).toBe('1')
    expect(form.get('file[metadata][b]')).toBe('two')
    expect(form.get('file[expires_at]')).toBe('2027-01-01T00:00:00Z')
  })

  it('uses the File name when no name is given', async () => {
    svc.answer({ data: wireFile() })
    await client().files.upload(new File(['x'], 'photo.png', { type: 'image/png' }))
    expect(((await svc.last().request.formData()).get('file[content]') as File).name).toBe('photo.png')
  })

  it('uploads from a URL as the form field file[source_url]', async () => {
    svc.answer({ data: wireFile() })
    await client().files.uploadFromUrl('https://example.com/a.png')
    const form = await svc.last().request.formData()
    expect(form.get('file[source_url]')).toBe('https://example.com/a.png')
  })

  it('updates metadata as JSON {"file": {"metadata": {...}}}', async () => {
    svc.answer({ data: wireFile() })
    await client().files.update('f-1', { metadata: { k: 'v' } })
    const req = svc.last()
    expect(req.method).toBe('PUT')
    expect(await req.request.json()).toEqual({ file: { metadata: { k: 'v' } } })
  })

  it.each(['image', 'video', 'document', 'remove_bg'] as const)(
    'starts a %s conversion with the form field recipe',
    async (kind) => {
      svc.answer({ data: wireFile('f-NEW') })
      const file = await client().conversions.convert('f-1', kind, '/-/format/webp/')
      const req = svc.last()
      expect(req.method).toBe('POST')
      expect(req.url.pathname).toBe(`${root}/files/f-1/conversions/${kind}.json`)
      expect(req.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
      expect((await req.request.formData()).get('recipe')).toBe('/-/format/webp/')
      expect(file.id).toBe('f-NEW')
    },
  )

  it('sends a Recipe object as its recipe string, empty arguments left out', async () => {
    svc.answer({ data: wireFile('f-NEW') })
    await client().conversions.convert('f-1', 'video', {
      kind: 'video',
      operations: [
        { name: 'format', args: ['webm'] },
        { name: 'thumbs', args: ['4', ' '] },
      ],
    })
    expect((await svc.last().request.formData()).get('recipe')).toBe('/format/webm/-/thumbs~4/')
  })

  it('URL-encodes ids and the project so they cannot change the path', async () => {
    svc.answer({ errors: ['x'] }, { status: 404 })
    const c = createFileServiceClient({ baseUrl: `${baseUrl}/proxy/`, projectId: 'p/1', token: 't' })
    await c.groups.get('../files?x=1#y').catch(() => {})
    expect(svc.last().url.pathname).toBe('/proxy/api/v1/projects/p%2F1/groups/..%2Ffiles%3Fx%3D1%23y.json')
    expect(svc.last().url.search).toBe('')
  })

  it('sends no Authorization header without a token', async () => {
    svc.answer({ data: wireGroup() })
    await createFileServiceClient({ baseUrl, projectId }).groups.create({ fileIds: ['f-1'] })
    expect(svc.last().headers.has('authorization')).toBe(false)
    await client('').groups.create({ fileIds: ['f-1'] })
    expect(svc.last().headers.has('authorization')).toBe(false)
  })

  it('calls a token function for every request, awaiting async ones', async () => {
    svc.answer({ data: wireGroup() })
    let n = 0
    const c = client(async () => {
      await new Promise((r) => setTimeout(r, 1))
      return `gat-token-${++n}`
    })
    await c.groups.get('g-1')
    await c.groups.get('g-1')
    expect(svc.seen.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer gat-token-1',
      'Bearer gat-token-2',
    ])
    const sync = client(() => 'sync-token')
    await sync.groups.get('g-1')
    expect(svc.last().headers.get('authorization')).toBe('Bearer sync-token')
  })

  it('never puts the token in the URL', async () => {
    svc.answer({ data: wireGroup() })
    await client('gat-secret-value')
      .groups.files('g-1', { page: 1, items: 5 })
      .catch(() => {})
    expect(svc.last().url.href).not.toContain('gat-secret-value')
  })

  it('uses a custom fetch when given', async () => {
    svc.answer({ data: wireGroup() })
    const calls: string[] = []
    const c = createFileServiceClient({
      baseUrl,
      projectId,
      fetch: (input, init) => {
        calls.push(String(input))
        return fetch(input, init)
      },
    })
    await c.groups.get('g-1')
    expect(calls).toEqual([`${baseUrl}${root}/groups/g-1.json`])
  })
})

describe('mapping the real service answers', () => {
  it('maps a group with its access token', async () => {
    svc.answer({ data: wireGroup('g-1', { authentication: { access_token: 'gat-XYZ' } }) })
    expect(await client().groups.create({ fileIds: ['f-1'] })).toEqual({
      id: 'g-1',
      uuid: '3f2f8a6c-1111-4a8e-9a3e-0c1d2e3f4a5b~2',
      status: 'ready',
      projectId,
      accessToken: 'gat-XYZ',
    })
  })

  // The real service's create (and any read before its job has built the group) answers with
  // uuid null; the group exists, and the answer carries the only copy of its gat- token.
  it.each([
    ['null', { uuid: null }],
    ['absent', {}],
  ])('maps a group not built yet (uuid %s) to uuid null', async (_name, uuid) => {
    const pending = wireGroup('g-1', { authentication: { access_token: 'gat-XYZ' } })
    svc.answer({ data: { ...pending, attributes: { ...uuid, status: 'pending' } } })
    expect(await client().groups.create({ fileIds: ['f-1'] })).toEqual({
      id: 'g-1',
      uuid: null,
      status: 'pending',
      projectId,
      accessToken: 'gat-XYZ',
    })
    svc.answer({
      data: [{ ...pending, attributes: { uuid: null, status: 'pending' } }],
      pagination: pagination(1, 1, 20),
    })
    expect((await client().groups.list()).data[0]!.uuid).toBeNull()
  })

  it('leaves accessToken out when the answer has none', async () => {
    svc.answer({ data: wireGroup('g-1') })
    expect(await client().groups.get('g-1')).not.toHaveProperty('accessToken')
  })

  it('maps a page of groups with pagination.items as pageSize', async () => {
    svc.answer({ data: [wireGroup('g-1'), wireGroup('g-2')], pagination: pagination(42, 2, 20) })
    const page = await client().groups.list({ page: 2 })
    expect(page).toMatchObject({ count: 42, page: 2, pageSize: 20, pages: 3 })
    expect(page.data.map((g) => g.id)).toEqual(['g-1', 'g-2'])
  })

  it('maps every file field to its camelCase name', async () => {
    svc.answer({ data: wireFile() })
    expect(await client().files.get('f-1')).toEqual({
      id: 'f-BBBBBBBBBBBBBBBBBBBBBB',
      uuid: '0d5b2c1e-2222-4c6f-8f2e-8b7a6c5d4e3f',
      status: 'ready',
      isImage: true,
      mime: { mime: 'image/png', type: 'image', subtype: 'png' },
      originalUrl: 'https://ucarecdn.com/0d5b2c1e-2222-4c6f-8f2e-8b7a6c5d4e3f/',
      originalName: 'blank.png',
      size: 1234,
      metadata: { purpose: 'avatar' },
      content: {
        image: {
          width: 640,
          height: 480,
          format: 'PNG',
          colorMode: 'RGBA',
          orientation: null,
          dpi: [72, 72],
        },
        video: null,
      },
      createdAt: '2026-11-01T10:00:00.000Z',
      uploadedAt: '2026-11-01T10:00:01.000Z',
      removedAt: null,
      expiresAt: null,
      projectId,
      accessToken: 'fat-CCCCCCCCCCCCCCCCCCCCCC',
    })
  })

  it('maps a pending action with a null result', async () => {
    svc.answer({ data: wireAction('moderate') })
    expect(await client().actions.run('f-1', 'moderate')).toEqual({
      id: 'a-DDDDDDDDDDDDDDDDDDDDDD',
      actionType: 'moderate',
      status: 'pending',
      result: null,
      fileId: 'f-BBBBBBBBBBBBBBBBBBBBBB',
      projectId,
    })
  })

  it('keeps well-formed recognition labels and drops malformed ones', async () => {
    svc.answer({ data: wireAction('recognize', recognizeResult) })
    const action = await client().actions.get('f-1', 'recognize')
    expect(action.status).toBe('ready')
    expect(action.result?.data.Labels).toEqual([recognizeResult.data.Labels[0]])
    expect(action.result?.version).toBe('2016-06-27')
  })

  it('reads a virus scan result and drops one of the wrong shape', async () => {
    svc.answer({
      data: wireAction('virus_scan', { data: { infected: true, infected_with: 'Eicar-Test-Signature' } }),
    })
    expect((await client().actions.get('f-1', 'virus_scan')).result?.data).toEqual({
      infected: true,
      infected_with: 'Eicar-Test-Signature',
    })
    svc.answer({ data: wireAction('virus_scan', { data: { infected: 'maybe' } }) })
    expect((await client().actions.get('f-1', 'virus_scan')).result).toBeNull()
    // A signature name that is not text is left out: the badge writes it into a sentence.
    svc.answer({
      data: wireAction('virus_scan', { data: { infected: true, infected_with: { toString: 1 } } }),
    })
    expect((await client().actions.get('f-1', 'virus_scan')).result?.data).toEqual({ infected: true })
  })

  it('refuses an action of another type than asked, whose result the UI would misread', async () => {
    svc.answer({ data: wireAction('recognize', recognizeResult) })
    await expect(client().actions.get('f-1', 'virus_scan')).rejects.toMatchObject({
      code: 'invalid_response',
    })
    svc.answer({
      data: {
        ...wireAction('recognize', recognizeResult),
        attributes: { action_type: 'scan_v2', status: 'ready', result: { data: {} } },
      },
    })
    await expect(client().actions.get('f-1', 'recognize')).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('refuses ids that would move a later request to another path (., .., slashes)', async () => {
    for (const id of ['..', '.', 'g-1/../files', 'g-1?x', '']) {
      svc.answer({ data: { ...wireGroup(), id } })
      await expect(client().groups.get('g-1'), id).rejects.toMatchObject({ code: 'invalid_response' })
    }
    const file = wireFile()
    svc.answer({ data: [{ ...file, id: '..' }], pagination: { count: 1, page: 1, items: 20, pages: 1 } })
    await expect(client().files.list()).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('maps conversions info', async () => {
    svc.answer({
      data: {
        type: 'conversions',
        attributes: {
          format_current: 'png',
          formats_available: ['webp', 'jpg'],
          methods_available: ['image', 'remove_bg'],
        },
      },
    })
    expect(await client().conversions.info('f-1')).toEqual({
      formatCurrent: 'png',
      formatsAvailable: ['webp', 'jpg'],
      methodsAvailable: ['image', 'remove_bg'],
    })
  })

  it('treats an empty 204 on group delete as success', async () => {
    svc.answer(null, { status: 204 })
    await expect(client().groups.delete('g-1')).resolves.toBeUndefined()
  })

  it('returns the removed file on file delete, or null for an empty answer', async () => {
    const removed = wireFile()
    removed.attributes.status = 'removed'
    svc.answer({ data: removed })
    expect((await client().files.delete('f-1'))?.status).toBe('removed')
    svc.answer(null, { status: 204 })
    expect(await client().files.delete('f-1')).toBeNull()
  })
})

describe('errors', () => {
  const cases = [
    [401, AuthError, 'unauthorized'],
    [403, AuthError, 'forbidden'],
    [404, NotFoundError, 'not_found'],
    [400, ValidationError, 'bad_request'],
    [422, ValidationError, 'unprocessable'],
    [429, RateLimitError, 'rate_limited'],
    [413, FileServiceError, 'payload_too_large'],
    [500, FileServiceError, 'server_error'],
    [503, FileServiceError, 'server_error'],
  ] as const

  it.each(cases)('%i throws %o with code %s, messages, method and path', async (status, type, code) => {
    svc.answer({ errors: ['First problem', 'Second problem'] }, { status })
    const error = await client('gat-hidden')
      .groups.update('g-1', { fileIds: ['f-9'] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(type)
    expect(isFileServiceError(error)).toBe(true)
    const e = error as FileServiceError
    expect(e).toMatchObject({ status, code, messages: ['First problem', 'Second problem'], method: 'PUT' })
    expect(e.path).toBe(`${root}/groups/g-1.json`)
    expect(e.body).toEqual({ errors: ['First problem', 'Second problem'] })
    expect(e.message).toContain('First problem')
    expect(JSON.stringify(e) + e.message + e.stack).not.toContain('gat-hidden')
  })

  it('reads JSON:API error objects: the detail, else the title', async () => {
    svc.answer(
      {
        errors: [
          { title: 'Invalid', detail: 'file_ids names a removed file' },
          { title: 'Too many files' },
          {},
        ],
      },
      { status: 422 },
    )
    const error = (await client()
      .groups.create({ fileIds: ['f-1'] })
      .catch((e: unknown) => e)) as ValidationError
    expect(error.messages).toEqual(['file_ids names a removed file', 'Too many files'])
  })

  it('keeps only the exact subclass per status', async () => {
    svc.answer({ errors: ['x'] }, { status: 500 })
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(AuthError)
    expect(error).not.toBeInstanceOf(ValidationError)
    expect(isFileServiceError(new Error('plain'))).toBe(false)
  })

  it('reads Retry-After seconds on 429', async () => {
    svc.answer({ errors: ['Slow down'] }, { status: 429, headers: { 'Retry-After': '7' } })
    const error = (await client()
      .groups.list()
      .catch((e: unknown) => e)) as RateLimitError
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.retryAfter).toBe(7)
  })

  it('reads a Retry-After date, and null when missing', async () => {
    svc.answer(
      { errors: [] },
      { status: 429, headers: { 'Retry-After': new Date(Date.now() + 30_000).toUTCString() } },
    )
    const dated = (await client()
      .groups.list()
      .catch((e: unknown) => e)) as RateLimitError
    expect(dated.retryAfter).toBeGreaterThanOrEqual(28)
    expect(dated.retryAfter).toBeLessThanOrEqual(31)
    svc.answer({ errors: [] }, { status: 429 })
    expect(
      (
        (await client()
          .groups.list()
          .catch((e: unknown) => e)) as RateLimitError
      ).retryAfter,
    ).toBeNull()
  })

  it('reads the status alone when the body is not JSON (Rails HTML 404)', async () => {
    svc.answerWith(
      () =>
        new Response('<!DOCTYPE html><h1>Not Found</h1>', {
          status: 404,
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    const error = (await client()
      .actions.get('f-1', 'recognize')
      .catch((e: unknown) => e)) as NotFoundError
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error.code).toBe('not_found')
    expect(error.messages).toEqual([])
    expect(error.body).toContain('Not Found')
  })

  it.each([
    [
      'an HTML page',
      () => new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    ],
    ['truncated JSON', () => new Response('{"data": {"type": "groups", "id"', { status: 200 })],
    ['JSON without data', () => Response.json({ result: [] })],
    ['data of the wrong type', () => Response.json({ data: { type: 'files', id: 'f-1', attributes: {} } })],
    [
      'a group whose uuid is not a string',
      () => Response.json({ data: { type: 'groups', id: 'g-1', attributes: { uuid: 42, status: 'ready' } } }),
    ],
    ['an empty body', () => new Response('', { status: 200 })],
    [
      'a type that is not a string (nor can be made one)',
      () => Response.json({ data: { type: { toString: 1 }, id: 'g-1', attributes: { status: 'ready' } } }),
    ],
  ])('a 2xx with %s throws invalid_response', async (_name, reply) => {
    svc.answerWith(reply)
    const error = (await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)) as FileServiceError
    expect(error).toBeInstanceOf(FileServiceError)
    expect(error.constructor).toBe(FileServiceError)
    expect(error.code).toBe('invalid_response')
    expect(error.status).toBe(200)
    expect(error.messages.length).toBeGreaterThan(0)
  })

  it('reads metadata values that are not strings as their JSON text', async () => {
    const file = wireFile()
    svc.answer({
      data: { ...file, attributes: { ...file.attributes, metadata: { a: { toString: 1 }, n: 5 } } },
    })
    expect((await client().files.get(file.id)).metadata).toEqual({ a: '{"toString":1}', n: '5' })
  })

  it('refuses a token no header can carry without putting the token in the message', async () => {
    svc.answer({ data: wireGroup() })
    const error = (await client('secret\nTOKEN-123')
      .groups.get('g-1')
      .catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toMatch(/token/i)
    expect(error.message).not.toContain('TOKEN-123')
    expect(svc.seen).toHaveLength(0)
  })

  it.each([
    ['groups.files', (c: ReturnType<typeof client>) => c.groups.files('..')],
    ['actions.get', (c: ReturnType<typeof client>) => c.actions.get('.', 'recognize')],
    ['conversions.info', (c: ReturnType<typeof client>) => c.conversions.info('..')],
  ])(
    '%s refuses an id of dots, which would reach another endpoint, and sends nothing',
    async (_name, call) => {
      svc.answer({ data: [] })
      const error = (await call(client()).catch((e: unknown) => e)) as Error
      expect(error).toBeInstanceOf(TypeError)
      expect(error.message).toMatch(/Not a path/)
      expect(svc.seen).toHaveLength(0)
    },
  )

  it('sends ids that only contain dots among other characters', async () => {
    svc.answer({ errors: ['stop here'] }, { status: 500 })
    await client()
      .groups.files('a..b')
      .catch(() => {})
    await client()
      .groups.get('..')
      .catch(() => {})
    expect(svc.seen.map((r) => r.url.pathname)).toEqual([
      `${root}/groups/a..b/files.json`,
      `${root}/groups/...json`,
    ])
  })

  it('follows no redirect: the body would go, and the answer come, from wherever it points', async () => {
    svc.answerWith((request) =>
      request.url.includes('/elsewhere')
        ? Response.json({ data: wireGroup() })
        : new Response(null, { status: 307, headers: { Location: `${baseUrl}/elsewhere` } }),
    )
    // A GET: MSW itself refuses to follow a redirect with a body (as undici does).
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(svc.seen.map((r) => r.url.pathname)).toEqual([`${root}/groups/g-1.json`])
  })

  it('a list answer without pagination throws invalid_response', async () => {
    svc.answer({ data: [] })
    await expect(client().files.list()).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('rejects with the native AbortError when aborted before sending', async () => {
    svc.answer({ data: wireGroup() })
    const controller = new AbortController()
    controller.abort()
    const error = await client()
      .groups.get('g-1', { signal: controller.signal })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('AbortError')
    expect(isFileServiceError(error)).toBe(false)
  })

  it('rejects with the native AbortError when aborted in flight', async () => {
    svc.answerWith(() => new Promise(() => {})) // never answers
    const controller = new AbortController()
    const pending = client().groups.get('g-1', { signal: controller.signal })
    setTimeout(() => controller.abort(), 10)
    const error = await pending.catch((e: unknown) => e)
    expect((error as DOMException).name).toBe('AbortError')
  })

  it('lets network errors through as TypeError', async () => {
    svc.answerWith(() => Response.error())
    const error = await client()
      .groups.get('g-1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
  })
})

describe('bad arguments', () => {
  // A caller's `.catch()` (or the hooks' error state) must see them: nothing throws synchronously.
  const lone = '\uD800' // encodeURIComponent throws a URIError on it
  const bad = { signal: 'not a signal' } as unknown as { signal: AbortSignal }
  it.each([
    ['groups.list', (c: ReturnType<typeof client>) => c.groups.list(undefined, null as never)],
    ['groups.create', (c: ReturnType<typeof client>) => c.groups.create(undefined as never)],
    ['groups.get', (c: ReturnType<typeof client>) => c.groups.get(lone)],
    ['groups.update', (c: ReturnType<typeof client>) => c.groups.update(lone, { fileIds: [] })],
    ['groups.delete', (c: ReturnType<typeof client>) => c.groups.delete(lone)],
    ['groups.files', (c: ReturnType<typeof client>) => c.groups.files(lone)],
    ['files.list', (c: ReturnType<typeof client>) => c.files.list(undefined, null as never)],
    ['files.get', (c: ReturnType<typeof client>) => c.files.get(lone)],
    ['files.upload', (c: ReturnType<typeof client>) => c.files.upload('not a blob' as unknown as Blob)],
    ['files.uploadFromUrl', (c: ReturnType<typeof client>) => c.files.uploadFromUrl('x', null as never)],
    ['files.update', (c: ReturnType<typeof client>) => c.files.update(lone, { metadata: {} })],
    ['files.delete', (c: ReturnType<typeof client>) => c.files.delete(lone)],
    ['actions.run', (c: ReturnType<typeof client>) => c.actions.run(lone, 'recognize')],
    ['actions.get', (c: ReturnType<typeof client>) => c.actions.get(lone, 'recognize')],
    ['conversions.info', (c: ReturnType<typeof client>) => c.conversions.info(lone)],
    [
      'conversions.convert',
      (c: ReturnType<typeof client>) =>
        c.conversions.convert('f-1', 'image', { kind: 'image' } as never, bad),
    ],
  ])('%s rejects instead of throwing', async (_, call) => {
    let result: Promise<unknown> | undefined
    expect(() => {
      result = call(client())
    }).not.toThrow()
    await expect(result).rejects.toBeInstanceOf(Error)
    expect(svc.seen).toHaveLength(0)
  })
})
