// Starts the emulator server and the playground (Vite) and opens Chromium on them.
import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import { chromiumArgs, chromiumPath } from '../support/chromium.ts'
import { type RunningServer, type StartOptions, startEmulatorServer } from '../support/emulatorServer.ts'

export interface Harness {
  server: RunningServer
  playgroundUrl: string
  browser: Browser
  page(): Promise<Page>
  /** Sets or clears the server's faults through its control route. */
  faults(body: object): Promise<void>
  screenshot(page: Page, name: string): Promise<void>
  stop(): Promise<void>
}

export async function startHarness(serverArgs: string[] = [], options: StartOptions = {}): Promise<Harness> {
  const server = await startEmulatorServer(['--control', '--quiet', ...serverArgs], options)
  process.env.FILEKIT_URL = server.baseUrl
  process.env.FILEKIT_PROJECT_ID = server.projectId
  process.env.FILEKIT_SECRET_KEY = server.secretKey
  const vite: ViteDevServer = await createServer({
    configFile: 'playground/vite.config.ts',
    server: { port: 0, strictPort: false },
    logLevel: 'silent', // the resilience journey stops the server on purpose: proxy errors are expected
  })
  await vite.listen()
  const playgroundUrl = vite.resolvedUrls!.local[0]!.replace(/\/$/, '')
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync('test-results/e2e', { recursive: true })
  const harness: Harness = {
    server,
    playgroundUrl,
    browser,
    async page() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      return context.newPage()
    },
    async faults(body) {
      const answer = await fetch(`${server.baseUrl}/__emulator/faults`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.secretKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!answer.ok) throw new Error(`faults: ${answer.status}`)
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `test-results/e2e/${name}.png`, fullPage: true })
    },
    async stop() {
      await browser.close()
      await vite.close()
      // A journey may have replaced the server (stopped and started it again): stop the current one.
      await harness.server.stop()
    },
  }
  return harness
}
