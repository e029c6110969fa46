// Server rendering in plain Node (no window, document, navigator or storage): every component
// renders with renderToString inside FileServiceProvider, loading (empty cache) and with data
// prefetched through the exported options factories from the emulator (msw/node), without a
// console.error or console.warn.
import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ActionStatusBadge,
  actionQueryOptions,
  conversionsQueryOptions,
  createFileServiceClient,
  FileList,
  FileServiceProvider,
  FileUploader,
  filesQueryOptions,
  GroupEditor,
  GroupList,
  groupAllFilesQueryOptions,
  groupFilesQueryOptions,
  groupQueryOptions,
  groupsQueryOptions,
  type QueryContext,
  RecipeBuilder,
  tokenScope,
} from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

const baseUrl = 'http://filekit.test'
const projectId = 'demo'
const secretKey = 'sk_ssr_test'
const emulator = createFileServiceEmulator({ projectId, secretKey, delays: { action: 0, group: 0 } })
const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
const requests: string[] = []
server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`)
})

const logged: unknown[][] = []
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  emulator.reset()
  requests.length = 0
  logged.length = 0
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args) => {
      logged.push([method, ...args])
    })
  }
})
afterEach(() => {
  vi.restoreAllMocks()
  // Nothing logs in normal operation, on the server either.
  expect(logged).toEqual([])
})
afterAll(() => server.close())

/** The same QueryContext the provider builds for this token, for prefetching outside React. */
const serverContext = (token = secretKey): QueryContext => ({
  client: createFileServiceClient({ baseUrl, projectId, token }),
  projectId,
  scope: tokenScope(token),
  onAuthError: undefined,
})

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

/** What a framework does: render with the host's client, the dehydrated state handed over. */
function render(
  ui: ReactNode,
  { state, token = secretKey }: { state?: DehydratedState; token?: string } = {},
) {
  const client = newClient()
  const html = renderToString(
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>
        <FileServiceProvider baseUrl={baseUrl} projectId={projectId} token={token}>
          {ui}
        </FileServiceProvider>
      </HydrationBoundary>
    </QueryClientProvider>,
  )
  client.clear()
  // A host's Content-Security-Policy without 'unsafe-inline' (style-src 'self') drops style
  // attributes from server HTML, and one without it for scripts drops inline scripts.
  expect(html).not.toMatch(/\sstyle=|<script/)
  return html
}

/** Prefetches on a throwaway server client and returns the state as it would cross the wire. */
async function prefetch(...work: ((client: QueryClient) => Promise<unknown>)[]): Promise<DehydratedState> {
  const client = newClient()
  await Promise.all(work.map((w) => w(client)))
  const state = JSON.parse(JSON.stringify(dehydrate(client))) as DehydratedState
  client.clear()
  return state
}

/** Visible text of an HTML string, tags removed, entities of interest decoded. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

const utcDate = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  )

describe('server rendering in plain Node', () => {
  it('has no browser globals in this environment', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    expect(typeof localStorage).toBe('undefined')
    expect(typeof sessionStorage).toBe('undefined')
  })

  describe('loading (empty cache)', () => {
    it.each([
      ['GroupEditor (create)', <GroupEditor key="a" />, 'New group'],
      ['GroupEditor (edit)', <GroupEditor key="b" groupId="g-1" />, 'Loading…'],
      ['FileList', <FileList key="c" />, 'Loading…'],
      ['FileList (group)', <FileList key="d" groupId="g-1" />, 'Loading…'],
      ['GroupList', <GroupList key="e" />, 'Loading…'],
      ['FileUploader', <FileUploader key="f" />, 'Choose files'],
      [
        'ActionStatusBadge',
        <ActionStatusBadge key="g" fileId="f-1" type="virus_scan" />,
        'Virus scan: Checking…',
      ],
      ['RecipeBuilder', <RecipeBuilder key="h" fileId="f-1" />, 'Loading…'],
    ])('%s', (_, ui, expected) => {
      const html = render(ui)
      expect(text(html)).toContain(expected)
      // Rendering on the server starts no request: data comes from prefetching, or after hydration.
      expect(requests).toEqual([])
    })
  })

  describe('with prefetched data', () => {
    it('FileList shows the page of files: names, types, sizes, statuses, dates in UTC', async () => {
      const { files } = await emulator.seed({
        files: [{ name: 'cat.png' }, { sample: 'pdf', name: 'cv.pdf' }],
      })
      const ctx = serverContext()
      const state = await prefetch((c) => c.prefetchQuery(filesQueryOptions(ctx)))
      expect(requests).toEqual([`GET /api/v1/projects/${projectId}/files.json`])
      const html = render(<FileList />, { state })
      const shown = text(html)
      expect(shown).toContain('cat.png')
      expect(shown).toContain('cv.pdf')
      expect(shown).toContain('application/pdf')
      expect(shown).toContain('Page 1 of 1')
      expect(html).toContain('data-state="ready"')
      expect(html).toContain(`${baseUrl}/cdn/${files[0]!.id}/-/preview/96x96/`)
      // The server can't know the browser's locale and time zone: its HTML (and the hydration
      // render) use en-US in UTC unless the provider says otherwise.
      expect(shown).toContain(utcDate(files[0]!.createdAt!))
    })

    it("the dates in the server's HTML do not depend on the server's own time zone", async () => {
      const { files } = await emulator.seed({ files: [{ name: 'late.png' }] })
      const state = await prefetch((c) => c.prefetchQuery(filesQueryOptions(serverContext())))
      const tz = process.env.TZ
      process.env.TZ = 'Pacific/Kiritimati' // UTC+14: a different calendar day from UTC, always
      try {
        expect(text(render(<FileList />, { state }))).toContain(utcDate(files[0]!.createdAt!))
      } finally {
        if (tz === undefined) delete process.env.TZ
        else process.env.TZ = tz
      }
    })

    it("FileList shows a group's files with only the group's token", async () => {
      const { groups } = await emulator.seed({
        files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }],
        groups: [{ files: [2, 0] }],
      })
      const token = groups[0]!.accessToken!
      const ctx = serverContext(token)
      const state = await prefetch((c) => c.prefetchQuery(groupFilesQueryOptions(ctx, groups[0]!.id)))
      const shown = text(render(<FileList groupId={groups[0]!.id} />, { state, token }))
      expect(shown.indexOf('c.png')).toBeGreaterThan(-1)
      expect(shown.indexOf('c.png')).toBeLessThan(shown.indexOf('a.png'))
      expect(shown).not.toContain('b.png')
    })

    it('GroupList shows the groups with their file counts and statuses', async () => {
      const { groups } = await emulator.seed({
        files: [{}, {}, {}],
        groups: [{ files: [0, 1, 2] }, { files: [1] }],
      })
      const state = await prefetch((c) =>
        c.prefetchQuery(groupsQueryOptions(serverContext(), { page: 1, items: 20 })),
      )
      const html = render(<GroupList onSelect={() => {}} />, { state })
      const shown = text(html)
      for (const group of groups) expect(shown).toContain(group.id)
      expect(shown).toContain('Ready')
      expect(html.match(/data-slot="group-row"/g)).toHaveLength(2)
      expect(html.match(/>Open</g)).toHaveLength(2)
    })

    it('GroupEditor shows the group in order, its status and version, and the uploader', async () => {
      const { groups } = await emulator.seed({
        files: [{ name: 'one.png' }, { name: 'two.png' }, { name: 'three.png' }],
        groups: [{ files: [1, 2, 0] }],
      })
      const group = groups[0]!
      const ctx = serverContext()
      const state = await prefetch(
        (c) => c.prefetchQuery(groupAllFilesQueryOptions(ctx, group.id)),
        (c) => c.prefetchQuery(groupQueryOptions(ctx, group.id)),
      )
      const html = render(<GroupEditor groupId={group.id} />, { state })
      const shown = text(html)
      expect(shown).toContain(`Group ${group.id}`)
      expect(shown).toContain(`Version: ${group.uuid}`)
      expect(shown).toMatch(/1\. two\.png .*2\. three\.png .*3\. one\.png/)
      expect(shown).toContain('Choose files')
      expect(shown).toContain('Add from project files')
      // Ids from useId tie the hint and the handles together in the HTML.
      const hint = html.match(/<p id="([^"]+)" data-slot="keyboard-hint"/)?.[1]
      expect(hint).toBeTruthy()
      expect(html).toContain(`aria-describedby="${hint}"`)
    })

    it('GroupEditor with a group token creates nothing and offers no picking', async () => {
      const { groups } = await emulator.seed({ files: [{ name: 'only.png' }], groups: [{ files: [0] }] })
      const token = groups[0]!.accessToken!
      const ctx = serverContext(token)
      const state = await prefetch(
        (c) => c.prefetchQuery(groupAllFilesQueryOptions(ctx, groups[0]!.id)),
        (c) => c.prefetchQuery(groupQueryOptions(ctx, groups[0]!.id)),
      )
      const shown = text(render(<GroupEditor groupId={groups[0]!.id} />, { state, token }))
      expect(shown).toContain('1. only.png')
      expect(shown).not.toContain('Add from project files')
    })

    it('ActionStatusBadge shows a finished action with its result, and a never-started one', async () => {
      const { files } = await emulator.seed({ files: [{}, { sample: 'eicar' }] })
      const ctx = serverContext()
      await ctx.client.actions.run(files[1]!.id, 'virus_scan')
      await vi.waitFor(async () => {
        expect((await ctx.client.actions.get(files[1]!.id, 'virus_scan')).status).toBe('ready')
      })
      const state = await prefetch(
        (c) => c.prefetchQuery(actionQueryOptions(ctx, files[0]!.id, 'virus_scan')),
        (c) => c.prefetchQuery(actionQueryOptions(ctx, files[1]!.id, 'virus_scan')),
      )
      const html = render(
        <>
          <ActionStatusBadge fileId={files[0]!.id} type="virus_scan" />
          <ActionStatusBadge fileId={files[1]!.id} type="virus_scan" showResult />
        </>,
        { state },
      )
      const shown = text(html)
      expect(shown).toContain('Virus scan: Not started')
      expect(shown).toMatch(/Virus scan: Done — Infected: \S+/)
      expect(html).toContain('data-status="notStarted"')
      expect(html).toContain('data-status="ready"')
      expect(html).toContain('aria-label="Run: Virus scan"')
    })

    it('RecipeBuilder offers the methods and formats the file has', async () => {
      const { files } = await emulator.seed({ files: [{}] })
      const ctx = serverContext()
      const state = await prefetch((c) => c.prefetchQuery(conversionsQueryOptions(ctx, files[0]!.id)))
      const html = render(<RecipeBuilder fileId={files[0]!.id} />, { state })
      const shown = text(html)
      expect(html).toContain('data-state="ready"')
      // No <form>: in a host's form an HTML parser drops a nested one (and its submit is lost).
      expect(html).not.toContain('<form')
      expect(shown).toContain('Conversion')
      expect(shown).toContain('Image')
      expect(shown).toContain('Background removal')
      expect(shown).not.toContain('Document')
      expect(shown).toContain('No operations yet.')
      expect(html).toContain(`${baseUrl}/cdn/${files[0]!.id}/-/preview/400x400/`)
    })

    it('FileUploader renders its drop zone with the accepted types', () => {
      const html = render(<FileUploader accept={['image/*', '.pdf']} multiple={false} />)
      expect(text(html)).toContain('Drop files here, or choose them')
      expect(html).toContain('accept="image/*,.pdf"')
      expect(html).not.toContain('multiple')
    })

    it('a forbidden answer is not dehydrated: the server HTML shows loading, never data of another token', async () => {
      await emulator.seed({ files: [{ name: 'secret.png' }] })
      const anonymous = serverContext('gat-not-a-real-token')
      const state = await prefetch((c) => c.prefetchQuery(filesQueryOptions(anonymous)))
      const shown = text(render(<FileList />, { state, token: 'gat-not-a-real-token' }))
      expect(shown).toContain('Loading…')
      expect(shown).not.toContain('secret.png')
    })
  })
})
