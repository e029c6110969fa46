// Hydration in Chromium: each component's server HTML (renderToString, data prefetched from the
// emulator server through the options factories and dehydrated) is hydrated with the same tree
// and data. No mismatch (no onRecoverableError, no console.error or console.warn), the content
// stays, and it responds to clicks. The "server" renders in UTC with en-US and the browser then
// hydrates in UTC+14 with de-DE (Chromium's emulation, through CDP), as a real server and browser
// would differ.

import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query'
import { within } from '@testing-library/dom'
import { userEvent } from '@testing-library/user-event'
import { lazy, type ReactElement, Suspense, useEffect } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cdp } from 'vitest/browser'
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
  type TokenSource,
  tokenScope,
} from '../../src/index.ts'
import { baseUrl, projectId, secretKey } from './support.ts'

// The operator's pages use the secret key through a function (as behind a proxy that adds it):
// a secret key *string* in a browser logs the intended one-time warning, which is not under test.
const operator = { token: () => secretKey, scope: 'operator' }

const control = (path: string, body: object = {}) =>
  fetch(`${baseUrl}/__emulator/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())

interface Seeded {
  files: { id: string; name: string }[]
  groups: { id: string; accessToken: string; fileIds: string[] }[]
}
let seeded: Seeded
const api = createFileServiceClient({ baseUrl, projectId, token: secretKey })

/** Server and client environments differ, as they do in real life. */
const environment = async (where: 'server' | 'client') => {
  const session = cdp()
  await session.send('Emulation.setTimezoneOverride', {
    timezoneId: where === 'server' ? 'UTC' : 'Pacific/Kiritimati',
  })
  await session.send('Emulation.setLocaleOverride', { locale: where === 'server' ? 'en-US' : 'de-DE' })
}

beforeAll(async () => {
  await control('reset')
  seeded = await control('seed', {
    files: [{ name: 'alpha.png' }, { name: 'beta.png' }, { name: 'gamma.pdf', sample: 'pdf' }],
    groups: [{ files: [2, 0, 1] }],
  })
  await api.actions.run(seeded.files[0]!.id, 'recognize')
  await vi.waitFor(
    async () => expect((await api.actions.get(seeded.files[0]!.id, 'recognize')).status).toBe('ready'),
    { timeout: 10_000, interval: 200 },
  )
})
afterAll(async () => {
  const session = cdp()
  await session.send('Emulation.setTimezoneOverride', { timezoneId: '' })
  await session.send('Emulation.setLocaleOverride', {})
})

const logged: unknown[][] = []
let root: Root | undefined
let container: HTMLElement
beforeEach(() => {
  logged.length = 0
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args) => {
      logged.push([method, ...args])
    })
  }
})
afterEach(() => {
  root?.unmount()
  root = undefined
  container?.remove()
  vi.restoreAllMocks()
})

/** What the page's framework does on the server: prefetch, render to HTML, dehydrate. */
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
const contextFor = (token: TokenSource, scope: string): QueryContext => ({
  client: createFileServiceClient({ baseUrl, projectId, token }),
  projectId,
  scope,
  onAuthError: undefined,
})

function Page({
  client,
  state,
  token,
  scope,
  children,
  onHydrated,
}: {
  client: QueryClient
  state: DehydratedState
  token: TokenSource
  scope: string | undefined
  children: ReactElement
  onHydrated?: () => void
}) {
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>
        <FileServiceProvider baseUrl={baseUrl} projectId={projectId} token={token} tokenScope={scope}>
          {children}
          <Hydrated onHydrated={onHydrated} />
        </FileServiceProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  )
}
/** Its effect runs once the tree around it is hydrated. */
function Hydrated({ onHydrated }: { onHydrated?: (() => void) | undefined }) {
  useEffect(() => onHydrated?.(), [onHydrated])
  return null
}

async function serverThenHydrate(
  ui: ReactElement,
  prefetch: (client: QueryClient, ctx: QueryContext) => Promise<unknown>[],
  options: {
    token?: TokenSource
    beforeHydrate?: () => Promise<unknown>
    /** The tree the browser hydrates, when its code differs from the server's (lazy parts). */
    clientUi?: ReactElement
  } = {},
) {
  const token = 'token' in options ? options.token : operator.token
  const scope = typeof token === 'function' ? operator.scope : undefined
  // Server: fetch, render, hand over the data as JSON.
  await environment('server')
  // The scope the browser's provider computes from its props.
  const ctx = contextFor(token, tokenScope(token, { tokenScope: scope, baseUrl }))
  const serverClient = newClient()
  await Promise.all(prefetch(serverClient, ctx))
  const state = JSON.parse(JSON.stringify(dehydrate(serverClient))) as DehydratedState
  const html = renderToString(
    <Page client={newClient()} state={state} token={token} scope={scope}>
      {ui}
    </Page>,
  )
  container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)

  // Browser: the same tree and data, hydrated.
  await options.beforeHydrate?.()
  await environment('client')
  const onRecoverableError = vi.fn()
  let done!: () => void
  const hydrated = new Promise<void>((resolve) => {
    done = resolve
  })
  root = hydrateRoot(
    container,
    <Page client={newClient()} state={structuredClone(state)} token={token} scope={scope} onHydrated={done}>
      {options.clientUi ?? ui}
    </Page>,
    { onRecoverableError },
  )
  await hydrated
  // A little while after hydration too: post-hydration renders (the browser's locale) log nothing.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(onRecoverableError).not.toHaveBeenCalled()
  expect(logged).toEqual([])
  return { html, view: within(container) }
}

const clientDate = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

describe('hydration in Chromium', () => {
  it('FileList: dates from the server in UTC/en-US, then in the browser’s zone and locale; selection works', async () => {
    const file = await api.files.get(seeded.files[0]!.id)
    const onSelectedIdsChange = vi.fn()
    const { html, view } = await serverThenHydrate(
      <FileList defaultSelectedIds={[]} onSelectedIdsChange={onSelectedIdsChange} />,
      (client, ctx) => [client.prefetchQuery(filesQueryOptions(ctx))],
    )
    expect(html).toContain('alpha.png')
    const utc = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(file.createdAt))
    expect(html).toContain(utc)
    // After hydration, the browser's own zone and locale (a different day in UTC+14).
    expect(clientDate(file.createdAt)).not.toBe(utc)
    expect(view.getAllByText(clientDate(file.createdAt)).length).toBeGreaterThan(0)
    expect(view.getByText('gamma.pdf')).toBeTruthy()
    await userEvent.click(view.getByRole('checkbox', { name: 'Select beta.png' }))
    expect(onSelectedIdsChange).toHaveBeenCalledWith([seeded.files[1]!.id])
    expect((view.getByRole('checkbox', { name: 'Select beta.png' }) as HTMLInputElement).checked).toBe(true)
  })

  it('FileList of a group with only its token, in the group’s order', async () => {
    const group = seeded.groups[0]!
    const { view } = await serverThenHydrate(
      <FileList groupId={group.id} />,
      (client, ctx) => [client.prefetchQuery(groupFilesQueryOptions(ctx, group.id))],
      { token: group.accessToken },
    )
    const names = view
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent)
    expect(names).toEqual(['gamma.pdf', 'alpha.png', 'beta.png'])
  })

  it('GroupList: the group, and its Open button works', async () => {
    const onSelect = vi.fn()
    const { view } = await serverThenHydrate(<GroupList onSelect={onSelect} />, (client, ctx) => [
      client.prefetchQuery(groupsQueryOptions(ctx, { page: 1, items: 20 })),
    ])
    const group = seeded.groups[0]!
    expect(view.getByText(group.id)).toBeTruthy()
    await userEvent.click(view.getByRole('button', { name: `Open ${group.id}` }))
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: group.id }))
  })

  it('GroupEditor: useId ids match, and reordering works after hydration', async () => {
    const group = seeded.groups[0]!
    const { html, view } = await serverThenHydrate(
      <GroupEditor groupId={group.id} />,
      (client, ctx) => [
        client.prefetchQuery(groupAllFilesQueryOptions(ctx, group.id)),
        client.prefetchQuery(groupQueryOptions(ctx, group.id)),
      ],
      { token: group.accessToken },
    )
    const hint = view.getByText('Alt+Arrow keys move the focused file; Delete removes it.')
    expect(html).toContain(`id="${hint.id}"`)
    expect(view.getByRole('button', { name: '1. gamma.pdf' }).getAttribute('aria-describedby')).toBe(hint.id)
    // The uploader's label still points at its input (another useId).
    expect(view.getByLabelText('Choose files')).toBeInstanceOf(HTMLInputElement)
    await userEvent.click(view.getByRole('button', { name: 'Move gamma.pdf down' }))
    expect(view.getByRole('button', { name: '2. gamma.pdf' })).toBeTruthy()
    expect(view.getByText('Unsaved changes')).toBeTruthy()
  })

  it('GroupEditor creating a group (nothing to prefetch)', async () => {
    const { view } = await serverThenHydrate(<GroupEditor />, () => [], { token: undefined })
    expect(view.getByRole('heading', { name: 'New group' })).toBeTruthy()
    await userEvent.click(view.getByRole('button', { name: 'Create group' }))
    expect(view.getByRole('alert').textContent).toBe('Add at least one file.')
  })

  it('ActionStatusBadge: a finished action with its result, and Run on one never started', async () => {
    const [done, fresh] = seeded.files
    const { view } = await serverThenHydrate(
      <div>
        <ActionStatusBadge fileId={done!.id} type="recognize" showResult />
        <ActionStatusBadge fileId={fresh!.id} type="moderate" />
      </div>,
      (client, ctx) => [
        client.prefetchQuery(actionQueryOptions(ctx, done!.id, 'recognize')),
        client.prefetchQuery(actionQueryOptions(ctx, fresh!.id, 'moderate')),
      ],
    )
    const [first, second] = view.getAllByRole('status')
    // The result's percentages went through Intl: the browser's locale once hydrated.
    expect(first!.textContent).toMatch(/^Image recognition: Done — Labels: \w+ \d+\s%/)
    expect(second!.textContent).toBe('Moderation: Not started')
    await userEvent.click(view.getByRole('button', { name: 'Run: Moderation' }))
    await vi.waitFor(() => expect(second!.textContent).toMatch(/^Moderation: (Running…|Done)/))
  })

  it('RecipeBuilder: methods from the server, and adding an operation works', async () => {
    const fileId = seeded.files[0]!.id
    // The preview image has loaded before the page hydrates (its load event came and went).
    const imageLoaded = () =>
      vi.waitFor(() => expect(container.querySelector('img')?.complete).toBe(true), { timeout: 5_000 })
    const { view } = await serverThenHydrate(
      <RecipeBuilder fileId={fileId} previewDelay={0} />,
      (client, ctx) => [client.prefetchQuery(conversionsQueryOptions(ctx, fileId))],
      { beforeHydrate: imageLoaded },
    )
    expect(view.getByRole('combobox', { name: 'Conversion' })).toBeTruthy()
    // Still, the preview says it is there, not "Updating preview…" forever.
    const figure = container.querySelector<HTMLElement>('[data-slot="recipe-preview"]')!
    await vi.waitFor(() => expect(figure.dataset.state).toBe('ready'), { timeout: 5_000 })
    await userEvent.click(view.getByRole('button', { name: 'Add' }))
    expect(container.querySelector('[data-slot="recipe-text"]')!.textContent).not.toBe('—')
    expect(container.querySelectorAll('[data-slot="recipe-operation"]')).toHaveLength(1)
  })

  it('a Suspense boundary that hydrates after the provider keeps its server HTML', async () => {
    // As in a streamed Next.js page: a boundary below the provider is hydrated later (here its
    // code arrives later). The provider changing what it provides meanwhile would make React
    // drop the boundary's server HTML and render it again in the browser.
    let release!: () => void
    const arrived = new Promise<void>((resolve) => {
      release = resolve
    })
    const Dates = () => <FileList />
    const LateDates = lazy(async () => {
      await arrived
      return { default: Dates }
    })
    const file = await api.files.get(seeded.files[0]!.id)
    const { view } = await serverThenHydrate(
      <Suspense fallback={null}>
        <Dates />
      </Suspense>,
      (client, ctx) => [client.prefetchQuery(filesQueryOptions(ctx))],
      {
        clientUi: (
          <Suspense fallback={null}>
            <LateDates />
          </Suspense>
        ),
      },
    )
    const table = view.getByRole('table')
    release()
    await vi.waitFor(() => expect(view.getAllByText(clientDate(file.createdAt)).length).toBeGreaterThan(0))
    // Hydrated in place: the server's table, not a new one.
    expect(view.getByRole('table')).toBe(table)
    expect(logged).toEqual([])
  })

  it('FileUploader: uploads a chosen file after hydration', async () => {
    const onUploaded = vi.fn()
    const { view } = await serverThenHydrate(<FileUploader onUploaded={onUploaded} />, () => [])
    await userEvent.upload(
      view.getByLabelText('Choose files'),
      new File(['hello'], 'hello.txt', { type: 'text/plain' }),
    )
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1), { timeout: 10_000 })
    // onUploaded is called as the item's new state is set: the text follows with the next render.
    expect(await view.findByText('Uploaded')).toBeTruthy()
  })
})
