// Checks in Chromium that the static Storybook build's stories render with the in-browser
// emulator answering (the MSW worker is part of the build), served as plain files under a path.
import { chromium, type Page } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.ts'
import { serveStorybook } from './serve-storybook.ts'

const server = await serveStorybook()
const { base } = server
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
// Each text is what the story shows after its play function has run.
const checks: [id: string, text: string][] = [
  ['components-filelist--many', 'Page 3 of 3'],
  ['components-groupeditor--edit-with-keyboard', 'Saved.'],
  ['components-actionstatusbadge--pending-to-ready', 'Done — Labels'],
  ['components-recipebuilder--document', '/format/docx/'],
]
let failed = 0

/** Opens a docs (or story) page and runs `check` on it: what it returns is said as ok, what it throws as FAIL. */
async function checkPage(id: string, check: (page: Page) => Promise<string>, viewMode = 'docs') {
  const page = await browser.newPage()
  await page.goto(`${base}/iframe.html?id=${id}&viewMode=${viewMode}`)
  try {
    console.log(`ok    ${id}: ${await check(page)}`)
  } catch (error) {
    failed++
    console.error(`FAIL  ${id}: ${(error as Error).message}`)
  }
  await page.close()
}
try {
  // The first visit installs the MSW service worker; give that its own page load.
  const warmup = await browser.newPage()
  await warmup.goto(`${base}/iframe.html?id=components-grouplist--empty&viewMode=story`)
  await warmup.getByText('No groups yet.').waitFor({ timeout: 60_000 })
  await warmup.close()
  for (const [id, text] of checks) {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`)
    try {
      await page.getByText(text, { exact: false }).first().waitFor({ timeout: 30_000 })
      console.log(`ok    ${id}: shows "${text}"`)
    } catch {
      failed++
      console.error(`FAIL  ${id}: "${text}" never appeared ${errors.join('; ')}`)
    }
    await page.close()
  }
  // styles.css as a host's production build gives it: Vite minifies CSS for its default browser
  // targets, and lowered light-dark() inside the --fk-* variables to a form that is invalid where
  // they are defined (no colours, borders or focus ring in any browser). Light and dark themes.
  for (const [id, background] of [
    ['components-fileuploader--default', 'rgb(255, 255, 255)'],
    ['components-fileuploader--dark-theme', 'rgb(13, 17, 23)'],
  ] as const) {
    await checkPage(
      id,
      async (page) => {
        // Once its play has uploaded its two files: nothing on the page changes after that.
        await page.getByText('Uploaded', { exact: true }).nth(1).waitFor({ timeout: 30_000 })
        // The keyboard on one of the uploader's buttons (the file input draws its ring on its label).
        await page.keyboard.press('Tab')
        const focused = '.fk-uploader :is(.fk-button:focus-visible, input:focus-visible + label)'
        // No function declared inside: tsx would name it with a helper the page doesn't have.
        const look = await page.evaluate((focused) => {
          const root = getComputedStyle(document.querySelector('.fk-uploader')!)
          const button = getComputedStyle(document.querySelector(focused)!)
          // A host's own light-dark(), lowered by its build as lightningcss lowers it, on a dark
          // page: its text inside a component must stay the host's dark-page colour. The kit may
          // not set lightningcss's variables on its roots (a lowered color-scheme of its own would).
          const host = document.head.appendChild(document.createElement('style'))
          host.textContent = `:root { --lightningcss-light: ; --lightningcss-dark: initial }
            .host-text { color: var(--lightningcss-light, rgb(1, 2, 3)) var(--lightningcss-dark, rgb(250, 250, 250)) }`
          const text = document.querySelector('.fk-uploader')!.appendChild(document.createElement('span'))
          text.className = 'host-text'
          return {
            background: root.backgroundColor,
            ring: `${button.outlineStyle} ${button.outlineWidth}`,
            border: button.borderTopStyle,
            hostText: getComputedStyle(text).color,
          }
        }, focused)
        if (
          look.background !== background ||
          look.ring !== 'solid 2px' ||
          look.border !== 'solid' ||
          look.hostText !== 'rgb(250, 250, 250)'
        )
          throw new Error(`the built stylesheet's look is lost: ${JSON.stringify(look)}`)
        return `background ${look.background}, focus ring ${look.ring}, borders, a host's dark text inside`
      },
      'story',
    )
  }
  // The Introduction's Markdown tables (auth modes, theming variables) render as tables.
  await checkPage('introduction--docs', async (docs) => {
    await docs
      .locator('table')
      .nth(1)
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        throw new Error(`${await docs.locator('table').count()} tables, not 2`)
      })
    return 'its 2 tables are tables'
  })
  // The Props page: a table per component, types as written (not "union"), no story run.
  await checkPage('props--docs', async (props) => {
    await props.locator('table').nth(5).waitFor({ timeout: 30_000 })
    const text = await props.locator('body').innerText()
    if (!text.includes('(group: Group) => void') || /\bunion\b/.test(text) || text.includes('@default'))
      throw new Error('types or defaults not as written')
    return '6 tables, types as written'
  })
} finally {
  await browser.close()
  server.close()
}
process.exit(failed ? 1 : 0)
