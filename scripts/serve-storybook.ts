// Serves the static Storybook build (storybook-static/) as plain files, under a path
// (`/storybook/`) as on a project site: nothing may assume the site's root.
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'

export const storybookRoot = 'storybook-static'
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}
const prefix = '/storybook'

/** Starts the server on a free loopback port: `base` is the build's address, without a trailing slash. */
export async function serveStorybook() {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    if (!pathname.startsWith(`${prefix}/`)) return void res.writeHead(404).end()
    // normalize() resolves `..`, and anything still climbing out of the root is cut off.
    const path = normalize(decodeURIComponent(pathname.slice(prefix.length))).replace(/^(\.\.[/\\])+/, '')
    let file = join(storybookRoot, path)
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}${prefix}`,
    close: () => server.close(),
  }
}
