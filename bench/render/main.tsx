// The render bench page (built by Vite in production mode, driven by bench/render/renderBench.ts).
// Every query a component needs is put in its QueryClient beforehand with the library's own
// options factories, so what is timed is React rendering and committing the component (and the
// browser's layout of it), never a request.
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
// Styled as a host app styles it: layout is part of what is timed.
import '../../src/styles.css'
// Not public either: the rows per chunk GroupEditor lays out, which the plain control copies.
import { CHUNK } from '../../src/components/GroupEditor/GroupEditor.tsx'
// Not public: what FileList calls per row, timed alone to show its share.
import { formatDate, formatSize } from '../../src/components/shared/format.ts'
import {
  type Action,
  ActionStatusBadge,
  actionQueryOptions,
  conversionsQueryOptions,
  FileList,
  type FileResource,
  FileServiceProvider,
  filesQueryOptions,
  GroupEditor,
  groupAllFilesQueryOptions,
  groupQueryOptions,
  parseRecipe,
  type QueryContext,
  RecipeBuilder,
  useFileService,
} from '../../src/index.ts'

// Nothing answers here: a request that slipped through would fail fast and show in the DOM.
const baseUrl = `${location.origin}/no-service`
const projectId = 'bench'
const token = 'bench_secret_key'
const groupId = 'g-bench000000000000000000'
const imageId = 'f-image0000000000000000000'

const file = (i: number): FileResource => ({
  id: `f-${String(i).padStart(22, '0')}`,
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  status: 'ready',
  isImage: i % 7 !== 3,
  mime:
    i % 7 === 3
      ? { mime: 'application/pdf', type: 'application', subtype: 'pdf' }
      : { mime: 'image/png', type: 'image', subtype: 'png' },
  originalUrl: `${baseUrl}/cdn/f-${i}/`,
  originalName: `photo-${i + 1}.png`,
  size: 20_000 + i * 37,
  metadata: {},
  content: i % 7 === 3 ? null : { image: { width: 640, height: 480, format: 'PNG' } },
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  uploadedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  removedAt: null,
  expiresAt: null,
  projectId,
})

/** The provider's query context, read once from a rendered provider (scope is a hash of the token). */
function contextFor(client: QueryClient): QueryContext {
  let ctx: QueryContext | undefined
  function Probe() {
    ctx = useFileService()
    return null
  }
  const root = createRoot(document.createElement('div'))
  flushSync(() => root.render(wrap(client, <Probe />)))
  root.unmount()
  return ctx!
}

const wrap = (client: QueryClient, children: ReactNode) => (
  <FileServiceProvider
    baseUrl={baseUrl}
    projectId={projectId}
    token={token}
    queryClient={client}
    // Served by the bench's preview server: a small real JPEG for every thumbnail and preview.
    cdnUrl={`${location.origin}/cdn`}
    locale="en-US"
    timeZone="UTC"
  >
    {children}
  </FileServiceProvider>
)

// Cached data never goes stale: no refetch on mount, focus or reconnect.
const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } })

function groupEditorClient(count: number) {
  const client = newClient()
  const ctx = contextFor(client)
  const files = Array.from({ length: count }, (_, i) => file(i))
  client.setQueryData(groupAllFilesQueryOptions(ctx, groupId).queryKey, {
    data: files,
    count,
    page: 1,
    pageSize: count,
    pages: 1,
  })
  client.setQueryData(groupQueryOptions(ctx, groupId).queryKey, {
    id: groupId,
    uuid: `00000000-0000-4000-8000-000000000000~${count}`,
    status: 'ready',
    projectId,
  })
  return client
}

function fileListClient(pageSize: number, pages: number) {
  const client = newClient()
  const ctx = contextFor(client)
  for (let page = 1; page <= pages; page++) {
    client.setQueryData(filesQueryOptions(ctx, { page, items: pageSize }).queryKey, {
      data: Array.from({ length: pageSize }, (_, i) => file((page - 1) * pageSize + i)),
      count: pageSize * pages,
      page,
      pageSize,
      pages,
    })
  }
  return client
}

/**
 * Not a scenario of the library: the rows FileList shows for a page of 100 files (the same
 * elements, classes, text, formatting and thumbnails), as a plain React table with no provider,
 * query, pagination or status lines. Its mount is what a table of those rows costs in this
 * browser on this machine, the floor under FileList's.
 */
function PlainTable({ files }: { files: FileResource[] }) {
  return (
    <div className="fk-root fk-file-list" data-slot="file-list">
      <div className="fk-table-scroll" data-slot="table-scroll">
        <table aria-label="Files">
          <thead>
            <tr>
              {['Preview', 'Name', 'Type', 'Size', 'Status', 'Created'].map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.id} data-slot="file-row" data-status={f.status}>
                <td>
                  {f.isImage && (
                    <img
                      src={`${location.origin}/cdn/${f.id}/-/preview/96x96/`}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                    />
                  )}
                </td>
                <td data-slot="file-name">{f.originalName}</td>
                <td>{f.mime?.mime}</td>
                <td>{formatSize(f.size, 'en-US')}</td>
                <td data-status={f.status}>Ready</td>
                <td>{formatDate(f.createdAt, 'en-US', 'UTC')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
const plainFiles = Array.from({ length: 100 }, (_, i) => file(i))

/**
 * Not a scenario of the library: the list GroupEditor shows for 1000 files (the same elements,
 * attributes, classes, text and chunks), as plain React with no provider, query, state, messages
 * or handlers. Its mount is the floor under GroupEditor's.
 */
function PlainEditorList({ files }: { files: FileResource[] }) {
  const row = (f: FileResource, i: number) => {
    const name = f.originalName!
    return (
      // biome-ignore lint/a11y/useSemanticElements: GroupEditor's markup (an ARIA list of chunks of rows)
      <div key={f.id} role="listitem" draggable data-slot="group-file">
        <button type="button" className="fk-handle" data-slot="drag-handle" aria-describedby="plain-hint">
          {`${i + 1}. `}
          <bdi>{name}</bdi>
        </button>{' '}
        <button type="button" className="fk-button" aria-label={`Move ${name} up`} disabled={i === 0}>
          ↑
        </button>
        <button
          type="button"
          className="fk-button"
          aria-label={`Move ${name} down`}
          disabled={i === files.length - 1}
        >
          ↓
        </button>
        <button type="button" className="fk-button" aria-label={`Remove ${name}`}>
          ×
        </button>
      </div>
    )
  }
  return (
    <div className="fk-root fk-group-editor" data-slot="group-editor">
      <p id="plain-hint">Alt+Arrow keys move the focused file; Delete removes it.</p>
      {/* biome-ignore lint/a11y/useSemanticElements: GroupEditor's markup (an ARIA list of chunks of rows) */}
      <div role="list" aria-label="Files in this group" aria-describedby="plain-hint" data-slot="group-files">
        {files.map((_, start) =>
          start % CHUNK ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: GroupEditor's chunks, keyed by their place
            <div key={start} data-slot="group-files-chunk">
              {files.slice(start, start + CHUNK).map((f, i) => row(f, start + i))}
            </div>
          ),
        )}
      </div>
    </div>
  )
}
const plainEditorFiles = Array.from({ length: 1000 }, (_, i) => file(i))

// 20 operations, each with arguments the builder renders inputs for.
const recipeText = [
  'preview/1600x1200',
  'resize/1280x',
  'crop/1000x700/center',
  'rotate/90',
  'flip',
  'mirror',
  'grayscale',
  'invert',
  'enhance/50',
  'blur/10',
  'sharp/5',
  'scale_crop/800x600/center',
  'setfill/ff00ff',
  'trim',
  'stretch/off',
  'smart_resize/640x480',
  'autorotate/no',
  'strip_meta/all',
  'quality/smart',
  'format/webp',
]
  .map((op) => `/-/${op}/`)
  .join('')
  .replace(/\/\//g, '/')

function recipeClient() {
  const client = newClient()
  const ctx = contextFor(client)
  client.setQueryData(conversionsQueryOptions(ctx, imageId).queryKey, {
    formatCurrent: 'png',
    formatsAvailable: ['avif', 'gif', 'jpg', 'tiff', 'webp'],
    methodsAvailable: ['image', 'remove_bg'],
  })
  return client
}

// Badges on many files (a badge column in a long list), each action done and cached.
const badgeCount = 100
const badgeFile = (i: number) => `f-badge${String(i).padStart(19, '0')}`
/** Caches a done virus scan for each of `fileIds`. */
function scanned(client: QueryClient, fileIds: string[]) {
  const ctx = contextFor(client)
  fileIds.forEach((fileId, i) => {
    const action: Action<'virus_scan'> = {
      id: `a-${i}`,
      actionType: 'virus_scan',
      status: 'ready',
      result: { data: { infected: false } },
      fileId,
      projectId,
    }
    client.setQueryData(actionQueryOptions(ctx, fileId, 'virus_scan').queryKey, action)
  })
  return client
}
const badgesClient = () =>
  scanned(
    newClient(),
    Array.from({ length: badgeCount }, (_, i) => badgeFile(i)),
  )
// A host's badge column in FileList: one renderActions function for every render (as with useCallback).
const badgeCell = (f: FileResource) => <ActionStatusBadge fileId={f.id} type="virus_scan" />
const badges = (client: QueryClient) =>
  wrap(
    client,
    Array.from({ length: badgeCount }, (_, i) => badgeFile(i)).map((fileId) => (
      <ActionStatusBadge key={fileId} fileId={fileId} type="virus_scan" />
    )),
  )
let badgeClient: QueryClient | null = null

export interface Timing {
  /** React's render and commit (flushSync returns after the commit and its effects). */
  commit: number
  /** The same plus the browser's style and layout of the result (a forced reflow). */
  layout: number
  /**
   * From the update's start until the DOM has settled and a frame has been rendered after it:
   * renders scheduled by effects, the frames' style, layout, paint and commit to the compositor.
   */
  frame: number
  /** Frames rendered until the DOM settled (1: nothing changed after the first frame). */
  frames: number
}

const stage = document.getElementById('stage')!
// Outside the stage: changed to make a frame draw something where an update changes no DOM.
const tickText = document.getElementById('tick')!
let root: Root | null = null
let container: HTMLElement | null = null

function fresh() {
  root?.unmount()
  container?.remove()
  container = document.createElement('div')
  stage.append(container)
  root = createRoot(container)
  return root
}

/**
 * The next frame, rendered: a requestAnimationFrame callback runs before the frame's style,
 * layout and paint; a MessageChannel task posted from it runs after them.
 */
const nextFrame = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => resolve()
      channel.port2.postMessage(null)
    }),
  )

// Any DOM change in the stage after the update's own commit: a render an effect scheduled, an
// element re-keyed, a ResizeObserver's answer.
let changed = false
const observer = new MutationObserver(() => {
  changed = true
})
observer.observe(stage, { subtree: true, childList: true, attributes: true, characterData: true })

/**
 * Times `update` up to its commit, up to layout after a forced reflow, and up to the frame
 * rendered after the DOM settled: frames are awaited until one passes with no DOM change in the
 * stage (at most 10). The bench's Chromium renders a frame as soon as there is something to draw
 * (no frame-rate limit, no vsync), so the wait is the browser's work, not idle time up to a vsync;
 * the "empty update" scenario gives the floor. `settled` says when the update's result is all
 * shown, for a scenario whose result React could finish later (a deferred value renders in a later
 * render that can span frames with no DOM change before it commits): the wait goes on until it
 * holds too (at most 200 frames).
 */
async function time(update: () => void, settled: () => boolean = () => true): Promise<Timing> {
  const start = performance.now()
  flushSync(update)
  const committed = performance.now()
  void document.body.offsetHeight
  const laidOut = performance.now()
  observer.takeRecords()
  changed = false
  let frames = 0
  do {
    changed = false
    await nextFrame()
    frames++
    if (observer.takeRecords().length) changed = true
  } while ((changed && frames < 10) || (!settled() && frames < 200))
  return {
    commit: committed - start,
    layout: laidOut - start,
    frame: performance.now() - start,
    frames,
  }
}

function check(condition: boolean, what: string) {
  if (!condition) throw new Error(`bench check failed: ${what}`)
}

const handles = () => [...container!.querySelectorAll<HTMLButtonElement>('[data-slot="drag-handle"]')]
/**
 * The first and last handles show their rows' positions ("1. name", "1,000. name"): GroupEditor's
 * numbers have settled (a render commits them all at once). Cheap: it runs in the timed frames.
 */
const numbered = () => {
  const list = container!.querySelector('[data-slot="group-files"]')!
  const number = (row: Element | null | undefined) =>
    Number(row!.querySelector('[data-slot="drag-handle"]')!.textContent!.split('. ')[0]!.replace(/\D/g, ''))
  const last = list.lastElementChild!
  const count = (list.childElementCount - 1) * CHUNK + last.childElementCount
  return number(list.firstElementChild?.firstElementChild) === 1 && number(last.lastElementChild) === count
}

// A component that renders twice: mounted, then mounted again from an effect (a state set in
// useEffect that changes a key). Not a scenario of the library: the control that shows the timed
// span includes a render an effect schedules (it must come out well above the plain mount).
function TwiceGroupEditor() {
  const [round, setRound] = useState(0)
  useEffect(() => setRound(1), [])
  return <GroupEditor key={round} groupId={groupId} />
}

interface Scenario {
  /** Once, before the runs (not timed). */
  setup?: () => void
  /** Before each run, ahead of the frame that separates runs (not timed). */
  prepare?: (i: number) => void
  run: (i: number) => Promise<Timing>
}

// What a mount run builds beforehand: its QueryClient and a fresh root (the old one unmounted).
let mountClient: QueryClient | null = null
let mountRoot: Root | null = null
const prepareMount = (client: () => QueryClient) => () => {
  mountClient = client()
  mountRoot = fresh()
}
const mount = async (element: (client: QueryClient) => ReactNode) =>
  time(() => mountRoot!.render(element(mountClient!)))

let reorderHandle: { index: number; name: string } | null = null
let tick = 0

/** GroupEditor on a group of 1000 files, for the runs that follow to edit. */
const editorOf1000 = () => {
  const client = groupEditorClient(1000)
  const r = fresh()
  flushSync(() => r.render(wrap(client, <GroupEditor groupId={groupId} />)))
}

/** One Alt+ArrowDown on the handle of the row `at(i)` gives (0-based), in a group of 1000. */
const reorder = (at: (i: number) => number): Scenario => ({
  setup: editorOf1000,
  // Focused before the frame between runs: the focus ring's restyle is not the reorder's.
  prepare: (i) => {
    const index = at(i)
    const handle = handles()[index]!
    reorderHandle = { index, name: handle.textContent!.replace(/^\S+\s/, '') }
    handle.focus()
  },
  run: async () => {
    // Alt+ArrowDown on a handle in the middle of the list, as a keyboard user would.
    const { index, name } = reorderHandle!
    const handle = handles()[index]!
    const t = await time(() => {
      handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }))
    })
    check(handles()[index + 1]!.textContent!.endsWith(name), 'the file moved down one place')
    return t
  },
})

const scenarios: Record<string, Scenario> = {
  'empty-update': {
    setup: () => {
      const r = fresh()
      flushSync(() => r.render(<span>0</span>))
    },
    // One text node changed by React: the floor of every figure (a frame with something to draw).
    run: (i) => time(() => root!.render(<span>{i + 1}</span>)),
  },
  'group-editor-mount-1000': {
    prepare: prepareMount(() => groupEditorClient(1000)),
    run: async () => {
      const t = await mount((client) => wrap(client, <GroupEditor groupId={groupId} />))
      check(handles().length === 1000, 'GroupEditor shows 1000 files')
      return t
    },
  },
  'group-editor-plain-list-mount-1000': {
    prepare: prepareMount(newClient),
    run: async () => {
      const t = await mount(() => <PlainEditorList files={plainEditorFiles} />)
      check(handles().length === 1000, 'the list shows 1000 files')
      return t
    },
  },
  'group-editor-mount-1000-twice': {
    prepare: prepareMount(() => groupEditorClient(1000)),
    run: async () => {
      const t = await mount((client) => wrap(client, <TwiceGroupEditor />))
      check(handles().length === 1000, 'GroupEditor shows 1000 files')
      return t
    },
  },
  'group-editor-reorder-1000': reorder((i) => 400 + (i % 200)),
  // GroupEditor lays its rows out in chunks of 50: a row moved from one chunk to the next is
  // unmounted from one and mounted in the other (rows 450, 500, 550, 600 moved down one place).
  'group-editor-reorder-1000-across': reorder((i) => 449 + 50 * (i % 4)),
  // Every row shows another position ("1000. name" is now "999. name"): the most a reorder changes.
  'group-editor-drag-first-to-last-1000': {
    setup: editorOf1000,
    // Dropped where the user sees it: the last row in view (its chunk laid out), as after the
    // page scrolled with the drag.
    prepare: () => handles().at(-1)!.scrollIntoView({ block: 'center' }),
    run: async () => {
      const rows = () => container!.querySelectorAll('[data-slot="group-file"]')
      const [first, last] = [rows()[0]!, rows()[rows().length - 1]!]
      const name = first.querySelector('[data-slot="drag-handle"]')!.textContent!.replace(/^\S+\s/, '')
      // One DataTransfer through the drag, as in a browser's: the row's drag puts its type in it.
      const dataTransfer = new DataTransfer()
      const drag = (type: string, row: Element) =>
        row.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }))
      drag('dragstart', first)
      drag('dragover', last)
      drag('drop', last)
      const t = await time(() => drag('dragend', first), numbered)
      check(
        handles().at(-1)!.textContent!.endsWith(name) && numbered(),
        'the first file moved to the end, the rows renumbered',
      )
      return t
    },
  },
  // Every row after the one removed shows another position ("2. name" is now "1. name"): the
  // most a single edit changes, as a drag from one end of the list to the other.
  'group-editor-remove-first-1000': {
    setup: editorOf1000,
    prepare: () => handles()[0]!.focus(),
    run: async () => {
      const count = handles().length
      const handle = handles()[0]!
      const t = await time(
        () => handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true })),
        numbered,
      )
      check(handles().length === count - 1 && numbered(), 'the first file removed, the rows renumbered')
      return t
    },
  },
  // One box ticked in a page of 100 rows with a badge each (renderActions): the row ticked, not
  // the page, renders again (all 100 rows and badges until 3bb7dfe).
  'file-list-select-one-100': {
    setup: () => {
      const client = scanned(
        fileListClient(100, 3),
        Array.from({ length: 100 }, (_, i) => file(i).id),
      )
      const r = fresh()
      flushSync(() =>
        r.render(
          wrap(client, <FileList defaultPageSize={100} defaultSelectedIds={[]} renderActions={badgeCell} />),
        ),
      )
    },
    run: async (i) => {
      const box = container!.querySelectorAll<HTMLInputElement>('[data-slot="file-row"] input')[i % 100]!
      const was = box.checked
      const t = await time(() => box.click())
      check(
        box.checked !== was && container!.querySelectorAll('[data-slot="action-status"]').length === 100,
        'the box ticked, 100 badges',
      )
      return t
    },
  },
  'file-list-mount-100': {
    prepare: prepareMount(() => fileListClient(100, 3)),
    run: async () => {
      const t = await mount((client) => wrap(client, <FileList defaultPageSize={100} />))
      check(container!.querySelectorAll('[data-slot="file-row"]').length === 100, 'FileList shows 100 rows')
      return t
    },
  },
  'file-list-plain-table-mount-100': {
    prepare: prepareMount(newClient),
    run: async () => {
      const t = await mount(() => <PlainTable files={plainFiles} />)
      check(container!.querySelectorAll('[data-slot="file-row"]').length === 100, 'the table shows 100 rows')
      return t
    },
  },
  'file-list-page-change-100': {
    setup: () => {
      const client = fileListClient(100, 3)
      const r = fresh()
      flushSync(() => r.render(wrap(client, <FileList defaultPageSize={100} />)))
    },
    // Runs alternate Next and Previous; a Previous run first goes a page on (not timed), as the
    // runs may each start from a fresh list on page 1.
    prepare: (i) => {
      if (i % 2) container!.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.click()
    },
    run: async (i) => {
      const label = i % 2 === 0 ? 'Next page' : 'Previous page'
      const button = container!.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)
      check(!!button && !button.disabled, `a "${label}" button`)
      const first = container!.querySelector('[data-slot="file-row"] td:nth-child(2)')!.textContent
      const t = await time(() => button!.click())
      const now = container!.querySelector('[data-slot="file-row"] td:nth-child(2)')!.textContent
      check(now !== first, 'another page is shown')
      return t
    },
  },
  'file-list-format-100': {
    setup: () => {
      const r = fresh()
      flushSync(() => r.render(<span>0</span>))
    },
    // The formatting alone, with the empty update's one text change so that a frame is drawn.
    run: (i) =>
      time(() => {
        let text = ''
        for (let row = 0; row < 100; row++) {
          const f = file(i * 100 + row)
          text += formatSize(f.size, 'en-US') + formatDate(f.createdAt, 'en-US', 'UTC')
        }
        check(text.length > 0, 'formatted')
        root!.render(<span>{i + 1}</span>)
      }),
  },
  'badges-mount-100': {
    prepare: prepareMount(badgesClient),
    run: async () => {
      const t = await mount(badges)
      check(container!.querySelectorAll('[data-status="ready"]').length === badgeCount, '100 badges, Done')
      return t
    },
  },
  'badges-unrelated-update-100': {
    setup: () => {
      badgeClient = badgesClient()
      const r = fresh()
      flushSync(() => r.render(badges(badgeClient!)))
    },
    // Any query's update (a poll answer, a host's own query) with 100 badges on the page. Nothing
    // in the DOM changes, so no frame would be drawn: a text node outside the badges changes too
    // (the empty update's cost, which this figure includes).
    run: (i) =>
      time(() => {
        badgeClient!.setQueryData(['host', 'unrelated'], i)
        tickText.textContent = String(++tick)
      }),
  },
  'recipe-builder-mount-20': {
    prepare: prepareMount(recipeClient),
    run: async () => {
      const recipe = parseRecipe('image', recipeText)
      check(recipe.recipe.operations.length === 20 && !recipe.issues.length, 'a valid 20-operation recipe')
      const t = await mount((client) =>
        wrap(client, <RecipeBuilder fileId={imageId} defaultValue={recipe.recipe} />),
      )
      check(container!.querySelectorAll('[data-slot="recipe-operation"]').length === 20, '20 operations')
      return t
    },
  },
  'recipe-builder-edit-20': {
    setup: () => {
      const client = recipeClient()
      const r = fresh()
      const { recipe } = parseRecipe('image', recipeText)
      flushSync(() => r.render(wrap(client, <RecipeBuilder fileId={imageId} defaultValue={recipe} />)))
    },
    run: async (i) => {
      // Typing a new width into the second operation (resize), as one keystroke would.
      const input = container!
        .querySelectorAll<HTMLInputElement>('[data-slot="recipe-operation"]')[1]!
        .querySelector<HTMLInputElement>('[role="spinbutton"]')!
      const value = String(1280 + (i % 2 === 0 ? 4 : 0))
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const t = await time(() => {
        setValue.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
      check(
        container!.querySelector('[data-slot="recipe-text"]')!.textContent!.includes(`resize/${value}x`),
        'the recipe text follows',
      )
      return t
    },
  },
}

export interface BenchApi {
  names: string[]
  /**
   * Sets the scenario up, then times `runs` runs after `warmup` untimed ones, numbered from
   * `first` (a scenario's preparation varies with the number: which row moves, which page).
   */
  run(name: string, runs: number, warmup: number, first?: number): Promise<Timing[]>
}

const api: BenchApi = {
  names: Object.keys(scenarios),
  async run(name, runs, warmup, first = 0) {
    const scenario = scenarios[name]!
    scenario.setup?.()
    const out: Timing[] = []
    for (let i = first; i < first + warmup + runs; i++) {
      scenario.prepare?.(i)
      // A frame and a pause between runs: the previous run's (and the preparation's) frame and
      // timers don't land in the next. The pause matters: a frame requested soon after a frame with
      // nothing to draw waits about 16 ms for Chromium's frame source, even with no frame-rate limit.
      await nextFrame()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const t = await scenario.run(i)
      if (i >= first + warmup) out.push(t)
    }
    fresh()
    return out
  },
}
;(window as unknown as { filekitBench: BenchApi }).filekitBench = api
