// Serves the static Storybook build as plain files and checks in Chromium that stories render
// with the in-browser emulator answering (the MSW worker is part of the build). It is served
// under a path (`/storybook/`), as on a project site: nothing may assume the site's root.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../test/support/chromium.ts'

const root = 'storybook-static'
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}
const prefix = '/storybook'
const server = createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname
  if (!pathname.startsWith(`${prefix}/`)) return void res.writeHead(404).end()
  // normalize() resolves `..`, and anything still climbing out of the root is cut off.
  const path = normalize(decodeURIComponent(pathname.slice(prefix.length))).replace(/^(\.\.[/\\])+/, '')
  let file = join(root, path)
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
  if (!existsSync(file)) return void res.writeHead(404).end()
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}${prefix}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
// Each text is what the story shows after its play function has run.
const checks: [id: string, text: string][] = [
  ['components-filelist--many', 'Page 3 of 3'],
  ['components-groupeditor--edit-with-keyboard', 'Saved.'],
  ['components-actionstatusbadge--pending-to-ready', 'Done — Labels'],
  ['components-recipebuilder--document', '/format/docx/'],
]
let failed = 0
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
  // The Introduction's Markdown tables (auth modes, theming variables) render as tables.
  const docs = await browser.newPage()
  await docs.goto(`${base}/iframe.html?id=introduction--docs&viewMode=docs`)
  try {
    await docs.locator('table').nth(1).waitFor({ timeout: 30_000 })
    console.log('ok    introduction--docs: its 2 tables are tables')
  } catch {
    failed++
    console.error(`FAIL  introduction--docs: ${await docs.locator('table').count()} tables, not 2`)
  }
  await docs.close()
  // The Props page: a table per component, types as written (not "union"), no story run.
  const props = await browser.newPage()
  await props.goto(`${base}/iframe.html?id=props--docs&viewMode=docs`)
  try {
    await props.locator('table').nth(5).waitFor({ timeout: 30_000 })
    const text = await props.locator('body').innerText()
    if (!text.includes('(group: Group) => void') || /\bunion\b/.test(text) || text.includes('@default'))
      throw new Error('types or defaults not as written')
    console.log('ok    props--docs: 6 tables, types as written')
  } catch (error) {
    failed++
    console.error(`FAIL  props--docs: ${(error as Error).message}`)
  }
  await props.close()
} finally {
  await browser.close()
  server.close()
}
process.exit(failed ? 1 : 0)
