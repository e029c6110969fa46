// The emulator's contract: the same scenarios against every host (MSW in memory, HTTP server).
// Behaviour from the API contract, spec/UPSTREAM.md §6, §7 and §9.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBmp } from '../support/bmp.ts'
import { type Answer, type CallInit, type ContractHost, call, control } from './hosts.ts'

interface Seeded {
  files: { id: string; accessToken: string; name: string }[]
  groups: { id: string; accessToken: string; fileIds: string[] }[]
}

const idPattern = (prefix: string) => new RegExp(`^${prefix}-[A-Za-z0-9]{22}$`)

function expectErrors(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.body.errors).toBeInstanceOf(Array)
  expect(answer.body.errors.length).toBeGreaterThan(0)
  for (const message of answer.body.errors) expect(typeof message).toBe('string')
}

export function defineContractSuite(name: string, makeHost: () => Promise<ContractHost>) {
  let host: ContractHost
  let seeded: Seeded
  const req = (method: string, path: string, init?: CallInit) => call(host, method, path, init)
  const secret = (method: string, path: string, init: CallInit = {}) =>
    req(method, path, { ...init, token: host.secretKey })
  const advance = (ms: number) => control(host, 'clock', { advance: ms })
  // The project's full state as the secret key sees it, to prove a refusal changed nothing.
  const snapshot = async () => {
    const groups = await secret('GET', '/groups.json?items=100')
    const files = await secret('GET', '/files.json?items=100')
    const members = await Promise.all(
      groups.body.data.map(
        async (g: { id: string }) => (await secret('GET', `/groups/${g.id}/files.json?items=100`)).body,
      ),
    )
    return { groups: groups.body, files: files.body, members }
  }

  beforeAll(async () => {
    host = await makeHost()
  }, 60_000)
  afterAll(() => host?.stop())
  beforeEach(async () => {
    await control(host, 'reset')
    seeded = await control(host, 'seed', {
      files: [
        { sample: 'subject' },
        { sample: 'subject' },
        { sample: 'blank' },
        { sample: 'pdf' },
        { sample: 'video' },
      ],
      groups: [{ files: [0, 1] }, { files: [0] }],
    })
  })

  describe(`emulator contract: ${name}`, () => {
    it('answers GET / with a small index', async () => {
      const answer = await req('GET', '/')
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        name: expect.any(String),
        version: expect.any(String),
        basePath: `/api/v1/projects/${host.projectId}`,
      })
    })

    describe('auth: every endpoint × token kind', () => {
      type Kind = 'secret' | 'ownGroup' | 'otherGroup' | 'file' | 'none' | 'garbage'
      const kinds: Kind[] = ['secret', 'ownGroup', 'otherGroup', 'file', 'none', 'garbage']
      const tokenOf = (kind: Kind) =>
        ({
          secret: host.secretKey,
          ownGroup: seeded.groups[0]!.accessToken,
          otherGroup: seeded.groups[1]!.accessToken,
          file: seeded.files[0]!.accessToken,
          none: undefined,
          garbage: 'not-a-token',
        })[kind]
      const g = () => seeded.groups[0]!.id
      const f = () => seeded.files[0]!.id
      const png = () => {
        const form = new FormData()
        form.append(
          'file[content]',
          new Blob([new Uint8Array([1, 2, 3])], { type: 'application/octet-stream' }),
          'x.bin',
        )
        return form
      }
      const endpoints: [string, (token?: string) => Promise<Answer>, Kind[]][] = [
        ['list groups', (t) => req('GET', '/groups.json', { token: t }), ['secret']],
        [
          'create group',
          (t) => req('POST', '/groups.json', { token: t, json: { file_ids: [f()] } }),
          ['secret', 'ownGroup', 'otherGroup', 'file', 'none'],
        ],
        ['view group', (t) => req('GET', `/groups/${g()}.json`, { token: t }), ['secret', 'ownGroup']],
        [
          'list group files',
          (t) => req('GET', `/groups/${g()}/files.json`, { token: t }),
          ['secret', 'ownGroup'],
        ],
        [
          'update group',
          (t) => req('PUT', `/groups/${g()}.json`, { token: t, json: { file_ids: [f()] } }),
          ['secret', 'ownGroup'],
        ],
        ['list files', (t) => req('GET', '/files.json', { token: t }), ['secret']],
        [
          'upload file',
          (t) => req('POST', '/files.json', { token: t, form: png() }),
          ['secret', 'ownGroup', 'otherGroup', 'file', 'none'],
        ],
        ['view file', (t) => req('GET', `/files/${f()}.json`, { token: t }), ['secret', 'file']],
        [
          'update file',
          (t) => req('PUT', `/files/${f()}.json`, { token: t, json: { file: { metadata: { a: 'b' } } } }),
          ['secret', 'file'],
        ],
        ...(['recognize', 'moderate', 'virus_scan'] as const).flatMap(
          (type) =>
            [
              [
                `run ${type}`,
                (t?: string) => req('POST', `/files/${f()}/actions/${type}.json`, { token: t }),
                ['secret'],
              ],
            ] as [string, (token?: string) => Promise<Answer>, Kind[]][],
        ),
        ['view conversions', (t) => req('GET', `/files/${f()}/conversions.json`, { token: t }), ['secret']],
        ...(['image', 'remove_bg'] as const).map(
          (kind) =>
            [
              `convert ${kind}`,
              (t?: string) =>
                req('POST', `/files/${f()}/conversions/${kind}.json`, {
                  token: t,
                  form: new URLSearchParams({ recipe: kind === 'image' ? '/-/format/webp/' : '/crop/true/' }),
                }),
              ['secret'],
            ] as [string, (token?: string) => Promise<Answer>, Kind[]],
        ),
        ['CDN original', (t) => req('GET', `/cdn/${f()}/`, { token: t }), ['secret', 'file']],
        [
          'CDN preview',
          (t) => req('GET', `/cdn/${f()}/-/preview/32x32/`, { token: t }),
          ['secret', 'ownGroup', 'otherGroup', 'file', 'none'],
        ],
      ]
      it.each(endpoints.map(([name, run, allowed]) => ({ name, run, allowed })))(
        '$name',
        async ({ name, run, allowed }) => {
          for (const kind of kinds) {
            const answer = await run(tokenOf(kind))
            if (allowed.includes(kind))
              expect(answer.status, `${kind}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
            else if (name === 'CDN original') {
              // A protected original is not there for anyone else (UPSTREAM §6 "CDN").
              expect(answer.status, kind).toBe(404)
              expect(answer.body).toEqual({ errors: ['File not found'] })
            } else {
              expect(answer.status, kind).toBe(401)
              expect(answer.body).toEqual({ errors: ['Unauthorized'] })
            }
          }
        },
      )

      it('view an action: secret key only (after it was started)', async () => {
        await secret('POST', `/files/${f()}/actions/virus_scan.json`)
        for (const kind of kinds) {
          const answer = await req('GET', `/files/${f()}/actions/virus_scan.json`, { token: tokenOf(kind) })
          expect(answer.status, kind).toBe(kind === 'secret' ? 200 : 401)
        }
      })

      it('delete a group: secret key or its own token; refusals leave it in place', async () => {
        for (const kind of ['otherGroup', 'file', 'none', 'garbage'] as const) {
          expect((await req('DELETE', `/groups/${g()}.json`, { token: tokenOf(kind) })).status).toBe(401)
        }
        expect((await secret('GET', `/groups/${g()}.json`)).status).toBe(200)
        const deleted = await req('DELETE', `/groups/${g()}.json`, { token: tokenOf('ownGroup') })
        expect(deleted.status).toBe(204)
        expect(deleted.bytes.length).toBe(0)
        expect((await secret('GET', `/groups/${g()}.json`)).status).toBe(404)
        const other = seeded.groups[1]!.id
        expect((await secret('DELETE', `/groups/${other}.json`)).status).toBe(204)
      })

      it('group routes check the caller before the group: a missing group answers them the same 401 as an existing one', async () => {
        // As the real service's before_action :authenticate_user!: a 404 here would tell a
        // caller without the right which group ids exist (UPSTREAM §7: another group's token → 401).
        const missing = 'g-AAAAAAAAAAAAAAAAAAAAAA'
        const routes = (id: string): [string, string, CallInit][] => [
          ['GET', `/groups/${id}.json`, {}],
          ['GET', `/groups/${id}/files.json`, {}],
          ['PUT', `/groups/${id}.json`, { json: { file_ids: [f()] } }],
          ['DELETE', `/groups/${id}.json`, {}],
        ]
        const before = await snapshot()
        for (const kind of ['otherGroup', 'file', 'none', 'garbage'] as const) {
          for (const id of [g(), missing, 'g-short', 'nothing']) {
            for (const [method, path, init] of routes(id)) {
              const answer = await req(method, path, { ...init, token: tokenOf(kind) })
              expect(answer.status, `${kind} ${method} ${path}`).toBe(401)
              expect(answer.body).toEqual({ errors: ['Unauthorized'] })
            }
          }
        }
        expect(await snapshot()).toEqual(before)
        // The secret key may know: a missing group is 404 to it.
        for (const [method, path, init] of routes(missing)) {
          const answer = await secret(method, path, init)
          expect(answer.status, `${method} ${path}`).toBe(404)
          expect(answer.body).toEqual({ errors: ['Group not found'] })
        }
        // A deleted group's own token owns nothing any more: 401, and 404 to the secret key.
        expect((await req('DELETE', `/groups/${g()}.json`, { token: tokenOf('ownGroup') })).status).toBe(204)
        for (const [method, path, init] of routes(g())) {
          expect((await req(method, path, { ...init, token: tokenOf('ownGroup') })).status).toBe(401)
          expect((await secret(method, path, init)).status).toBe(404)
        }
      })

      it('delete a file: secret key or its own token', async () => {
        const target = seeded.files[1]!
        for (const kind of ['ownGroup', 'otherGroup', 'none', 'garbage'] as const) {
          expect((await req('DELETE', `/files/${target.id}.json`, { token: tokenOf(kind) })).status).toBe(401)
        }
        const removed = await req('DELETE', `/files/${target.id}.json`, { token: target.accessToken })
        expect(removed.status).toBe(200)
        expect(removed.body.data.attributes.status).toBe('removed')
      })

      it('only accepts the token in the Authorization header', async () => {
        const answer = await req('GET', `/groups.json?token=${host.secretKey}&access_token=${host.secretKey}`)
        expect(answer.status).toBe(401)
        expect(
          (await req('GET', '/groups.json', { headers: { Authorization: host.secretKey } })).status,
        ).toBe(401)
        // The scheme is case-insensitive (RFC 9110 §11.1), as the real service, which takes what
        // follows the last space, does not care either.
        for (const scheme of ['bearer', 'BEARER', 'Bearer  '])
          expect(
            (await req('GET', '/groups.json', { headers: { Authorization: `${scheme} ${host.secretKey}` } }))
              .status,
          ).toBe(200)
      })

      it('shows a token only to callers who hold an equal or stronger right', async () => {
        const asGroup = await req('GET', `/groups/${g()}/files.json`, { token: tokenOf('ownGroup') })
        for (const file of asGroup.body.data) expect(file.authentication).toBeUndefined()
        const asSecret = await secret('GET', `/groups/${g()}/files.json`)
        for (const file of asSecret.body.data)
          expect(file.authentication.access_token).toMatch(idPattern('fat'))
        expect((await secret('GET', '/groups.json')).body.data[0].authentication.access_token).toMatch(
          idPattern('gat'),
        )
      })
    })

    describe('the real service behaviours (UPSTREAM §9)', () => {
      it('upload: ready, uuid, fat- token, real type and size', async () => {
        const form = new FormData()
        const bytes = (await secret('GET', `/cdn/${seeded.files[0]!.id}/`)).bytes
        form.append('file[content]', new Blob([bytes as BlobPart], { type: 'image/png' }), 'photo.png')
        form.append('file[metadata][kind]', 'avatar')
        const answer = await req('POST', '/files.json', { form })
        // 200, not 201: the real service's `render json:` gives no other status (UPSTREAM §6).
        expect(answer.status).toBe(200)
        const { data } = answer.body
        expect(data).toMatchObject({ type: 'files', id: expect.stringMatching(idPattern('f')) })
        expect(data.attributes).toMatchObject({
          status: 'ready',
          is_image: true,
          mime: { mime: 'image/png', type: 'image', subtype: 'png' },
          original_name: 'photo.png',
          size: bytes.length,
          metadata: { kind: 'avatar' },
          removed_at: null,
        })
        expect(data.attributes.uuid).toMatch(/^[0-9a-f-]{36}$/)
        expect(data.attributes.content.image).toMatchObject({
          width: expect.any(Number),
          height: expect.any(Number),
        })
        expect(data.authentication.access_token).toMatch(idPattern('fat'))
        expect(data.relationships.project.data).toEqual({ type: 'projects', id: host.projectId })
      })

      it('group with the secret key: pending, then ready ~2; files in order; PUT reversed', async () => {
        const [a, b] = seeded.files
        const created = await secret('POST', '/groups.json', { json: { file_ids: [a!.id, b!.id] } })
        // 200, as the real service's `render json:` without a status.
        expect(created.status).toBe(200)
        const id = created.body.data.id
        expect(id).toMatch(idPattern('g'))
        // The real service gives a group its uuid only once its job has built it.
        expect(created.body.data.attributes).toEqual({ status: 'pending', uuid: null })
        expect((await secret('GET', `/groups/${id}.json`)).body.data.attributes.uuid).toBeNull()
        const listed = (await secret('GET', '/groups.json')).body.data.find(
          (g: { id: string }) => g.id === id,
        )
        expect(listed.attributes).toEqual({ status: 'pending', uuid: null })
        await advance(5_000)
        const viewed = await secret('GET', `/groups/${id}.json`)
        expect(viewed.body.data.attributes).toMatchObject({
          status: 'ready',
          uuid: expect.stringMatching(/^[0-9a-f-]{36}~2$/),
        })
        const files = await secret('GET', `/groups/${id}/files.json`)
        expect(files.body.data.map((f: { id: string }) => f.id)).toEqual([a!.id, b!.id])
        expect(files.body.pagination).toEqual({ count: 2, page: 1, items: 20, pages: 1 })
        const updated = await secret('PUT', `/groups/${id}.json`, { json: { file_ids: [b!.id, a!.id] } })
        expect(updated.body.data.id).toBe(id)
        // The last build's uuid stays until the job has built the new group, which gets a new one.
        expect(updated.body.data.attributes).toEqual({
          status: 'pending',
          uuid: viewed.body.data.attributes.uuid,
        })
        expect(
          (await secret('GET', `/groups/${id}/files.json`)).body.data.map((f: { id: string }) => f.id),
        ).toEqual([b!.id, a!.id])
        await advance(5_000)
        const rebuilt = (await secret('GET', `/groups/${id}.json`)).body.data.attributes
        expect(rebuilt).toMatchObject({ status: 'ready', uuid: expect.stringMatching(/^[0-9a-f-]{36}~2$/) })
        expect(rebuilt.uuid).not.toBe(viewed.body.data.attributes.uuid)
      })

      it('a seeded pending group has no uuid until it is built', async () => {
        const [seededGroup] = (
          await control(host, 'seed', { groups: [{ fileIds: [seeded.files[0]!.id], status: 'pending' }] })
        ).groups
        const view = () => secret('GET', `/groups/${seededGroup.id}.json`)
        expect((await view()).body.data.attributes).toEqual({ status: 'pending', uuid: null })
        await advance(5_000)
        expect((await view()).body.data.attributes).toMatchObject({
          status: 'ready',
          uuid: expect.stringMatching(/~1$/),
        })
      })

      it('the same flow anonymously, then with the returned gat- token only', async () => {
        const [a, b] = seeded.files
        const created = await req('POST', '/groups.json', { json: { group: { file_ids: [a!.id, b!.id] } } })
        expect(created.status).toBe(200)
        const token = created.body.data.authentication.access_token
        expect(token).toMatch(idPattern('gat'))
        const id = created.body.data.id
        await advance(5_000)
        expect((await req('GET', `/groups/${id}.json`, { token })).body.data.attributes.status).toBe('ready')
        const updated = await req('PUT', `/groups/${id}.json`, { token, json: { file_ids: [b!.id] } })
        expect(updated.body.data.attributes).toMatchObject({
          status: 'pending',
          uuid: expect.stringMatching(/~2$/),
        })
        await advance(5_000)
        expect((await req('GET', `/groups/${id}.json`, { token })).body.data.attributes.uuid).toMatch(/~1$/)
        expect((await req('DELETE', `/groups/${id}.json`, { token })).status).toBe(204)
      })

      it('an action runs once: asked again, pending or ready, it answers that run unchanged', async () => {
        const id = seeded.files[0]!.id
        const path = `/files/${id}/actions/recognize.json`
        const started = await secret('POST', path)
        await advance(1_000)
        // Asked again while pending: the same run, and no second one that would finish later.
        const second = await secret('POST', path)
        expect(second.status).toBe(200)
        expect(second.body).toEqual(started.body)
        await advance(10_000)
        const ready = await secret('GET', path)
        expect(ready.body.data.attributes.status).toBe('ready')
        // Asked again once ready: the result as it is, not wiped for a new run.
        const third = await secret('POST', path)
        expect(third.status).toBe(200)
        expect(third.body).toEqual(ready.body)
        await advance(10_000)
        expect((await secret('GET', path)).body).toEqual(ready.body)
      })

      it('de-duplicates and strips file ids, keeping the order', async () => {
        const [a, b] = seeded.files
        const created = await secret('POST', '/groups.json', {
          json: { file_ids: [` ${b!.id} `, a!.id, b!.id] },
        })
        expect(created.status).toBe(200)
        const files = await secret('GET', `/groups/${created.body.data.id}/files.json`)
        expect(files.body.data.map((f: { id: string }) => f.id)).toEqual([b!.id, a!.id])
      })

      it('action: pending with null result, then ready with a realistic result', async () => {
        const id = seeded.files[0]!.id
        const started = await secret('POST', `/files/${id}/actions/recognize.json`)
        expect(started.status).toBe(200)
        expect(started.body.data).toMatchObject({
          type: 'actions',
          id: expect.stringMatching(idPattern('a')),
          attributes: { action_type: 'recognize', status: 'pending', result: null },
          relationships: {
            project: { data: { type: 'projects', id: host.projectId } },
            file: { data: { type: 'files', id } },
          },
        })
        expect((await secret('GET', `/files/${id}/actions/recognize.json`)).body.data.attributes.status).toBe(
          'pending',
        )
        await advance(10_000)
        const done = (await secret('GET', `/files/${id}/actions/recognize.json`)).body.data.attributes
        expect(done.status).toBe('ready')
        expect(done.result.data.Labels[0]).toMatchObject({
          Name: expect.any(String),
          Confidence: expect.any(Number),
          Parents: expect.any(Array),
        })
        await secret('POST', `/files/${id}/actions/moderate.json`)
        await secret('POST', `/files/${id}/actions/virus_scan.json`)
        await advance(10_000)
        expect(
          (await secret('GET', `/files/${id}/actions/moderate.json`)).body.data.attributes.result.data,
        ).toMatchObject({
          ModerationLabels: expect.any(Array),
        })
        expect(
          (await secret('GET', `/files/${id}/actions/virus_scan.json`)).body.data.attributes.result.data,
        ).toEqual({ infected: false })
      })

      it('virus scan finds the EICAR test file', async () => {
        const [infected] = (await control(host, 'seed', { files: [{ sample: 'eicar' }] })).files
        await secret('POST', `/files/${infected.id}/actions/virus_scan.json`)
        await advance(10_000)
        expect(
          (await secret('GET', `/files/${infected.id}/actions/virus_scan.json`)).body.data.attributes.result
            .data,
        ).toEqual({
          infected: true,
          infected_with: expect.any(String),
        })
      })

      it('action refusals: not started → 404, recognize on a PDF → 422, unknown type → 404', async () => {
        expectErrors(await secret('GET', `/files/${seeded.files[0]!.id}/actions/moderate.json`), 404)
        expectErrors(await secret('POST', `/files/${seeded.files[3]!.id}/actions/recognize.json`), 422)
        expectErrors(await secret('POST', `/files/${seeded.files[0]!.id}/actions/transcribe.json`), 404)
      })

      it('conversions info for an image, a video and a PDF', async () => {
        const image = (await secret('GET', `/files/${seeded.files[0]!.id}/conversions.json`)).body.data
        expect(image.type).toBe('conversions')
        expect(image.id).toBeUndefined()
        expect(image.attributes.format_current).toBe('png')
        expect(image.attributes.formats_available).toContain('webp')
        expect(image.attributes.methods_available).toEqual(['image', 'remove_bg'])
        const video = (await secret('GET', `/files/${seeded.files[4]!.id}/conversions.json`)).body.data
          .attributes
        expect(video).toMatchObject({ format_current: 'mp4', methods_available: ['video'] })
        expect(video.formats_available).toContain('ogg')
        const pdf = (await secret('GET', `/files/${seeded.files[3]!.id}/conversions.json`)).body.data
          .attributes
        expect(pdf).toMatchObject({ format_current: 'pdf', methods_available: ['document'] })
        expect(pdf.formats_available).toContain('docx')
      })

      it('a BMP upload is an image (UPSTREAM §1a lists BMP as an input), sized, and converts', async () => {
        const form = new FormData()
        const bmp = createBmp(6, 4, (x) => (x < 3 ? [255, 0, 0] : [0, 0, 255]))
        form.append(
          'file[content]',
          new Blob([bmp as BlobPart], { type: 'application/octet-stream' }),
          'a.bmp',
        )
        const uploaded = await req('POST', '/files.json', { form })
        expect(uploaded.body.data.attributes).toMatchObject({
          is_image: true,
          mime: { mime: 'image/bmp', type: 'image', subtype: 'bmp' },
          content: { image: { width: 6, height: 4, format: 'BMP' } },
        })
        const id = uploaded.body.data.id
        const info = (await secret('GET', `/files/${id}/conversions.json`)).body.data.attributes
        expect(info).toMatchObject({ format_current: 'bmp', methods_available: ['image', 'remove_bg'] })
        const started = await secret('POST', `/files/${id}/conversions/image.json`, {
          form: new URLSearchParams({ recipe: '/-/format/png/-/resize/3x/' }),
        })
        await advance(10_000)
        const done = (await secret('GET', `/files/${started.body.data.id}.json`)).body.data.attributes
        expect(done).toMatchObject({
          status: 'ready',
          mime: { mime: 'image/png' },
          content: { image: { width: 3, height: 2 } },
        })
      })

      it('conversions info names formats as the converter does: a text file is txt', async () => {
        const form = new FormData()
        form.append('file[content]', new Blob(['some notes'], { type: 'text/plain' }), 'notes.txt')
        const uploaded = await secret('POST', '/files.json', { form })
        expect(uploaded.body.data.attributes.mime.mime).toBe('text/plain')
        const text = (await secret('GET', `/files/${uploaded.body.data.id}/conversions.json`)).body.data
          .attributes
        expect(text).toMatchObject({ format_current: 'txt', methods_available: ['document'] })
        expect(text.formats_available).toContain('pdf')
        expect(text.formats_available).not.toContain('txt')
      })

      it('image conversion: a new pending file, then ready in the target format', async () => {
        const answer = await secret('POST', `/files/${seeded.files[0]!.id}/conversions/image.json`, {
          form: new URLSearchParams({ recipe: '/-/format/webp/-/resize/40x/' }),
        })
        expect(answer.status).toBe(200)
        const id = answer.body.data.id
        expect(id).toMatch(idPattern('f'))
        expect(id).not.toBe(seeded.files[0]!.id)
        expect(answer.body.data.attributes.status).toBe('pending')
        // No metadata of the emulator's own: the real service sets none on a conversion.
        expect(answer.body.data.attributes.metadata).toEqual({})
        await advance(10_000)
        const done = (await secret('GET', `/files/${id}.json`)).body.data.attributes
        expect(done).toMatchObject({ status: 'ready', mime: { mime: 'image/webp' }, is_image: true })
        expect(done.metadata).toEqual({})
        expect(done.content.image.width).toBe(40)
        if (host.realImages) {
          const bytes = (await secret('GET', `/cdn/${id}/`)).bytes
          expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF')
          expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WEBP')
        }
      })

      it('image conversion: the result has the size the recipe asks for, ratio and percent crops too', async () => {
        // The seeded photo is 96×64.
        const id = seeded.files[0]!.id
        for (const [recipe, size] of [
          ['/-/crop/1:1/', [64, 64]],
          ['/-/crop/50px50p/', [48, 32]],
          ['/-/rotate/90/-/crop/1:2/', [48, 96]],
        ] as const) {
          const started = await secret('POST', `/files/${id}/conversions/image.json`, {
            form: new URLSearchParams({ recipe }),
          })
          await advance(10_000)
          const done = (await secret('GET', `/files/${started.body.data.id}.json`)).body.data.attributes
          expect([done.content.image.width, done.content.image.height], recipe).toEqual(size)
        }
      })

      it('remove_bg: a blank image ends in processing_error with no uuid; a subject ends ready', async () => {
        const blank = await secret('POST', `/files/${seeded.files[2]!.id}/conversions/remove_bg.json`, {
          form: new URLSearchParams({ recipe: '/crop/true/-/position/center/' }),
        })
        const photo = await secret('POST', `/files/${seeded.files[0]!.id}/conversions/remove_bg.json`, {
          form: new URLSearchParams({ recipe: '/crop/true/' }),
        })
        await advance(10_000)
        const failed = (await secret('GET', `/files/${blank.body.data.id}.json`)).body.data.attributes
        expect(failed).toMatchObject({ status: 'processing_error', uuid: null })
        expect((await secret('GET', `/files/${photo.body.data.id}.json`)).body.data.attributes.status).toBe(
          'ready',
        )
      })

      it('delete a file: 200, removed, removed_at now', async () => {
        const answer = await secret('DELETE', `/files/${seeded.files[1]!.id}.json`)
        expect(answer.status).toBe(200)
        expect(answer.body.data.attributes.status).toBe('removed')
        expect(Math.abs(Date.parse(answer.body.data.attributes.removed_at) - Date.now())).toBeLessThan(
          365 * 86_400_000,
        )
        expectErrors(await secret('GET', `/cdn/${seeded.files[1]!.id}/`), 404)
      })

      it('every answer says nosniff: an original, a preview, a list, an error', async () => {
        const answers = [
          await secret('GET', `/cdn/${seeded.files[0]!.id}/`),
          await req('GET', `/cdn/${seeded.files[0]!.id}/-/preview/32x32/`),
          await secret('GET', '/files.json'),
          await req('GET', '/files.json'),
        ]
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401])
        for (const answer of answers) expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
      })

      it('CDN: operations that are not valid URL encoding → 400 saying so', async () => {
        // A bare % (a text operation's "50% off" put in the URL unencoded).
        const answer = await req('GET', `/cdn/${seeded.files[0]!.id}/-/text/100x100/0,0/50% off/`)
        expectErrors(answer, 400)
        expect(answer.body.errors[0]).toContain('not valid URL encoding')
      })
    })

    describe('pagination', () => {
      it('honours items, gives an empty page past the end, clamps items to 100', async () => {
        const page = await secret('GET', '/files.json?page=2&items=2')
        expect(page.body.pagination).toEqual({ count: 5, page: 2, items: 2, pages: 3 })
        expect(page.body.data).toHaveLength(2)
        const past = await secret('GET', '/files.json?page=9&items=2')
        expect(past.status).toBe(200)
        expect(past.body).toEqual({ data: [], pagination: { count: 5, page: 9, items: 2, pages: 3 } })
        expect((await secret('GET', '/groups.json?items=500')).body.pagination.items).toBe(100)
        expect((await secret('GET', '/files.json')).body.pagination.items).toBe(20)
      })

      it('clamps items=0 to 1 (UPSTREAM §7: clamped to 1..100)', async () => {
        const page = await secret('GET', '/files.json?items=0')
        expect(page.status).toBe(200)
        expect(page.body.pagination).toEqual({ count: 5, page: 1, items: 1, pages: 5 })
        expect(page.body.data).toHaveLength(1)
        const huge = await secret('GET', '/groups.json?items=99999999999999999999')
        expect(huge.body.pagination.items).toBe(100)
      })

      it('gives the largest safe page, empty, and refuses a larger one with 400', async () => {
        const last = Number.MAX_SAFE_INTEGER
        for (const path of ['/groups.json', '/files.json', `/groups/${seeded.groups[0]!.id}/files.json`]) {
          const far = await secret('GET', `${path}?page=${last}&items=100`)
          expect(far.status, JSON.stringify(far.body)).toBe(200)
          expect(far.body.data).toEqual([])
          expect(far.body.pagination.page).toBe(last)
          for (const page of ['9007199254740992', '9999999999999999999', '99999999999999999999999']) {
            const answer = await secret('GET', `${path}?page=${page}`)
            expectErrors(answer, 400)
            expect(answer.body.errors[0]).toContain('page must be a positive integer')
          }
        }
      })

      it.each(['page=abc', 'page=0', 'page=-1', 'items=-1', 'items=1.5', 'items=abc'])(
        'refuses %s with 400',
        async (query) => {
          expectErrors(await secret('GET', `/files.json?${query}`), 400)
        },
      )
    })

    describe('bad input: a clear 4xx and nothing changed', () => {
      const groupBodies: [string, CallInit, number][] = [
        ['malformed JSON', { raw: { body: '{"file_ids": [', type: 'application/json' } }, 400],
        [
          'a form instead of JSON',
          { raw: { body: 'file_ids=f-1', type: 'application/x-www-form-urlencoded' } },
          415,
        ],
        ['no file_ids', { json: {} }, 400],
        ['file_ids not an array', { json: { file_ids: 'f-1' } }, 400],
        ['file_ids with a number', { json: { file_ids: [1] } }, 400],
        ['an empty list', { json: { file_ids: [] } }, 422],
        ['an unknown id', { json: { file_ids: ['f-AAAAAAAAAAAAAAAAAAAAAA'] } }, 422],
        [
          'more than 1000 ids',
          { json: { file_ids: Array.from({ length: 1001 }, (_, i) => `f-${String(i).padStart(22, '0')}`) } },
          422,
        ],
        ['a body that is an array', { json: ['f-1'] }, 400],
      ]
      it.each(groupBodies)('create group with %s', async (_name, init, status) => {
        const before = await snapshot()
        expectErrors(await secret('POST', '/groups.json', init), status)
        expect(await snapshot()).toEqual(before)
      })
      it.each(groupBodies)('update group with %s', async (_name, init, status) => {
        const before = await snapshot()
        expectErrors(await secret('PUT', `/groups/${seeded.groups[0]!.id}.json`, init), status)
        expect(await snapshot()).toEqual(before)
      })

      it('names unknown and removed ids', async () => {
        await secret('DELETE', `/files/${seeded.files[1]!.id}.json`)
        const before = await snapshot()
        const answer = await secret('POST', '/groups.json', {
          json: { file_ids: [seeded.files[0]!.id, seeded.files[1]!.id, 'f-BBBBBBBBBBBBBBBBBBBBBB'] },
        })
        expectErrors(answer, 422)
        // One problem, naming both: a removed file is no file, not one still processing.
        expect(answer.body.errors).toEqual([
          `Unknown or removed file ids: ${seeded.files[1]!.id}, f-BBBBBBBBBBBBBBBBBBBBBB.`,
        ])
        expect(await snapshot()).toEqual(before)
        // Named, but not echoed whole: an answer doesn't grow with the garbage sent.
        const garbage = await secret('POST', '/groups.json', {
          json: { file_ids: [`f-${'x'.repeat(100_000)}`] },
        })
        expectErrors(garbage, 422)
        expect(garbage.body.errors.join(' ')).toContain(`f-${'x'.repeat(38)}…`)
        expect(JSON.stringify(garbage.body).length).toBeLessThan(300)
      })

      it('upload from a URL whose name is not valid percent-encoding: taken, named as written', async () => {
        const answer = await req('POST', '/files.json', {
          form: new URLSearchParams({ 'file[source_url]': 'http://example.com/a%zz.png' }),
        })
        expect(answer.status, JSON.stringify(answer.body)).toBe(200)
        expect(answer.body.data.attributes).toMatchObject({ status: 'pending', original_name: 'a%zz.png' })
      })

      it('names files with no content: a failed conversion, an upload from a URL still pending', async () => {
        const failed = await secret('POST', `/files/${seeded.files[2]!.id}/conversions/remove_bg.json`, {
          form: new URLSearchParams({ recipe: '/crop/true/' }),
        })
        await advance(5_000)
        const failedId = failed.body.data.id
        expect((await secret('GET', `/files/${failedId}.json`)).body.data.attributes).toMatchObject({
          status: 'processing_error',
          uuid: null,
        })
        const fetching = await req('POST', '/files.json', {
          form: new URLSearchParams({ 'file[source_url]': 'https://example.com/a.png' }),
        })
        const pendingId = fetching.body.data.id
        expect(fetching.body.data.attributes.status).toBe('pending')
        const before = await snapshot()
        const ids = [seeded.files[0]!.id, failedId, pendingId]
        for (const answer of [
          await req('POST', '/groups.json', { json: { file_ids: ids } }),
          await secret('PUT', `/groups/${seeded.groups[0]!.id}.json`, { json: { file_ids: ids } }),
        ]) {
          expectErrors(answer, 422)
          const said = answer.body.errors.join(' ')
          expect(said).toContain(failedId)
          expect(said).toContain(pendingId)
          expect(said).not.toContain(seeded.files[0]!.id)
        }
        expect(await snapshot()).toEqual(before)
        // Once the download is in, that file can join a group.
        await advance(5_000)
        expect((await req('POST', '/groups.json', { json: { file_ids: [pendingId] } })).status).toBe(200)
      })

      it('uploads: oversize → 413, missing or empty content → 4xx, wrong type → 415', async () => {
        const before = await snapshot()
        const big = new FormData()
        big.append('file[content]', new Blob([new Uint8Array(host.maxUploadBytes + 1)]), 'big.bin')
        expectErrors(await req('POST', '/files.json', { form: big }), 413)
        expectErrors(await req('POST', '/files.json', { form: new FormData() }), 400)
        const empty = new FormData()
        empty.append('file[content]', new Blob([]), 'empty.bin')
        expectErrors(await req('POST', '/files.json', { form: empty }), 422)
        expectErrors(await req('POST', '/files.json', { json: { file: {} } }), 415)
        const badKey = new FormData()
        badKey.append('file[content]', new Blob([new Uint8Array([1])]), 'a.bin')
        badKey.append('file[metadata][bad key!]', 'x')
        expectErrors(await req('POST', '/files.json', { form: badKey }), 400)
        const badUrl = new URLSearchParams({ 'file[source_url]': 'file:///etc/passwd' })
        expectErrors(await req('POST', '/files.json', { form: badUrl }), 400)
        expect(await snapshot()).toEqual(before)
      })

      it('bodies over the limit: the same 413 on every host, worded for the route, nothing changed', async () => {
        const limit = host.maxUploadBytes
        const over = `The request body is larger than the limit of ${limit} bytes.`
        const padding = 'x'.repeat(limit)
        const [a] = seeded.files
        const before = await snapshot()
        for (const answer of [
          await secret('POST', '/groups.json', { json: { file_ids: [a!.id], note: padding } }),
          await secret('PUT', `/groups/${seeded.groups[0]!.id}.json`, {
            json: { file_ids: [a!.id], note: padding },
          }),
          await secret('PUT', `/files/${a!.id}.json`, {
            json: { file: { metadata: { a: 'b' } }, note: padding },
          }),
          await secret('POST', `/files/${a!.id}/conversions/image.json`, {
            form: new URLSearchParams({ recipe: '/-/format/webp/', note: padding }),
          }),
          // Not even read by its route: refused by its length all the same.
          await secret('POST', `/files/${a!.id}/actions/virus_scan.json`, {
            raw: { body: `${padding}x`, type: 'text/plain' },
          }),
        ]) {
          expectErrors(answer, 413)
          expect(answer.body.errors).toEqual([over])
        }
        // An upload has room for its multipart envelope; past that it is the upload that is too large.
        const big = new FormData()
        big.append('file[content]', new Blob([new Uint8Array(limit + 64 * 1024)]), 'big.bin')
        const upload = await req('POST', '/files.json', { form: big })
        expectErrors(upload, 413)
        expect(upload.body.errors).toEqual([`The upload is larger than the limit of ${limit} bytes.`])
        expect(await snapshot()).toEqual(before)
        // Just under the limit, a JSON body is read.
        const under = await secret('POST', '/groups.json', {
          json: { file_ids: [a!.id], note: 'x'.repeat(limit - 100) },
        })
        expect(under.status).toBe(200)
      })

      it.each(['1', '2027', 'tomorrow', '2027-02-30', '2027-13-01', '2027-01-01T25:00:00Z', '01/02/2027'])(
        'refuses file[expires_at]=%s with 400: not an ISO 8601 date',
        async (expires) => {
          const before = await snapshot()
          const form = new FormData()
          form.append('file[content]', new Blob([new Uint8Array([1, 2, 3])]), 'a.bin')
          form.append('file[expires_at]', expires)
          const answer = await req('POST', '/files.json', { form })
          expectErrors(answer, 400)
          expect(answer.body.errors[0]).toContain('ISO 8601')
          expect(await snapshot()).toEqual(before)
        },
      )

      it.each([
        ['2027-01-01T00:00:00Z', '2027-01-01T00:00:00.000Z'],
        ['2027-01-01T02:30:00.5+02:00', '2027-01-01T00:30:00.500Z'],
        ['2027-01-01', '2027-01-01T00:00:00.000Z'],
        // No zone: UTC, whatever the zone of the machine the emulator runs on (here Tokyo's).
        ['2027-01-01T10:00:00', '2027-01-01T10:00:00.000Z'],
      ])('takes file[expires_at]=%s', async (expires, stored) => {
        const form = new FormData()
        form.append('file[content]', new Blob([new Uint8Array([1, 2, 3])]), 'a.bin')
        form.append('file[expires_at]', expires)
        const zone = process.env.TZ
        process.env.TZ = 'Asia/Tokyo'
        const answer = await req('POST', '/files.json', { form }).finally(() => {
          if (zone === undefined) delete process.env.TZ
          else process.env.TZ = zone
        })
        expect(answer.status).toBe(200)
        expect(answer.body.data.attributes.expires_at).toBe(stored)
      })

      it('conversions: bad recipe → 422 with the problem, unavailable method or format → 422, no recipe → 400, unknown kind → 404', async () => {
        const id = seeded.files[0]!.id
        const before = await snapshot()
        const bad = await secret('POST', `/files/${id}/conversions/image.json`, {
          form: new URLSearchParams({ recipe: '/-/explode/now/' }),
        })
        expectErrors(bad, 422)
        expect(bad.body.errors.join(' ')).toContain('explode')
        expectErrors(
          await secret('POST', `/files/${id}/conversions/video.json`, {
            form: new URLSearchParams({ recipe: '/format/webm/' }),
          }),
          422,
        )
        expectErrors(
          await secret('POST', `/files/${id}/conversions/image.json`, {
            form: new URLSearchParams({ recipe: '/-/format/bmp/' }),
          }),
          422,
        )
        expectErrors(
          await secret('POST', `/files/${id}/conversions/image.json`, { form: new URLSearchParams({}) }),
          400,
        )
        expectErrors(
          await secret('POST', `/files/${id}/conversions/audio.json`, {
            form: new URLSearchParams({ recipe: '/x/' }),
          }),
          404,
        )
        expect(await snapshot()).toEqual(before)
      })

      it('conversions: the recipe in a JSON body too, as the real service reads params[:recipe]', async () => {
        const id = seeded.files[0]!.id
        const path = `/files/${id}/conversions/image.json`
        const before = await snapshot()
        for (const json of [{}, { recipe: 5 }, { recipe: ' ' }, { conversion: { recipe: '/-/flip/' } }]) {
          const answer = await secret('POST', path, { json })
          expectErrors(answer, 400)
          expect(answer.body.errors[0], JSON.stringify(json)).toMatch(/^The recipe is required/)
        }
        expectErrors(
          await secret('POST', path, { raw: { body: '{"recipe":', type: 'application/json' } }),
          400,
        )
        const plain = await secret('POST', path, { raw: { body: 'recipe=/-/flip/', type: 'text/plain' } })
        expectErrors(plain, 415)
        expect(plain.body.errors[0]).toContain('JSON')
        expectErrors(await secret('POST', path, { json: { recipe: '/-/explode/' } }), 422)
        expect(await snapshot()).toEqual(before)
        const started = await secret('POST', path, { json: { recipe: '/-/format/webp/-/resize/40x/' } })
        expect(started.status, JSON.stringify(started.body)).toBe(200)
        await advance(10_000)
        const done = (await secret('GET', `/files/${started.body.data.id}.json`)).body.data.attributes
        expect(done).toMatchObject({ status: 'ready', mime: { mime: 'image/webp' } })
        expect(done.content.image.width).toBe(40)
      })

      it('conversions: recipes the grammar refuses (UPSTREAM §1b, §1c, §2) → 422 naming the problem, nothing made', async () => {
        const [image, , , , video] = seeded.files.map((f) => f.id)
        const before = await snapshot()
        for (const [id, kind, recipe, message] of [
          [video, 'video', '/format/webm/-/thumbs/4/', 'Write thumbs~4, not thumbs/4.'],
          [
            image,
            'image',
            '/-/crop/50x50/1:1/',
            'crop/50x50 takes no object size ("1:1"): only crop/face and crop/image do.',
          ],
          [image, 'image', '/-/blur_region/10x10/', 'blur_region/10x10 needs a position X,Y.'],
          [image, 'image', '/-/crop/50x50/center/top/', 'crop has no place for "top".'],
        ] as const) {
          const answer = await secret('POST', `/files/${id}/conversions/${kind}.json`, {
            form: new URLSearchParams({ recipe }),
          })
          expectErrors(answer, 422)
          expect(answer.body.errors, recipe).toEqual([message])
        }
        expect(await snapshot()).toEqual(before)
      })

      it('conversions: a video, document or remove_bg recipe in a form the real service breaks on → 422 saying the form', async () => {
        const [image, , , pdf, video] = seeded.files.map((f) => f.id)
        const before = await snapshot()
        // The real service pastes these after `<uuid>/video/-` or `/document/-`, and splits a
        // remove_bg recipe on `/-/` (UPSTREAM.md §0).
        for (const [id, kind, recipe] of [
          [video, 'video', '/-/format/webm/'],
          [video, 'video', 'format/webm/'],
          [pdf, 'document', '/-/format/pdf/'],
          [image, 'remove_bg', '/-/crop/true/'],
        ] as const) {
          const answer = await secret('POST', `/files/${id}/conversions/${kind}.json`, {
            form: new URLSearchParams({ recipe }),
          })
          expectErrors(answer, 422)
          expect(answer.body.errors[0]).toContain(`A ${kind} recipe starts with "/" and its first operation`)
        }
        expect(await snapshot()).toEqual(before)
        // The forms the real service takes.
        for (const [id, kind, recipe] of [
          [video, 'video', '/format/webm/'],
          [pdf, 'document', '/format/pdf/'],
          [image, 'remove_bg', 'crop/true'],
        ] as const) {
          const answer = await secret('POST', `/files/${id}/conversions/${kind}.json`, {
            form: new URLSearchParams({ recipe }),
          })
          expect(answer.status, JSON.stringify(answer.body)).toBe(200)
        }
      })

      it('video conversion: the result names its thumbnails group, thumbs~N images, ready', async () => {
        const video = seeded.files[4]!.id
        const started = await secret('POST', `/files/${video}/conversions/video.json`, {
          form: new URLSearchParams({ recipe: '/format/webm/-/thumbs~3/' }),
        })
        expect(started.status, JSON.stringify(started.body)).toBe(200)
        await advance(60_000)
        const done = (await secret('GET', `/files/${started.body.data.id}.json`)).body.data.attributes
        expect(done.status).toBe('ready')
        const groupId = done.content.video.thumbnails_group_id
        expect(groupId).toMatch(idPattern('g'))
        const group = (await secret('GET', `/groups/${groupId}.json`)).body.data.attributes
        expect(group).toMatchObject({ status: 'ready', uuid: expect.stringMatching(/~3$/) })
        const thumbs = (await secret('GET', `/groups/${groupId}/files.json`)).body.data
        expect(
          thumbs.map((f: { attributes: { is_image: boolean; status: string } }) => f.attributes),
        ).toEqual(
          Array.from({ length: 3 }, () => expect.objectContaining({ is_image: true, status: 'ready' })),
        )
      })

      it.each([
        '/groups/..%2Fgroups.json',
        '/groups/g-AAAAAAAAAAAAAAAAAAAAAA%2F..%2F.json',
        '/groups/g-AAAAAAAAAAAAAAAAAAAAAA.json',
        '/files/%2e%2e.json',
        '/files/f-AAAAAAAAAAAAAAAAAAAAAA.json',
        '/files/f-AAAAAAAAAAAAAAAAAAAAAA/actions/recognize.json',
      ])('path %s → 404', async (path) => {
        expectErrors(await secret('GET', path), 404)
      })

      it('PATCH is not served (server.md: differs on purpose): 404, nothing changed', async () => {
        const before = await snapshot()
        for (const path of [`/groups/${seeded.groups[0]!.id}.json`, `/files/${seeded.files[0]!.id}.json`]) {
          const answer = await secret('PATCH', path, { json: { file_ids: [seeded.files[1]!.id] } })
          expectErrors(answer, 404)
          expect(answer.body.errors[0]).toMatch(/^No route for PATCH /)
        }
        expect(await snapshot()).toEqual(before)
      })

      it('a path without .json → 404 saying so, whatever it names', async () => {
        const [file] = seeded.files
        const group = seeded.groups[0]!.id
        for (const [method, path] of [
          ['GET', `/groups/${group}`],
          ['GET', `/groups/${group}/files`],
          ['GET', '/groups'],
          ['GET', `/files/${file!.id}`],
          ['POST', `/files/${file!.id}/actions/recognize`],
          ['GET', `/files/${file!.id}/conversions`],
          ['POST', `/files/${file!.id}/conversions/image`],
        ] as const) {
          const answer = await secret(method, path)
          expectErrors(answer, 404)
          expect(answer.body.errors, path).toEqual([
            `The path must end in .json (got /api/v1/projects/${host.projectId}${path}).`,
          ])
        }
      })

      it('actions and conversions on a removed file say it was removed; an unavailable method is named with its article', async () => {
        const [image, removed, , pdf] = seeded.files.map((f) => f.id)
        await secret('DELETE', `/files/${removed}.json`)
        for (const [method, path] of [
          ['GET', `/files/${removed}/conversions.json`],
          ['POST', `/files/${removed}/conversions/image.json`],
          ['POST', `/files/${removed}/actions/virus_scan.json`],
        ] as const) {
          const form = method === 'POST' ? new URLSearchParams({ recipe: '/-/flip/' }) : undefined
          const answer = await secret(method, path, form && { form })
          expectErrors(answer, 422)
          expect(answer.body.errors, path).toEqual(['The file was removed.'])
        }
        const onPdf = await secret('POST', `/files/${pdf}/conversions/image.json`, {
          form: new URLSearchParams({ recipe: '/-/flip/' }),
        })
        expectErrors(onPdf, 422)
        expect(onPdf.body.errors[0]).toMatch(/^An image conversion is not available for application\/pdf/)
        const onImage = await secret('POST', `/files/${image}/conversions/video.json`, {
          form: new URLSearchParams({ recipe: '/format/webm/' }),
        })
        expect(onImage.body.errors[0]).toMatch(/^A video conversion is not available/)
      })

      it('an unknown project → 404', async () => {
        expectErrors(await secret('GET', '/api/v1/projects/someone-else/groups.json'), 404)
      })

      it('metadata updates: replace with an object, set keys with [{key, value}], refuse the rest', async () => {
        const id = seeded.files[0]!.id
        expect(
          (await secret('PUT', `/files/${id}.json`, { json: { file: { metadata: { a: '1', b: '2' } } } }))
            .body.data.attributes.metadata,
        ).toEqual({ a: '1', b: '2' })
        expect(
          (
            await secret('PUT', `/files/${id}.json`, {
              json: { file: { metadata: [{ key: 'b', value: '3' }] } },
            })
          ).body.data.attributes.metadata,
        ).toEqual({ a: '1', b: '3' })
        const before = await snapshot()
        expectErrors(
          await secret('PUT', `/files/${id}.json`, { json: { file: { metadata: { a: 5 } } } }),
          400,
        )
        expectErrors(await secret('PUT', `/files/${id}.json`, { json: { file: {} } }), 400)
        expect(await snapshot()).toEqual(before)
      })
    })

    describe('faults', () => {
      it('fails the next N matching requests with the status, then recovers', async () => {
        await control(host, 'faults', { failNext: { match: '/groups.json', status: 503, count: 2 } })
        expectErrors(await secret('GET', '/groups.json'), 503)
        expectErrors(await secret('GET', '/groups.json'), 503)
        expect((await secret('GET', '/groups.json')).status).toBe(200)
      })

      it('refuses a fault no answer could carry when it is set, not when it matches', async () => {
        for (const failNext of [
          { match: '/groups.json', status: 99 },
          { match: '/groups.json', status: 204 },
          { match: '/groups.json', status: 700 },
          { match: '/groups.json', status: 500.5 },
          { match: '/groups.json', status: 500, count: 0 },
          { match: '/groups.json', status: 429, retryAfter: -1 },
        ]) {
          const answer = await call(host, 'POST', '/__emulator/faults', {
            token: host.secretKey,
            json: { failNext },
          })
          expectErrors(answer, 400)
          expect(answer.body.errors[0]).toMatch(/^failNext: /)
        }
        expect((await secret('GET', '/groups.json')).status).toBe(200)
        // With its own message, as emulator.faults.failNext() takes one.
        await control(host, 'faults', {
          failNext: { match: '/groups.json', status: 500, message: 'Disk on fire' },
        })
        const failed = await secret('GET', '/groups.json')
        expectErrors(failed, 500)
        expect(JSON.stringify(failed.body)).toContain('Disk on fire')
      })

      it('429 carries Retry-After', async () => {
        await control(host, 'faults', { failNext: { match: '/files.json', status: 429, retryAfter: 7 } })
        const answer = await secret('GET', '/files.json')
        expectErrors(answer, 429)
        expect(answer.headers.get('Retry-After')).toBe('7')
      })

      it("makes a file's actions and conversions fail", async () => {
        const id = seeded.files[0]!.id
        await control(host, 'faults', { failActions: id, failConversions: id })
        await secret('POST', `/files/${id}/actions/recognize.json`)
        const converted = await secret('POST', `/files/${id}/conversions/image.json`, {
          form: new URLSearchParams({ recipe: '/-/format/jpeg/' }),
        })
        await advance(10_000)
        expect((await secret('GET', `/files/${id}/actions/recognize.json`)).body.data.attributes.status).toBe(
          'error',
        )
        expect(
          (await secret('GET', `/files/${converted.body.data.id}.json`)).body.data.attributes.status,
        ).toBe('processing_error')
      })

      it('an action that failed (an injected fault) runs again when asked', async () => {
        const id = seeded.files[0]!.id
        await control(host, 'faults', { failActions: id })
        await secret('POST', `/files/${id}/actions/virus_scan.json`)
        await advance(10_000)
        const failed = await secret('GET', `/files/${id}/actions/virus_scan.json`)
        expect(failed.body.data.attributes.status).toBe('error')
        await control(host, 'faults', { clear: true })
        const again = await secret('POST', `/files/${id}/actions/virus_scan.json`)
        expect(again.body.data.id).toBe(failed.body.data.id)
        expect(again.body.data.attributes).toMatchObject({ status: 'pending', result: null })
        await advance(10_000)
        const done = (await secret('GET', `/files/${id}/actions/virus_scan.json`)).body.data.attributes
        expect(done.status).toBe('ready')
        expect(done.result.data).toEqual({ infected: false })
      })

      it('the clock refuses a move past what a date can hold, and keeps working', async () => {
        for (const advance of [1e300, -1, Number.NaN]) {
          const answer = await secret('POST', '/__emulator/clock', { json: { advance } })
          expectErrors(answer, 400)
        }
        expect((await secret('GET', '/groups.json')).status).toBe(200)
        await advance(1_000)
      })

      it('control routes need the secret key', async () => {
        expect((await req('POST', '/__emulator/reset', { json: {} })).status).toBe(401)
        expect(
          (await req('POST', '/__emulator/reset', { token: seeded.groups[0]!.accessToken, json: {} })).status,
        ).toBe(401)
      })
    })
  })
}
