// Serves the static Storybook build as plain files and checks in Chromium that stories render
// with the in-browser emulator answering (the MSW worker is part of the build).
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright-core'

const root = 'storybook-static'
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  )
  let file = join(root, path)
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
  if (!existsSync(file)) return res.writeHead(404).end()
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${server.address().port}`
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
})
const checks = [
  ['components-filelist--many', 'Page 1 of 3'],
  ['components-groupeditor--edit-with-keyboard', '1. a.png'],
  ['components-actionstatusbadge--not-started', 'Not started'],
  ['components-recipebuilder--document', '/format/docx/'],
]
let failed = 0
try {
  for (const [id, text] of checks) {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`)
    try {
      await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 })
      console.log(`ok    ${id}: shows "${text}"`)
    } catch {
      failed++
      console.error(`FAIL  ${id}: "${text}" never appeared ${errors.join('; ')}`)
    }
    await page.close()
  }
} finally {
  await browser.close()
  server.close()
}
process.exit(failed ? 1 : 0)
