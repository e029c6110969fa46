/// <reference types="vite/client" />
// Components embedded as hosts embed them: in a web component's shadow root, and in an iframe
// whose React root lives in the page around it (previews, editors). There `document.activeElement`
// is the shadow host, or the <iframe>, and `getSelection()` is the page's, not the component's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cdp, userEvent } from 'vitest/browser'
import {
  createFileServiceClient,
  FileList,
  FileServiceProvider,
  FileUploader,
  GroupEditor,
  RecipeBuilder,
} from '../../src/index.ts'
import css from '../../src/styles.css?inline'
import { baseUrl, faults, groupOf, projectId, secretKey } from './support.ts'

type Where = 'shadow' | 'iframe'

/** Renders `ui` in a shadow root or an iframe's document, styles.css inside it. */
async function mount(where: Where, ui: ReactNode, token?: string) {
  let scope: Document | ShadowRoot
  let host: HTMLElement
  if (where === 'shadow') {
    host = document.body.appendChild(document.createElement('div'))
    scope = host.attachShadow({ mode: 'open' })
  } else {
    const frame = document.body.appendChild(document.createElement('iframe'))
    host = frame
    scope = frame.contentDocument!
    scope.open()
    scope.write('<!doctype html><html><head></head><body></body></html>')
    scope.close()
  }
  const parent = where === 'shadow' ? scope : (scope as Document).body
  const style = parent.appendChild(document.createElement('style'))
  style.textContent = css
  const container = parent.appendChild(document.createElement('div'))
  const root = createRoot(container)
  root.render(
    <QueryClientProvider client={new QueryClient()}>
      <FileServiceProvider baseUrl={baseUrl} projectId={projectId} token={token}>
        {ui}
      </FileServiceProvider>
    </QueryClientProvider>,
  )
  await vi.waitFor(() => expect(container.firstElementChild).not.toBeNull())
  return {
    host,
    /** The element with the keyboard, in the component's own document or shadow root. */
    active: () => scope.activeElement,
    $: <E extends Element = HTMLElement>(selector: string) => container.querySelector<E>(selector),
    $$: <E extends Element = HTMLElement>(selector: string) => [...container.querySelectorAll<E>(selector)],
    unmount: () => {
      root.unmount()
      host.remove()
    },
  }
}

/** What `find` gives, or a throw: `vi.waitFor` tries again until it is there. */
function need<T>(found: T | null | undefined): T {
  if (!found) throw new Error('not there yet')
  return found
}
const button = (buttons: HTMLButtonElement[], text: string) =>
  need(buttons.find((b) => b.textContent === text))

afterEach(async () => {
  vi.restoreAllMocks()
  await faults({ clear: true })
})

describe.each(['shadow', 'iframe'] as const)('embedded in a %s', (where) => {
  it('GroupEditor: Save pressed from the keyboard hands it on to the heading once saved', async () => {
    const { group } = await groupOf(3, `save-${where}-`)
    const view = await mount(where, <GroupEditor groupId={group.id} />, secretKey)
    try {
      await vi.waitFor(() => expect(view.$$('[data-slot="drag-handle"]')).toHaveLength(3), {
        timeout: 10_000,
      })
      view.$$<HTMLButtonElement>('[data-slot="group-file"] .fk-button')[1]!.click() // the first file ↓
      const save = await vi.waitFor(() => button(view.$$('button'), 'Save group'))
      save.focus()
      expect(view.active()).toBe(save)
      await userEvent.keyboard('{Enter}')
      // Disabled once saved (nothing left to save): the keyboard would drop to the body.
      await vi.waitFor(() => expect(save.disabled).toBe(true), { timeout: 10_000 })
      await vi.waitFor(() => expect(view.active()).toBe(view.$('h2')))
    } finally {
      view.unmount()
    }
  })

  it("FileUploader: the keyboard on Cancel when the upload ends goes to the item's Remove", async () => {
    await faults({ latency: 1_000 })
    const view = await mount(where, <FileUploader />)
    try {
      const input = view.$<HTMLInputElement>('input[type="file"]')!
      // A file of the input's own realm (the iframe's, in an iframe), as a real pick gives.
      const realm = input.ownerDocument.defaultView as typeof window
      const files = new realm.DataTransfer()
      files.items.add(new realm.File(['hello'], `cancel-${where}.txt`, { type: 'text/plain' }))
      input.files = files.files
      input.dispatchEvent(new realm.Event('change', { bubbles: true }))
      const cancel = await vi.waitFor(() => need(view.$<HTMLElement>('[data-control="cancel"]')))
      cancel.focus()
      expect(view.active()).toBe(cancel)
      await vi.waitFor(() => expect(view.$('[data-control="remove"]')).not.toBeNull(), { timeout: 10_000 })
      await vi.waitFor(() => expect(view.active()).toBe(view.$('[data-control="remove"]')))
    } finally {
      view.unmount()
    }
  })

  it('FileList: after Try again, the keyboard lands on the list once it shows', async () => {
    const { group } = await groupOf(2, `retry-${where}-`)
    await faults({ failNext: { match: `groups/${group.id}/files`, status: 500, count: 4 } })
    const view = await mount(where, <FileList groupId={group.id} />, secretKey)
    try {
      const retry = await vi.waitFor(() => button(view.$$('button'), 'Try again'), { timeout: 20_000 })
      retry.focus()
      await userEvent.keyboard('{Enter}')
      await vi.waitFor(() => expect(view.$$('[data-slot="file-name"]')).toHaveLength(2), { timeout: 10_000 })
      await vi.waitFor(() => expect(view.active()).toBe(view.$('[data-focus-landing]')))
    } finally {
      view.unmount()
    }
  })
})

it('in an iframe, RecipeBuilder: Copy recipe refused by the browser selects the recipe in its own window', async () => {
  const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
  const file = await operator.files.upload(new Blob(['r']), { name: 'copy.txt' })
  const view = await mount(
    'iframe',
    <RecipeBuilder
      fileId={file.id}
      defaultValue={{ kind: 'document', operations: [{ name: 'format', args: ['pdf'] }] }}
    />,
    secretKey,
  )
  try {
    const copy = await vi.waitFor(() => button(view.$$('button'), 'Copy recipe'), { timeout: 10_000 })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    )
    copy.click()
    await vi.waitFor(() => expect(copy.closest('.fk-root')!.textContent).toContain('copy it by hand'))
    expect(String((view.host as HTMLIFrameElement).contentWindow!.getSelection())).toBe('/format/pdf/')
  } finally {
    view.unmount()
  }
})

describe('a theme on the shadow host, against the user preference', () => {
  afterEach(() => cdp().send('Emulation.setEmulatedMedia', { features: [] }))

  it.each([
    ['light', 'dark', 'rgb(255, 255, 255)'],
    ['dark', 'light', 'rgb(13, 17, 23)'],
  ])(
    'data-theme="%s", the user preferring %s: the components follow the host',
    async (theme, preferred, background) => {
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-color-scheme', value: preferred }],
      })
      const view = await mount('shadow', <FileUploader />)
      try {
        view.host.dataset.theme = theme
        const root = await vi.waitFor(() => need(view.$('.fk-root')))
        expect(getComputedStyle(root).backgroundColor).toBe(background)
      } finally {
        view.unmount()
      }
    },
  )
})
