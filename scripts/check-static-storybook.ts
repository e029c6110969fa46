// Serves the static Storybook build as plain files and checks in Chromium that stories render
// with the in-browser emulator answering (the MSW worker is part of the build).
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
const server = createServer((req, res) => {
  // normalize() resolves `..`, and anything still climbing out of the root is cut off.
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  )
  let file = join(root, path)
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
  if (!existsSync(file)) return void res.writeHead(404).end()
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const checks: [id: string, text: string][] = [
  ['components-filelist--many', 'Page 1 of 3'],
  ['components-groupeditor--edit-with-keyboard', '1. a.png'],
  ['components-actionstatusbadge--not-started', 'Not started'],
  ['components-recipebuilder--document', '/format/docx/'],
]
let failed = 0
try {
  for (const [id, text] of checks) {
    const page = await browser.newPage()
    const errors: string[] = []
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
