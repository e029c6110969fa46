// The end user's journey in Chromium, against the emulator server and the playground.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subjectPng } from '../../src/testing/index.ts'
import { type Harness, startHarness } from './harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
}, 120_000)
afterAll(() => h?.stop())

describe('end user', () => {
  it('uploads 3 images, creates a group, reopens it with only the token, reorders, removes, and the order survives a reload (the token asked again)', async () => {
    const page = await h.page()
    await page.goto(`${h.playgroundUrl}/#/portal`)
    await page.getByLabel('Choose files').setInputFiles(
      ['red', 'green', 'blue'].map((name, i) => ({
        name: `${name}.png`,
        mimeType: 'image/png',
        buffer: Buffer.from(subjectPng(80 + i * 8, 60, i * 40)),
      })),
    )
    const list = page.getByRole('list', { name: 'Files in this group' })
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3)
    await page.getByRole('button', { name: 'Create group' }).click()
    const tokenRegion = page.getByRole('region', { name: 'Access token for this group' })
    const token = (await tokenRegion.locator('code').textContent())!
    expect(token).toMatch(/^gat-[A-Za-z0-9]{22}$/)
    const groupId = (await page.locator('[data-slot="group-editor"] h2').textContent())!.replace('Group ', '')
    await h.screenshot(page, '01-group-created-token-shown')

    // A fresh tab: nothing but the id and the token.
    const fresh = await h.page()
    await fresh.goto(`${h.playgroundUrl}/#/portal`)
    await fresh.getByLabel('Group id').fill(groupId)
    await fresh.getByLabel('Access token').fill(token)
    await fresh.getByRole('button', { name: 'Open' }).click()
    const handles = fresh.locator('[data-slot="drag-handle"]')
    await expect.poll(() => handles.count(), { timeout: 15_000 }).toBe(3)
    const before = await handles.allTextContents()
    await handles.first().focus()
    await fresh.keyboard.press('Alt+ArrowDown')
    await fresh.getByRole('button', { name: /^Remove blue\.png$/ }).click()
    await fresh.getByRole('button', { name: 'Save group' }).click()
    await expect.poll(() => fresh.getByText('Unsaved changes').count()).toBe(0)
    await h.screenshot(fresh, '02-group-reordered-and-saved')
    // Uploads finish in any order; the expectation follows what was on screen.
    const names = before.map((t) => t.replace(/^\d+\. /, ''))
    const expected = [names[1], names[0], names[2]].filter((n) => n !== 'blue.png')

    // The token is kept in memory only: after a reload the group asks for it again.
    await fresh.reload()
    expect(await fresh.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(
      token,
    )
    await fresh.getByLabel('Access token').fill(token)
    await fresh.getByRole('button', { name: 'Open' }).click()
    await expect.poll(() => handles.count(), { timeout: 15_000 }).toBe(2)
    expect((await handles.allTextContents()).map((t) => t.replace(/^\d+\. /, ''))).toEqual(expected)

    // Operator views say they need the secret key instead of failing silently.
    const denied = fresh.getByRole('region', { name: 'What this token cannot do' }).getByRole('alert')
    await expect.poll(() => denied.count(), { timeout: 10_000 }).toBe(2)
    expect(await denied.first().textContent()).toContain('Not allowed with this token')
    await h.screenshot(fresh, '03-operator-views-forbidden')
  }, 120_000)
})
