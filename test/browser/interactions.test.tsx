// What only a real browser does: native drag and drop between GroupEditor's rows, and the
// clipboard behind GroupEditor's "Copy token" and RecipeBuilder's "Copy recipe".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import {
  createFileServiceClient,
  FileList,
  FileServiceProvider,
  GroupEditor,
  RecipeBuilder,
} from '../../src/index.ts'
import { baseUrl, groupOf, projectId, secretKey } from './support.ts'
import '../support/mouse.ts'
import { handles, provider } from './wrapper.tsx'

const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
/** RecipeBuilder on `fileId` with the one-operation document recipe `/format/pdf/`. */
const renderRecipe = (fileId: string) =>
  render(
    <RecipeBuilder
      fileId={fileId}
      defaultValue={{ kind: 'document', operations: [{ name: 'format', args: ['pdf'] }] }}
    />,
    { wrapper: provider(secretKey) },
  )
afterEach(() => cleanup())

/** What a real Ctrl+V puts in `input` (reading the clipboard from script needs a permission). */
async function pasteInto(input: HTMLElement) {
  ;(input as HTMLInputElement).value = ''
  input.focus()
  await userEvent.keyboard('{Control>}v{/Control}')
  return (input as HTMLInputElement).value
}

async function uploaded(names: string[]) {
  const files = []
  for (const name of names) files.push(await operator.files.upload(new Blob([name]), { name }))
  return files
}

/** FileList of a group, two files a page, with a select column and its page kept by a host (`goTo`). */
function pagedList(groupId: string) {
  let setPage: (page: number) => void = () => {}
  function Host() {
    const [page, setOwnPage] = useState(1)
    setPage = setOwnPage
    return (
      <FileList
        groupId={groupId}
        page={page}
        onPageChange={setOwnPage}
        defaultPageSize={2}
        defaultSelectedIds={[]}
      />
    )
  }
  return { Host, goTo: (page: number) => setPage(page) }
}

describe('in Chromium', () => {
  it('keeps the keyboard on Convert while the conversion starts', async () => {
    const [file] = await uploaded(['convert-me.docx'])
    renderRecipe(file!.id)
    const convert = await screen.findByRole('button', { name: 'Convert' }, { timeout: 5_000 })
    convert.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByText(/^Result f-\w+: /, {}, { timeout: 5_000 })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Convert' }))
  })

  it('keeps the keyboard on the paste field once a pasted recipe is used (its button is then disabled)', async () => {
    const [file] = await uploaded(['paste-into.docx'])
    renderRecipe(file!.id)
    const paste = await screen.findByRole('textbox', { name: 'Paste a recipe' }, { timeout: 5_000 })
    await userEvent.click(paste)
    await userEvent.keyboard('format/pdf')
    await userEvent.keyboard('{Tab}{Enter}')
    const use = screen.getByRole('button', { name: 'Use pasted recipe' })
    await waitFor(() => expect(use).toHaveProperty('disabled', true))
    expect(document.activeElement).toBe(paste)
  })

  it('shows recipes, and takes pasted ones, left to right on a right-to-left page', async () => {
    const [file] = await uploaded(['rtl.docx'])
    render(
      <div dir="rtl">
        <RecipeBuilder
          fileId={file!.id}
          defaultValue={{
            kind: 'document',
            operations: [
              { name: 'format', args: ['jpg'] },
              { name: 'page', args: ['2'] },
            ],
          }}
        />
      </div>,
      { wrapper: provider(secretKey) },
    )
    const output = await waitFor(() => {
      const found = document.querySelector('[data-slot="recipe-text"]')
      expect(found?.textContent).toBe('/format/jpg/-/page/2/')
      return found!
    })
    // Where each character is drawn: in a right-to-left paragraph the slashes at either end
    // would move to the other side ("format/jpg/-/page/2//" read from the right).
    const text = output.firstChild!
    const left = (i: number) => {
      const range = document.createRange()
      range.setStart(text, i)
      range.setEnd(text, i + 1)
      return range.getBoundingClientRect().left
    }
    const xs = Array.from({ length: text.textContent!.length }, (_, i) => left(i))
    expect(xs).toEqual([...xs].sort((a, b) => a - b))
    const paste = screen.getByRole('textbox', { name: 'Paste a recipe' })
    expect(getComputedStyle(paste).direction).toBe('ltr')
  })

  it('keeps the keyboard in the pagination when the page button pressed becomes disabled', async () => {
    await uploaded(['page-a.txt', 'page-b.txt'])
    render(<FileList defaultPageSize={1} />, { wrapper: provider(secretKey) })
    const pages = await screen.findByRole('navigation', { name: 'Files, pages' }, { timeout: 5_000 })
    const status = () => within(pages).getByText(/^Page \d+ of \d+/)
    for (const [name, first] of [
      ['Last page', false],
      ['First page', true],
    ] as const) {
      const button = within(pages).getByRole('button', { name })
      button.focus()
      await userEvent.keyboard('{Enter}')
      await waitFor(() => expect(button).toHaveProperty('disabled', true))
      // Chromium moves the focus of a button that becomes disabled to the body: not here.
      expect(document.activeElement).toBe(status())
      expect(status().textContent).toMatch(first ? /^Page 1 of/ : /^Page (\d+) of \1/)
    }
  })

  it("updates a page's rows in place, but gives new rows, not another file's box, to the keyboard in one", async () => {
    const { group } = await groupOf(6, 'row-')
    const { Host, goTo } = pagedList(group.id)
    render(<Host />, { wrapper: provider(secretKey) })
    const pages = await screen.findByRole('navigation', { name: 'Files, pages' }, { timeout: 5_000 })
    const rows = () => [...document.querySelectorAll('[data-slot="file-row"]')]
    const names = () => rows().map((row) => row.querySelector('[data-slot="file-name"]')!.textContent)
    await waitFor(() => expect(names()).toEqual(['row-1.txt', 'row-2.txt']))
    const first = rows()
    within(pages).getByRole('button', { name: 'Next page' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(names()).toEqual(['row-3.txt', 'row-4.txt']))
    expect(rows()).toEqual(first)
    // The keyboard on row-4's box when the host shows page 3: not left on row-6's.
    screen.getByRole('checkbox', { name: 'Select row-4.txt' }).focus()
    act(() => goTo(3))
    await waitFor(() => expect(names()).toEqual(['row-5.txt', 'row-6.txt']))
    expect(rows().some((row) => first.includes(row))).toBe(false)
    expect(document.activeElement).toBe(document.body)
  })

  it("gives new rows, not another file's box, to the keyboard in a row inside a shadow root", async () => {
    const { group } = await groupOf(4, 'shadow-')
    const { Host, goTo } = pagedList(group.id)
    // A web component's shadow root: there, document.activeElement is the shadow host.
    const shadowHost = document.body.appendChild(document.createElement('div'))
    const shadow = shadowHost.attachShadow({ mode: 'open' })
    const Wrapper = provider(secretKey)
    const view = render(
      <Wrapper>
        <Host />
      </Wrapper>,
      { container: shadow.appendChild(document.createElement('div')) },
    )
    try {
      const names = () =>
        [...shadow.querySelectorAll('[data-slot="file-name"]')].map((cell) => cell.textContent)
      await waitFor(() => expect(names()).toEqual(['shadow-1.txt', 'shadow-2.txt']), { timeout: 5_000 })
      shadow.querySelector<HTMLInputElement>('input[aria-label="Select shadow-2.txt"]')!.focus()
      expect(document.activeElement).toBe(shadowHost)
      act(() => goTo(2))
      await waitFor(() => expect(names()).toEqual(['shadow-3.txt', 'shadow-4.txt']))
      expect(`${shadow.activeElement?.getAttribute('aria-label')}`).not.toMatch(/^Select shadow/)
    } finally {
      view.unmount()
      shadowHost.remove()
    }
  })

  it('reorders GroupEditor rows by dragging one onto another', async () => {
    const files = await uploaded(['one.txt', 'two.txt', 'three.txt'])
    const group = await operator.groups.create({ fileIds: files.map((f) => f.id) })
    render(<GroupEditor groupId={group.id} />, { wrapper: provider(secretKey) })
    await waitFor(() => expect(handles()).toEqual(['1. one.txt', '2. two.txt', '3. three.txt']))
    // A group just made is built for a moment (Processing); once built, its version joins the
    // line above the rows, which may wrap and move them down: a drag begun before could drop
    // elsewhere (seen once in CI: nothing moved).
    await waitFor(
      () => expect(document.querySelector('[data-slot="group-meta"][data-status="ready"]')).not.toBeNull(),
      {
        timeout: 10_000,
      },
    )
    const rows = within(screen.getByRole('list', { name: 'Files in this group' })).getAllByRole('listitem')
    await userEvent.dragAndDrop(rows[2]!, rows[0]!)
    expect(handles()).toEqual(['1. three.txt', '2. one.txt', '3. two.txt'])
    expect(screen.getByText('Unsaved changes')).toBeTruthy()
  })

  it('reorders by dragging a row into the next chunk of 50, and the drag ends where the page hears it', async () => {
    // GroupEditor lays its rows out in chunks of 50: moved at the drop, the row dragged would be
    // a new element in the other chunk, and its `dragend` would reach no listener.
    const { group } = await groupOf(52, 'f')
    const ended = vi.fn()
    document.addEventListener('dragend', ended)
    try {
      render(<GroupEditor groupId={group.id} />, { wrapper: provider(secretKey) })
      await waitFor(() => expect(handles()).toHaveLength(52))
      const rows = () =>
        within(screen.getByRole('list', { name: 'Files in this group' })).getAllByRole('listitem')
      await userEvent.dragAndDrop(rows()[49]!, rows()[51]!)
      expect(handles().slice(48)).toEqual(['49. f49.txt', '50. f51.txt', '51. f52.txt', '52. f50.txt'])
      expect(ended).toHaveBeenCalledTimes(1)
      // And back into the chunk before.
      await userEvent.dragAndDrop(rows()[51]!, rows()[47]!)
      expect(handles().slice(46)).toEqual([
        '47. f47.txt',
        '48. f50.txt',
        '49. f48.txt',
        '50. f49.txt',
        '51. f51.txt',
        '52. f52.txt',
      ])
      expect(ended).toHaveBeenCalledTimes(2)
    } finally {
      document.removeEventListener('dragend', ended)
    }
  })

  it('moves the row dragged when a refresh moved it into another chunk during the drag', async () => {
    // f51 heads the second chunk of 50; saved elsewhere without f1 while it is dragged, it ends
    // the first: a new element, and the drag's end goes to the old one, which no one hears.
    const { files, group } = await groupOf(52, 'd')
    const queryClient = new QueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <FileServiceProvider baseUrl={baseUrl} projectId={projectId} token={secretKey}>
          <GroupEditor groupId={group.id} />
        </FileServiceProvider>
      </QueryClientProvider>,
    )
    await waitFor(() => expect(handles()).toHaveLength(52), { timeout: 10_000 })
    const row = (name: string) => screen.getByRole('button', { name }).parentElement!
    const source = row('51. d51.txt')
    source.dataset.testDrag = 'source'
    source.scrollIntoView({ block: 'center' })
    await commands.mouse('down', '[data-test-drag="source"]')
    await commands.mouse('move', '[data-slot="keyboard-hint"]')
    await operator.groups.update(group.id, { fileIds: files.slice(1).map((f) => f.id) })
    await act(() => queryClient.invalidateQueries())
    await waitFor(() => expect(handles()).toHaveLength(51))
    expect(source.isConnected).toBe(false)
    row('39. d40.txt').dataset.testDrag = 'target'
    await commands.mouse('move', '[data-test-drag="target"]')
    await commands.mouse('up', '[data-test-drag="target"]')
    await waitFor(() =>
      expect(handles().slice(37, 40)).toEqual(['38. d39.txt', '39. d51.txt', '40. d40.txt']),
    )
  }, 30_000)

  it("takes a row's drag as soon as it enters another row, by dragenter, not only at the next dragover", async () => {
    // When the element under the pointer changes, Chromium and WebKit fire dragenter there and
    // decide from it whether a drop may land; dragover comes only at the pointer's next move.
    // A drop released the moment the pointer crossed into a row's handle or name was lost
    // (a real X11 drag in WebKit and Chromium; Playwright's drags always send a dragover first).
    const { group } = await groupOf(2, 'q')
    render(<GroupEditor groupId={group.id} />, { wrapper: provider(secretKey) })
    await waitFor(() => expect(handles()).toHaveLength(2), { timeout: 10_000 })
    const rowDrag = new DataTransfer()
    rowDrag.setData('application/x-filekit-row', 'q1')
    const enter = (target: Element, dataTransfer: DataTransfer) =>
      target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer }))
    const handle = screen.getByRole('button', { name: '2. q2.txt' })
    expect(enter(handle, rowDrag)).toBe(false) // canceled: a drop may land
    expect(enter(handle.parentElement!.querySelector('bdi')!, rowDrag)).toBe(false)
  })

  it('copies the new group token and the recipe text to the clipboard', async () => {
    const [file] = await uploaded(['copy.txt'])
    const view = render(<GroupEditor />, { wrapper: provider() })
    // Anonymous create: the token is shown once, with a copy button.
    await userEvent.click(await screen.findByRole('button', { name: 'Create group' }))
    expect(await screen.findByRole('alert')).toBeTruthy() // an empty group can't be created
    view.unmount()
    const created = render(<GroupEditor />, { wrapper: provider() })
    await userEvent.upload(screen.getByLabelText('Choose files'), new File(['x'], 'x.txt'))
    await waitFor(() => expect(handles()).toHaveLength(1))
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }))
    const region = await screen.findByRole('region', { name: 'Access token for this group' })
    const token = within(region).getByText(/^gat-/).textContent!
    await userEvent.click(within(region).getByRole('button', { name: 'Copy token' }))
    await waitFor(() => expect(within(region).getByRole('button').textContent).toBe('Copied.'))
    const pasted = await pasteInto(document.body.appendChild(document.createElement('input')))
    expect(pasted).toBe(token)
    created.unmount()

    renderRecipe(file!.id)
    await userEvent.click(await screen.findByRole('button', { name: 'Copy recipe' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied.' })).toBeTruthy())
    expect(await pasteInto(screen.getByRole('textbox', { name: 'Paste a recipe' }))).toBe('/format/pdf/')
  })

  it('selects the text to copy by hand when the browser refuses the clipboard', async () => {
    const [file] = await uploaded(['refused.txt'])
    const refuse = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'))
    renderRecipe(file!.id)
    await userEvent.click(await screen.findByRole('button', { name: 'Copy recipe' }))
    expect(
      await screen.findByText('The browser did not allow copying: the recipe is selected, copy it by hand.'),
    ).toBeTruthy()
    expect(getSelection()?.toString()).toBe('/format/pdf/')
    expect(screen.getByRole('button', { name: 'Copy recipe' })).toBeTruthy()
    refuse.mockRestore()
  })
})
