// The kit's own styles.css in Chromium: what only computed styles tell (a focus ring that a
// scroll box would cut off, placeholder contrast in both themes).
import '../../src/styles.css'
import { cleanup, render, screen } from '@testing-library/react'
import type { CSSProperties } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cdp, page, userEvent } from 'vitest/browser'
import {
  ActionStatusBadge,
  createFileServiceClient,
  FileList,
  FileUploader,
  GroupEditor,
  GroupList,
  RecipeBuilder,
} from '../../src/index.ts'
import { subjectPng } from '../../src/testing/index.ts'
import { baseUrl, groupOf, projectId, secretKey } from './support.ts'
import { provider } from './wrapper.tsx'

afterEach(() => cleanup())

describe('styles.css in Chromium', () => {
  it("is drawn inside a list's table when the keyboard lands on it, not cut off by its scroll box", async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    await operator.files.upload(new Blob(['ring']), { name: 'ring.txt' })
    const { container } = render(
      <>
        <button type="button">before</button>
        <FileList />
      </>,
      { wrapper: provider(secretKey) },
    )
    const table = await screen.findByRole('table', { name: 'Files' })
    // As "Try again" does once pressed from the keyboard: the keyboard goes to the table.
    screen.getByRole('button', { name: 'before' }).focus()
    await userEvent.keyboard('{Tab}')
    table.focus()
    expect(table.matches(':focus-visible')).toBe(true)
    const style = getComputedStyle(table)
    expect(style.outlineStyle).toBe('solid')
    const scroll = container.querySelector<HTMLElement>('[data-slot="table-scroll"]')!
    expect(getComputedStyle(scroll).overflowX).toBe('auto')
    // The table fills its scroll box, which clips anything drawn outside it: the ring is drawn
    // inside the table's edge.
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth)
    expect(reach).toBeLessThanOrEqual(0)
  })

  it("shows FileUploader's own label as its button, not the browser's file input, with its focus and disabled look", async () => {
    const { rerender } = render(
      <>
        <button type="button">before</button>
        <FileUploader />
      </>,
      { wrapper: provider(secretKey) },
    )
    const input = screen.getByLabelText('Choose files')
    const label = screen.getByText('Choose files')
    // The input's "Choose Files" / "No file chosen" are in the browser's language: out of sight.
    const box = input.getBoundingClientRect()
    expect(box.width * box.height).toBeLessThanOrEqual(1)
    expect(getComputedStyle(input).opacity).toBe('0')
    expect(getComputedStyle(label).borderStyle).toBe('solid')
    expect(label.getBoundingClientRect().width).toBeGreaterThan(40)
    // Reached by the keyboard, still named by its label; the ring is drawn on the label.
    screen.getByRole('button', { name: 'before' }).focus()
    await userEvent.keyboard('{Tab}')
    expect(document.activeElement).toBe(input)
    expect(getComputedStyle(label).outlineStyle).toBe('solid')
    rerender(
      <>
        <button type="button">before</button>
        <FileUploader disabled />
      </>,
    )
    expect(getComputedStyle(label).opacity).toBe('0.6')
  })

  it('draws a badge as a pill on one line, and with round corners, not a pill, when a long text wraps', async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const file = await operator.files.upload(new Blob(['badge']), { name: 'badge.txt' })
    const long = 'Virenprüfung (automatisch, dauert einige Minuten)'
    const { container } = render(
      <div style={{ width: 160 }}>
        <ActionStatusBadge fileId={file.id} type="virus_scan" />
        <ActionStatusBadge fileId={file.id} type="virus_scan" style={{ whiteSpace: 'nowrap' }} />
      </div>,
      { wrapper: provider(secretKey, { messages: { 'action.virus_scan': long } }) },
    )
    await screen.findAllByText(/Not started/)
    const [wrapped, single] = [...container.querySelectorAll<HTMLElement>('[data-slot="action-status"]')]
    // The radius used is the smaller of the one set and half the box's height.
    const used = (badge: HTMLElement) =>
      Math.min(Number.parseFloat(getComputedStyle(badge).borderTopLeftRadius), badge.offsetHeight / 2)
    expect(used(single!)).toBe(single!.offsetHeight / 2)
    expect(wrapped!.offsetHeight).toBeGreaterThan(single!.offsetHeight * 2)
    expect(used(wrapped!)).toBeLessThan(wrapped!.offsetHeight / 4)
  })

  it("keeps a badge's words whole in a narrow column, with a reader's text spacing", async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const file = await operator.files.upload(new Blob(['narrow']), { name: 'narrow.txt' })
    const spacing = { letterSpacing: '0.12em', wordSpacing: '0.16em', lineHeight: 1.5 }
    const { container } = render(
      <>
        <div style={{ width: 170, ...spacing }}>
          <ActionStatusBadge fileId={file.id} type="moderate" />
        </div>
        <div style={spacing}>
          <ActionStatusBadge fileId={file.id} type="moderate" />
        </div>
      </>,
      { wrapper: provider(secretKey) },
    )
    await screen.findAllByText(/Not started/)
    const [narrow, wide] = [...container.querySelectorAll('button')]
    // "Run" on one line (it was "R / u / n"), as tall as in a badge with room, within the column.
    expect(narrow!.getBoundingClientRect().height).toBe(wide!.getBoundingClientRect().height)
    expect(narrow!.getBoundingClientRect().right).toBeLessThanOrEqual(170)
    // The status wraps between words: no line holds part of a word ("Moderati / on:").
    const text = container.querySelector('[data-slot="action-status-text"]')!
    const range = document.createRange()
    range.selectNodeContents(text)
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
    expect(lines.size).toBeGreaterThan(1)
    expect(lines.size).toBeLessThanOrEqual(text.textContent!.split(' ').length)
  })

  it("keeps a select with a long option within a narrow column (a reader's text spacing widens it)", () => {
    const { container } = render(
      <div className="fk-root" style={{ width: 200, letterSpacing: '0.12em', wordSpacing: '0.16em' }}>
        <select aria-label="operation">
          <option>Smart resize (keeps faces and subjects in the picture)</option>
        </select>
      </div>,
    )
    expect(container.querySelector('select')!.getBoundingClientRect().width).toBeLessThanOrEqual(200)
  })

  it("follows a reader's larger default text size, and no smaller than 14 px on a 62.5% root", () => {
    const { container } = render(<div className="fk-root">text</div>)
    const size = () => getComputedStyle(container.firstElementChild!).fontSize
    try {
      document.documentElement.style.fontSize = '20px'
      expect(size()).toBe('17.5px')
      document.documentElement.style.fontSize = '62.5%'
      expect(size()).toBe('14px')
    } finally {
      document.documentElement.style.fontSize = ''
    }
  })

  it('prints a whole list, its last column not under the row actions, dark on white in a dark theme', async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    await operator.groups.create({
      fileIds: [(await operator.files.upload(new Blob(['p']), { name: 'p.txt' })).id],
    })
    const { container } = render(
      <div data-theme="dark" style={{ width: 240 }}>
        <GroupList onSelect={() => {}} />
      </div>,
      { wrapper: provider(secretKey) },
    )
    await screen.findAllByRole('button', { name: /^Open / })
    const session = cdp()
    await session.send('Emulation.setEmulatedMedia', { media: 'print' })
    try {
      const scroll = container.querySelector<HTMLElement>('[data-slot="table-scroll"]')!
      expect(getComputedStyle(scroll).overflowX).toBe('visible')
      const actions = container.querySelector<HTMLElement>('td[data-slot="row-actions"]')!
      expect(getComputedStyle(actions).position).toBe('static')
      const list = container.querySelector<HTMLElement>('.fk-root')!
      expect(getComputedStyle(list).colorScheme).toBe('light')
      expect(getComputedStyle(list).color).toBe('rgb(27, 31, 36)')
    } finally {
      await session.send('Emulation.setEmulatedMedia', { media: '' })
    }
  })

  it("draws a host's ring around a GroupEditor row whole, though its chunk of rows contains their paint", async () => {
    // Rows sit in chunks of 50 with `content-visibility: auto`, which clips what a row draws
    // outside the chunk: a ring or shadow reaching up to 8 px out shows whole, also where the
    // host made --fk-space smaller.
    const { group } = await groupOf(51, 'r')
    const hostStyle = document.createElement('style')
    hostStyle.textContent = `[data-slot="group-files"] { padding: 12px }
      [data-slot="group-file"]:focus-within { outline: 4px solid rgb(255, 0, 255); outline-offset: 2px }`
    document.head.append(hostStyle)
    try {
      for (const space of ['8px', '4px']) {
        const { unmount } = render(
          <div style={{ '--fk-space': space } as CSSProperties}>
            <GroupEditor groupId={group.id} />
          </div>,
          { wrapper: provider(secretKey) },
        )
        const handle = await screen.findByRole('button', { name: '10. r10.txt' })
        handle.focus()
        const row = handle.closest<HTMLElement>('[data-slot="group-file"]')!
        expect(row.parentElement!.matches('[data-slot="group-files-chunk"]:not(:last-child)')).toBe(true)
        // Not saved, the screenshot (of the test's frame) comes back as base64.
        const image = new Image()
        image.src = `data:image/png;base64,${await page.screenshot({ save: false })}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        const r = row.getBoundingClientRect()
        const scale = image.width / window.innerWidth
        // 4 px out from the row's left and right edges (outline-offset 2 px + half the 4 px ring).
        const at = (x: number) => [
          ...context.getImageData(Math.round(x * scale), Math.round(((r.top + r.bottom) / 2) * scale), 1, 1)
            .data,
        ]
        // Magenta, give or take the blending of a scaled screenshot (the page's own white without it).
        const ring = ([red, green, blue]: number[]) => red! > 200 && green! < 100 && blue! > 200
        for (const x of [r.left - 4, r.right + 4]) expect(ring(at(x)), `${space}: ${at(x)}`).toBe(true)
        unmount()
      }
    } finally {
      hostStyle.remove()
    }
    // Uploads and rendering 51-101 rows (twice): seconds on a busy machine.
  }, 30_000)

  it("keeps a size's width, × and height on one line in a narrow RecipeBuilder", async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const file = await operator.files.upload(new Blob([subjectPng() as BlobPart], { type: 'image/png' }), {
      name: 'narrow.png',
    })
    render(
      <div style={{ width: 320 }}>
        <RecipeBuilder
          fileId={file.id}
          defaultValue={{ kind: 'image', operations: [{ name: 'resize', args: ['800x600'] }] }}
        />
      </div>,
      { wrapper: provider(secretKey, { locale: 'de-DE' }) },
    )
    const width = await screen.findByRole('spinbutton', { name: /width/i }, { timeout: 5_000 })
    const height = screen.getByRole('spinbutton', { name: /height/i })
    expect(height.getBoundingClientRect().top).toBe(width.getBoundingClientRect().top)
  })

  it("takes a host's theme variables from an ancestor into every part, also the uploader inside a GroupEditor", async () => {
    const theme = { '--fk-color-accent': '#7c3aed', '--fk-radius': '2px' } as CSSProperties
    const { container } = render(
      <div style={theme}>
        <GroupEditor />
      </div>,
      { wrapper: provider(secretKey) },
    )
    const create = await screen.findByRole('button', { name: 'Create group' })
    expect(getComputedStyle(create).backgroundColor).toBe('rgb(124, 58, 237)')
    expect(getComputedStyle(create).borderTopLeftRadius).toBe('2px')
    // FileUploader is a component root of its own inside the editor.
    const dropzone = container.querySelector('.fk-dropzone')!
    expect(dropzone.closest('.fk-root')).not.toBe(container.querySelector('.fk-root'))
    expect(getComputedStyle(dropzone).borderTopLeftRadius).toBe('2px')
    // And the defaults, where no one sets them, in the theme the component is in.
    cleanup()
    render(
      <div data-theme="dark">
        <GroupEditor />
      </div>,
      { wrapper: provider(secretKey) },
    )
    const dark = await screen.findByRole('button', { name: 'Create group' })
    expect(getComputedStyle(dark).backgroundColor).toBe('rgb(68, 147, 248)')
    expect(getComputedStyle(dark).borderTopLeftRadius).toBe('6px')
  })

  it("draws the badge's Run as the kit's button, though the badge stands outside any .fk-root", async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const file = await operator.files.upload(new Blob(['run']), { name: 'run.txt' })
    render(<ActionStatusBadge fileId={file.id} type="virus_scan" />, { wrapper: provider(secretKey) })
    const run = await screen.findByRole('button', { name: /Run/ })
    const style = getComputedStyle(run)
    expect(style.borderTopStyle).toBe('solid')
    expect(style.borderTopLeftRadius).toBe('6px')
    expect(style.fontSize).toBe('14px')
  })

  it('fits a RecipeBuilder with sizes and a blur region in a phone-wide column, not wider', async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    const file = await operator.files.upload(new Blob([subjectPng() as BlobPart], { type: 'image/png' }), {
      name: 'phone.png',
    })
    const { container } = render(
      <div style={{ width: 330 }}>
        <RecipeBuilder
          fileId={file.id}
          defaultValue={{
            kind: 'image',
            operations: [
              { name: 'resize', args: ['800x600'] },
              { name: 'blur_region', args: ['100x100', '10,10'] },
            ],
          }}
        />
      </div>,
      { wrapper: provider(secretKey) },
    )
    await screen.findAllByRole('spinbutton', { name: /width/i }, { timeout: 5_000 })
    const column = container.firstElementChild!.getBoundingClientRect()
    for (const part of container.querySelectorAll('fieldset, input, select, button')) {
      expect(part.getBoundingClientRect().right, part.outerHTML.slice(0, 80)).toBeLessThanOrEqual(
        column.right,
      )
    }
  })

  it("keeps a list's row actions in view while a narrow list scrolls sideways", async () => {
    const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
    await operator.groups.create({
      fileIds: [(await operator.files.upload(new Blob(['g']), { name: 'g.txt' })).id],
    })
    const { container } = render(
      <div style={{ width: 240 }}>
        <GroupList onSelect={() => {}} />
      </div>,
      { wrapper: provider(secretKey) },
    )
    const open = (await screen.findAllByRole('button', { name: /^Open / }))[0]!
    const scroll = container.querySelector<HTMLElement>('[data-slot="table-scroll"]')!
    expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth) // it does scroll
    const box = scroll.getBoundingClientRect()
    expect(open.getBoundingClientRect().right).toBeLessThanOrEqual(box.right)
    expect(open.getBoundingClientRect().left).toBeGreaterThanOrEqual(box.left)
  })

  it("guesses the height of GroupEditor's chunks not shown yet from the rows' height, with a mouse and on a touch screen", async () => {
    // A chunk of 50 rows out of view is not laid out until scrolled to: it takes a guessed
    // height meanwhile (the scrollbar jumps by the error once it is laid out).
    const { group } = await groupOf(101, 'h')
    const session = cdp()
    for (const touch of [false, true]) {
      await session.send('Emulation.setTouchEmulationEnabled', { enabled: touch, maxTouchPoints: 5 })
      try {
        expect(matchMedia('(pointer: coarse)').matches).toBe(touch)
        const { container, unmount } = render(
          <div style={{ width: 600 }}>
            <GroupEditor groupId={group.id} />
          </div>,
          {
            wrapper: provider(secretKey),
          },
        )
        await screen.findByRole('button', { name: '101. h101.txt' })
        const [first, second] = container.querySelectorAll<HTMLElement>('[data-slot="group-files-chunk"]')
        // The first chunk is in view and laid out: 50 real rows; the second is far below.
        // (Once the browser has seen that it is out of view, a frame or two after the mount.)
        await expect
          .poll(() => second!.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))
          .toBe(false)
        const real = first!.getBoundingClientRect().height
        const guessed = second!.getBoundingClientRect().height
        expect(Math.abs(guessed - real) / real, `guessed ${guessed} px for ${real} px`).toBeLessThan(0.1)
        unmount()
      } finally {
        await session.send('Emulation.setTouchEmulationEnabled', { enabled: false })
      }
    }
    // Uploads and rendering 51-101 rows (twice): seconds on a busy machine.
  }, 30_000)

  it('gives touch screens 44 px targets, 24 px checkboxes and 16 px fields (iOS zooms in on smaller)', async () => {
    const session = cdp()
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
    try {
      expect(matchMedia('(pointer: coarse)').matches).toBe(true)
      const { container } = render(
        <div className="fk-root">
          <button type="button" className="fk-button">
            ↑
          </button>
          <input type="number" aria-label="width" />
          <select aria-label="format">
            <option>webp</option>
          </select>
          <input type="checkbox" aria-label="pick" />
        </div>,
      )
      const [button, number, select, checkbox] = [...container.querySelectorAll('button, input, select')]
      for (const target of [button!, number!, select!])
        expect(target.getBoundingClientRect().height).toBeGreaterThanOrEqual(44)
      expect(getComputedStyle(number!).fontSize).toBe('16px')
      expect(getComputedStyle(select!).fontSize).toBe('16px')
      expect(checkbox!.getBoundingClientRect().width).toBeGreaterThanOrEqual(24)
    } finally {
      await session.send('Emulation.setTouchEmulationEnabled', { enabled: false })
    }
  })

  it('marks a refused value by more than its colour, and keeps the primary button apart in forced colors', async () => {
    const { container } = render(
      <div className="fk-root">
        <input aria-label="fine" />
        <input aria-label="refused" aria-invalid="true" />
        <select aria-label="refused too" aria-invalid="true">
          <option>x</option>
        </select>
        <button type="button" className="fk-button">
          Discard
        </button>
        <button type="button" className="fk-button fk-button-primary">
          Save
        </button>
        <button type="button" className="fk-button" disabled>
          Discard
        </button>
        <button type="button" className="fk-button fk-button-primary" disabled>
          Save
        </button>
      </div>,
    )
    const [fine, refused, select] = [...container.querySelectorAll<HTMLElement>('input, select')] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    const [plain, primary, plainOff, primaryOff] = [...container.querySelectorAll<HTMLElement>('button')] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    const session = cdp()
    await session.send('Emulation.setEmulatedMedia', {
      features: [{ name: 'forced-colors', value: 'active' }],
    })
    try {
      expect(matchMedia('(forced-colors: active)').matches).toBe(true)
      expect(getComputedStyle(fine).borderTopWidth).toBe('1px')
      for (const field of [refused, select]) expect(getComputedStyle(field).borderTopWidth).toBe('2px')
      // As tall as a field that is not refused: the border does not move the line.
      expect(refused.getBoundingClientRect().height).toBe(fine.getBoundingClientRect().height)
      const look = (button: HTMLElement) => [
        getComputedStyle(button).backgroundColor,
        getComputedStyle(button).color,
      ]
      expect(look(primary)).not.toEqual(look(plain))
      expect(look(primary)).toEqual([...look(plain)].reverse())
      // Disabled, it looks disabled as the others do, not like a primary button one can press.
      expect(look(primaryOff)).toEqual(look(plainOff))
    } finally {
      await session.send('Emulation.setEmulatedMedia', { features: [] })
    }
  })

  it('writes placeholders with at least 4.5:1 contrast on inputs, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { container } = render(
        <div className="fk-root" data-theme={theme}>
          <input type="number" placeholder="10" aria-label="strength" />
        </div>,
      )
      const input = container.querySelector('input')!
      const ratio = contrast(
        getComputedStyle(input, '::placeholder').color,
        getComputedStyle(input).backgroundColor,
      )
      expect(ratio, theme).toBeGreaterThanOrEqual(4.5)
      cleanup()
    }
  })
})

/** WCAG contrast ratio of two opaque `rgb(r, g, b)` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
      }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
