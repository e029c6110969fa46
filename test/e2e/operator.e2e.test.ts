// The operator's journey in Chromium, through the playground's key-adding proxy.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startHarness } from './harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
}, 120_000)
afterAll(() => h?.stop())

const seedFiles = async (files: object[]) => {
  const answer = await fetch(`${h.server.baseUrl}/__emulator/seed`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.server.secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files }),
  })
  return (await answer.json()).files as { id: string; name: string }[]
}

describe('operator', () => {
  it('pages through the 45 demo files, 20 per page', async () => {
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator`)
    const files = page.getByRole('region', { name: 'Project files' })
    await files.getByText('Page 1 of 3').waitFor({ timeout: 15_000 })
    expect(await files.getByRole('row').count()).toBe(21)
    await files.getByRole('button', { name: 'Next page' }).click()
    await files.getByText('Page 2 of 3').waitFor()
    await files.getByRole('button', { name: 'Last page' }).click()
    await files.getByText('Page 3 of 3').waitFor()
    await expect.poll(() => files.getByRole('row').count()).toBe(6)
    await h.screenshot(page, '04-operator-files-page-3')
    // A file's details and back: the list opens on the page it was on.
    await files
      .getByRole('button', { name: /^Details for / })
      .first()
      .click()
    await page.getByRole('link', { name: 'Back to files' }).click()
    await files.getByText('Page 3 of 3').waitFor({ timeout: 15_000 })
  }, 60_000)

  it('makes a new group from files picked on two pages, and lands on its page', async () => {
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator`)
    await page.getByRole('link', { name: 'New group' }).click()
    await page.getByRole('heading', { name: 'New group' }).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Add from project files' }).click()
    const picker = page.locator('[data-slot="picker"]')
    const boxes = picker.locator('[data-slot="file-row"]').getByRole('checkbox')
    await boxes.first().waitFor({ timeout: 15_000 })
    const names = [
      await boxes.nth(0).getAttribute('aria-label'),
      await boxes.nth(1).getAttribute('aria-label'),
    ]
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    await picker.getByRole('button', { name: 'Next page' }).click()
    await picker.getByText('Page 2 of 3').waitFor()
    names.push(await boxes.nth(0).getAttribute('aria-label'))
    await boxes.nth(0).check()
    await picker.getByRole('button', { name: 'Add 3 selected' }).click()
    await page.getByRole('button', { name: 'Create group' }).click()
    await expect
      .poll(() => page.evaluate(() => location.hash), { timeout: 15_000 })
      .toMatch(/^#\/operator\/groups\/g-/)
    const groupId = (await page.evaluate(() => location.hash)).split('/').at(-1)!
    await page.getByRole('heading', { name: `Group ${groupId}` }).waitFor()
    // The page became the group's own, and the editor stayed as it was: saved, keyboard on its heading.
    expect(await page.locator('[data-slot="announcer"]').textContent()).toBe('Saved.')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Group ${groupId}`)
    const handles = page.locator('[data-slot="drag-handle"]')
    await expect.poll(() => handles.count(), { timeout: 15_000 }).toBe(3)
    const shown = (await handles.allTextContents()).map((t) => t.replace(/^\d+\. /, ''))
    expect(shown).toEqual(names.map((n) => n!.replace(/^Select /, '')))
    await h.screenshot(page, '04b-new-group-from-picked-files')
  }, 60_000)

  it('hands the keyboard to the heading of each view it opens, names the page after it, and back on a list returns it to the row it left', async () => {
    const [file] = await seedFiles([{ sample: 'subject', name: 'details-me.png' }])
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator`)
    const focused = () =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)
    const open = page.getByRole('button', { name: /^Open g-/ }).first()
    const opened = await open.getAttribute('aria-label')
    await open.press('Enter')
    // Not the body, where Chromium leaves the keyboard when the button pressed is gone.
    await expect.poll(focused).toMatch(/^H2 Group g-/)
    expect(await page.title()).toMatch(/^Group g-.* · Filekit playground$/)
    await page.getByRole('link', { name: 'Back to groups' }).press('Enter')
    // Back on the row it opened, not at the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(opened)
    expect(await page.title()).toBe('Groups · Filekit playground')
    // A file's page is named after the file once it is known.
    await page.goto(`${h.playgroundUrl}/#/operator/files/${file!.id}`)
    await expect.poll(() => page.title()).toBe('details-me.png · Filekit playground')
    // Left from the list by the keyboard, the list takes it back on the same button.
    await page.getByRole('link', { name: 'Back to files' }).press('Enter')
    const details = page.getByRole('button', { name: /^Details for / }).first()
    const label = await details.textContent()
    await details.press('Enter')
    await expect.poll(focused).toMatch(/^H2 /)
    await page.getByRole('link', { name: 'Back to files' }).press('Enter')
    await expect.poll(focused).toBe(`BUTTON ${label}`)
    // Of two rows with one name, back on the one it left.
    await seedFiles([{ name: 'twin.png' }, { name: 'twin.png' }])
    await page.reload()
    // The newest files are on the last page.
    await page
      .getByRole('region', { name: 'Project files' })
      .getByRole('button', { name: 'Last page' })
      .click()
    const twins = page.getByRole('button', { name: 'Details for twin.png' })
    await expect.poll(() => twins.count()).toBe(2)
    await twins.nth(1).press('Enter')
    await expect.poll(focused).toMatch(/^H2 twin\.png/)
    await page.getByRole('link', { name: 'Back to files' }).press('Enter')
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('button')]
            .filter((b) => b.textContent === 'Details for twin.png')
            .indexOf(document.activeElement as HTMLButtonElement),
        ),
      )
      .toBe(1)
  }, 60_000)

  it('runs recognize, moderate and virus scan and watches them go from pending to ready', async () => {
    const [file] = await seedFiles([{ sample: 'subject', name: 'subject.png' }])
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator/files/${file!.id}`)
    const statuses = page.locator('[data-slot="action-status"]')
    for (const name of ['Image recognition', 'Moderation', 'Virus scan']) {
      await page.getByRole('button', { name: `Run: ${name}` }).click()
    }
    // The server finishes actions after 1.5 s: each badge shows "running" first.
    await page.getByText('Image recognition: Running…').waitFor()
    await h.screenshot(page, '05a-actions-pending')
    await expect
      .poll(() => statuses.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), {
        timeout: 20_000,
      })
      .toEqual(['ready', 'ready', 'ready'])
    expect(await page.getByText(/Labels: /).count()).toBe(1)
    expect(await page.getByText('Virus scan: Done — Clean').count()).toBe(1)
    await h.screenshot(page, '05b-actions-ready')
  }, 60_000)

  it('converts an image to webp with a resize, and the new file is really webp', async () => {
    const [file] = await seedFiles([{ sample: 'subject', name: 'photo.png' }])
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator/files/${file!.id}`)
    await page.getByLabel('Add operation').selectOption('format')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByLabel('Format format').selectOption('webp')
    await page.getByLabel('Add operation').selectOption('resize')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByLabel('Resize size width').fill('48')
    expect(await page.locator('[data-slot="recipe-text"]').textContent()).toBe('/-/format/webp/-/resize/48x/')
    // The live preview of this recipe, rendered by the server's CDN (sharp), loads.
    const preview = page.locator('[data-slot="recipe-preview"]')
    await expect
      .poll(() => preview.locator('img').getAttribute('src'), { timeout: 10_000 })
      .toContain('/-/preview/400x400/-/format/webp/-/resize/48x/')
    await expect.poll(() => preview.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready')
    expect(await preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48)
    await page.getByRole('button', { name: 'Convert' }).click()
    const result = page.locator('[data-slot="conversion-result"]')
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready')
    await h.screenshot(page, '06-converted-to-webp')
    const newId = (await result.textContent())!.match(/f-[A-Za-z0-9]{22}/)![0]
    const bytes = Buffer.from(
      await (
        await fetch(`${h.server.baseUrl}/cdn/${newId}/`, {
          headers: { Authorization: `Bearer ${h.server.secretKey}` },
        })
      ).arrayBuffer(),
    )
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP')
    expect((await sharp(bytes).metadata()).width).toBe(48)
  }, 60_000)

  it('shows a processing error for background removal on a blank image', async () => {
    const [file] = await seedFiles([{ sample: 'blank', name: 'blank.png' }])
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator/files/${file!.id}`)
    await page.getByLabel('Conversion').selectOption('remove_bg')
    await page.getByLabel('Add operation').selectOption('crop')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('button', { name: 'Convert' }).click()
    const result = page.locator('[data-slot="conversion-result"]')
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('processing_error')
    expect(await result.textContent()).toContain('Processing failed')
    await h.screenshot(page, '07-remove-bg-blank-failed')
  }, 60_000)

  it('has no axe violations on any page, wide, 375 px narrow or dark, and never scrolls the page sideways', async () => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    const [image] = await seedFiles([{ name: 'photo.png' }])
    const page = await h.page()
    const found: string[] = []
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [375, 'light'],
      [1280, 'dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme })
      for (const [route, ready] of [
        ['#/portal', 'Create group'],
        ['#/operator', 'Next page'],
        [`#/operator/files/${image!.id}`, 'Convert'],
      ] as const) {
        await page.goto(`${h.playgroundUrl}/${route}`)
        await page.getByRole('button', { name: ready }).first().waitFor({ timeout: 15_000 })
        await page.waitForTimeout(300) // effects that follow the first render (scroll regions)
        if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe })
        const violations = await page.evaluate(async () => {
          const run = (
            window as unknown as { axe: { run: (c: object) => Promise<{ violations: { id: string }[] }> } }
          ).axe.run
          return (
            await run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] })
          ).violations.map((v) => v.id)
        })
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
        for (const v of violations) found.push(`${width}px ${colorScheme} ${route}: ${v}`)
        if (sideways) found.push(`${width}px ${route}: the page scrolls sideways`)
      }
    }
    await h.screenshot(page, '08-file-page-dark')
    // A long file name without spaces wraps in the uploader's list and in the group's rows.
    await page.setViewportSize({ width: 375, height: 900 })
    const long = { name: `${'x'.repeat(60)}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') }
    const sideways = async (where: string) => {
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
        found.push(`375px ${where}: a long file name scrolls the page sideways`)
    }
    await page.goto(`${h.playgroundUrl}/#/operator`)
    await page.locator('input[type=file]').first().setInputFiles(long)
    await page.getByText('Uploaded').waitFor({ timeout: 15_000 })
    await sideways('operator uploader')
    await page.goto(`${h.playgroundUrl}/#/portal`)
    await page.locator('input[type=file]').setInputFiles(long)
    await page.getByRole('button', { name: `1. ${long.name}` }).waitFor({ timeout: 15_000 })
    await sideways('portal group rows')
    expect(found).toEqual([])
  }, 90_000)
})
