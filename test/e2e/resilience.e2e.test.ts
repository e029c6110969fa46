// What the UI does when the service is slow or gone.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subjectPng } from '../../src/testing/index.ts'
import { startEmulatorServer } from '../support/emulatorServer.ts'
import { type Harness, startHarness } from './harness.ts'

let h: Harness
const dataDir = mkdtempSync(join(tmpdir(), 'filekit-e2e-'))
beforeAll(async () => {
  h = await startHarness([], { dataDir })
}, 120_000)
afterAll(async () => {
  await h?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('resilience', () => {
  it('a slow server shows loading states, and a double click saves once', async () => {
    const page = await h.page()
    const puts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url())
    })
    await page.goto(`${h.playgroundUrl}/#/operator`)
    const groups = page.getByRole('region', { name: 'Groups' })
    await groups
      .getByRole('button', { name: /^Open g-/ })
      .first()
      .click({ timeout: 15_000 })
    const handles = page.locator('[data-slot="drag-handle"]')
    await expect.poll(() => handles.count(), { timeout: 15_000 }).toBeGreaterThan(1)
    await h.faults({ latency: 1500 })
    await page
      .getByRole('button', { name: /^Move .* down$/ })
      .first()
      .click()
    const save = page.getByRole('button', { name: 'Save group' })
    await save.dblclick()
    await page.getByRole('button', { name: 'Saving…' }).waitFor({ timeout: 2000 })
    await h.screenshot(page, '08-slow-save-in-progress')
    await expect.poll(() => page.getByText('Unsaved changes').count(), { timeout: 15_000 }).toBe(0)
    expect(puts).toHaveLength(1)
    await h.faults({ clear: true })
  }, 60_000)

  it('offline, the list and an upload say they wait for the network, and carry on once it is back', async () => {
    const page = await h.page()
    // Page 2 is fetched ahead once page 1 shows. Offline before that answer lands, page 2 would
    // be fresh when opened, with nothing to wait for (a fresh-clone CI run under load did this).
    const prefetched = page.waitForResponse((r) => /\/files\.json\?(?:.*&)?page=2(?:&|$)/.test(r.url()))
    await page.goto(`${h.playgroundUrl}/#/operator`)
    const files = page.getByRole('region', { name: 'Project files' })
    const pages = files.getByRole('navigation', { name: 'Files, pages' })
    const status = pages.locator('[aria-live]')
    await pages.getByText(/^Page 1 of/).waitFor({ timeout: 15_000 })
    await prefetched
    // A page fetched ahead stays fresh 5 s (opened sooner, it is shown without asking again).
    await page.waitForTimeout(5_500)
    await page.context().setOffline(true) // Chromium fires the window's offline event
    // Page 2 was prefetched: it shows, but it can't be refreshed, nor its thumbnails loaded.
    await pages.getByRole('button', { name: 'Next page' }).click()
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Page 2 of \d+ · Offline, waiting for the network$/)
    await files.getByLabel('Choose files').setInputFiles({
      name: 'offline.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('sent once the network is back'),
    })
    const upload = files.locator('[data-slot="upload-item"]', { hasText: 'offline.txt' })
    await upload.getByText('Offline, waiting for the network').waitFor()
    // Failed thumbnails leave a blank cell, not a broken-image icon.
    const thumbnails = files.locator('[data-slot="file-row"] img')
    const thumbnailStates = () =>
      thumbnails.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) =>
          !img.complete ? 'loading' : img.naturalWidth > 0 ? 'shown' : img.style.visibility || 'broken',
        ),
      )
    await expect.poll(thumbnailStates).toContain('hidden')
    expect(await thumbnailStates()).not.toContain('broken')
    await h.screenshot(page, '11-offline')

    await page.context().setOffline(false)
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Page 2 of \d+$/)
    await upload.getByText('Uploaded').waitFor({ timeout: 15_000 })
    // Back online, the thumbnails load after all.
    await expect
      .poll(async () => new Set(await thumbnailStates()), { timeout: 15_000 })
      .toEqual(new Set(['shown']))
    await h.screenshot(page, '12-back-online')
  }, 60_000)

  it("offline, RecipeBuilder's preview and Convert say they wait for the network, and carry on once it is back", async () => {
    const seeded = await fetch(`${h.server.baseUrl}/__emulator/seed`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.server.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ files: [{ sample: 'subject', name: 'photo.png' }] }),
    })
    const [file] = (await seeded.json()).files as { id: string }[]
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/operator/files/${file!.id}`)
    await page.getByLabel('Add operation').selectOption('format')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    const preview = page.locator('[data-slot="recipe-preview"]')
    await expect.poll(() => preview.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready')
    await page.context().setOffline(true)
    await page.getByLabel('Format format').selectOption('webp')
    // The new preview can't load: not "No preview for this recipe".
    await preview.getByText('Offline, waiting for the network').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Convert' }).click()
    await page.locator('[data-slot="convert-status"]').getByText('Offline, waiting for the network').waitFor()
    await h.screenshot(page, '13-recipe-offline')
    await page.context().setOffline(false)
    await expect.poll(() => preview.getAttribute('data-state'), { timeout: 10_000 }).toBe('ready')
    expect(
      await preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0)
    const result = page.locator('[data-slot="conversion-result"]')
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready')
  }, 60_000)

  it('creating a group waits for the uploads still running, so none is left out of it', async () => {
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/portal`)
    const png = (name: string) => ({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from(subjectPng(40, 30, 10)),
    })
    const list = page.getByRole('list', { name: 'Files in this group' })
    await page.getByLabel('Choose files').setInputFiles(png('first.png'))
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1)
    await h.faults({ latency: 2000 })
    await page.getByLabel('Choose files').setInputFiles(png('second.png'))
    const create = page.getByRole('button', { name: 'Create group' })
    await page.getByText('Waiting for uploads to finish').waitFor({ timeout: 2000 })
    expect(await create.isDisabled()).toBe(true)
    await h.screenshot(page, '14-create-waits-for-uploads')
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2)
    await h.faults({ clear: true })
    await create.click()
    const token = (await page
      .getByRole('region', { name: 'Access token for this group' })
      .locator('code')
      .textContent())!
    const groupId = (await page.locator('[data-slot="group-editor"] h2').textContent())!.replace('Group ', '')
    const files = await fetch(
      `${h.server.baseUrl}/api/v1/projects/${h.server.projectId}/groups/${groupId}/files.json`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
    expect(
      (await files.json()).data
        .map((f: { attributes: { original_name: string } }) => f.attributes.original_name)
        .sort(),
    ).toEqual(['first.png', 'second.png'])
  }, 60_000)

  it('the server stopped mid-session shows an error, and it recovers when the server is back', async () => {
    const page = await h.page()
    // The list prefetches page 2 once page 1 is shown: the server stops only after that answer
    // (on a loaded machine it came after "Page 1 of" showed, and page 2 was then never cached).
    const prefetched = page.waitForResponse((r) => /\/files\.json\?page=2&/.test(r.url()), {
      timeout: 15_000,
    })
    await page.goto(`${h.playgroundUrl}/#/operator`)
    const files = page.getByRole('region', { name: 'Project files' })
    await files.getByText(/Page 1 of/).waitFor({ timeout: 15_000 })
    await prefetched
    // A page fetched ahead stays fresh 5 s (opened sooner, it is shown without asking again).
    await page.waitForTimeout(5_500)
    const port = new URL(h.server.baseUrl).port
    await h.server.stop()
    await files.getByRole('button', { name: 'Next page' }).click()
    // Page 2 was prefetched: it shows, while refreshing it tries again (with backoff), then fails.
    await files.getByText(/^Page 2 of \d+ · Trying again: /).waitFor({ timeout: 15_000 })
    const alert = files.getByRole('alert')
    await alert.waitFor({ timeout: 30_000 })
    // In words for people: the playground's proxy answers 502 with no message of the service's.
    expect(await alert.textContent()).toBe(
      'Could not refresh: The service answered with status 502 Try again',
    )
    expect(await files.locator('[data-slot="file-row"]').count()).toBeGreaterThan(0)
    await h.screenshot(page, '09-server-gone')
    h.server = await startEmulatorServer(['--control', '--quiet', '--port', port], { dataDir })
    await files.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(0)
    await files.getByText(/^Page 2 of \d+$/).waitFor()
    // The thumbnails that could not load while the server was gone load now.
    const thumbnails = files.locator('[data-slot="file-row"] img')
    await expect
      .poll(
        () =>
          thumbnails.evaluateAll((imgs) =>
            (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
          ),
        { timeout: 15_000 },
      )
      .toBe(true)
    await h.screenshot(page, '10-recovered')
  }, 90_000)
})
