// Plays every story of the static Storybook build in Firefox and in WebKit, the engines the other
// tests (Chromium only) don't reach: each story is rendered in a fresh page with the in-browser
// emulator answering, its play function runs, then the a11y addon's axe check, and the story
// fails on a play error, a violation, an error thrown or left unhandled on the page, a console
// error, or no end within a minute. Each docs page is rendered the same way, and fails on the
// same errors.
//
// Firefox is Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi. WebKit is
// WebKitGTK's MiniBrowser through its WebDriver (Debian's webkit2gtk-driver, which has no BiDi)
// with selenium-webdriver, on an Xvfb display when there is none. Nothing is downloaded.
// `node --import tsx scripts/check-engines.ts [firefox|webkit] [part of a story id]`
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import puppeteer from 'puppeteer-core'
import { Builder } from 'selenium-webdriver'
import { serveStorybook, storybookRoot } from './serve-storybook.ts'

/** How the story ended, what went wrong, how long it took, and the addons' checks that ran (a11y). */
type Result = { status: string; errors: string[]; ms: number; checked?: string[] }
type Entry = { id: string; type: 'story' | 'docs' }
type Engine = {
  version: string
  play: (url: string, entry: Entry) => Promise<Result>
  close: () => Promise<void>
}

const install = 'apt-get install -y firefox-esr webkit2gtk-driver xvfb'
const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
/** WebKitGTK's MiniBrowser, under the machine's own library folder (/usr/lib/x86_64-linux-gnu/…). */
const miniBrowserPath =
  process.env.MINIBROWSER_PATH ??
  readdirSync('/usr/lib')
    .flatMap((dir) =>
      ['webkitgtk-6.0', 'webkit2gtk-4.1'].map((api) => join('/usr/lib', dir, api, 'MiniBrowser')),
    )
    .find((path) => existsSync(path))

/**
 * Run in the page (a string, so that tsx adds no helper the page lacks): waits for Storybook's
 * preview, listens to it, then asks it for the story. Storybook reports a story whose play threw
 * as finished with "success" in a static build, so its exception events are heard too.
 */
const playStory = `(storyId, viewMode) => new Promise((done) => {
  const started = Date.now()
  const errors = []
  const timer = setTimeout(() => done({ status: 'no end within 60 s', errors, ms: Date.now() - started }), 60000)
  const text = (e) => (e && e.message) || String(e)
  addEventListener('error', (e) => errors.push('error: ' + text(e.error || e)))
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + text(e.reason)))
  const consoleError = console.error
  console.error = (...args) => {
    errors.push('console.error: ' + args.map(text).join(' '))
    consoleError(...args)
  }
  const start = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__
    const preview = window.__STORYBOOK_PREVIEW__
    if (!channel || !preview || !preview.storyStoreValue) return setTimeout(start, 50)
    channel.on('playFunctionThrewException', (e) => errors.push('play: ' + text(e)))
    channel.on('unhandledErrorsWhilePlaying', (list) => errors.push(...list.map((e) => 'unhandled while playing: ' + text(e))))
    channel.on('storyErrored', (e) => errors.push('story errored: ' + e.title + ' ' + e.description))
    channel.on('storyThrewException', (e) => errors.push('story threw: ' + text(e)))
    channel.on('storyMissing', () => errors.push('no such story'))
    channel.on('storyFinished', (e) => {
      if (e.storyId !== storyId) return
      clearTimeout(timer)
      // The a11y addon's axe check (a report, run after the play), failed: which rules, how often.
      for (const report of e.reporters || [])
        if (report.status === 'failed')
          errors.push(report.type + ': ' + ((report.result && report.result.violations) || []).map((v) => v.id + ' × ' + v.nodes.length).join(', '))
      done({ status: e.status, errors, ms: Date.now() - started, checked: (e.reporters || []).map((r) => r.type) })
    })
    channel.on('docsRendered', (id) => {
      if (id !== storyId) return
      clearTimeout(timer)
      const docs = document.getElementById('storybook-docs')
      if (!docs || !docs.textContent.trim()) errors.push('the docs page is empty')
      done({ status: 'success', errors, ms: Date.now() - started })
    })
    channel.emit('setCurrentStory', { storyId, viewMode })
  }
  start()
})`

async function firefox(): Promise<Engine> {
  if (!existsSync(firefoxPath))
    throw new Error(`Firefox is missing at ${firefoxPath}: ${install} (or set FIREFOX_PATH)`)
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true })
  const page = await browser.newPage()
  return {
    version: await browser.version(),
    async play(url, { id, type }) {
      await page.goto(url)
      return page.evaluate(`(${playStory})(${JSON.stringify(id)}, '${type}')`) as Promise<Result>
    },
    close: () => browser.close(),
  }
}

/** A display for WebKit: the current one, or a new Xvfb server's (the number it picks itself). */
async function display(): Promise<[string, ChildProcess?]> {
  if (process.env.DISPLAY) return [process.env.DISPLAY]
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  })
  const number = await new Promise<string>((resolve, reject) => {
    xvfb.on('error', () => reject(new Error(`Xvfb is missing: ${install}`)))
    xvfb.on('exit', (code) => reject(new Error(`Xvfb stopped (exit code ${code})`)))
    xvfb.stdio[3]!.on('data', (data: Buffer) => resolve(data.toString().trim()))
  })
  return [`:${number}`, xvfb]
}

async function webkit(): Promise<Engine> {
  if (!existsSync(webkitDriverPath) || !miniBrowserPath)
    throw new Error(
      `WebKitGTK's WebDriver or MiniBrowser is missing: ${install} (or set WEBKIT_DRIVER_PATH, MINIBROWSER_PATH)`,
    )
  const [DISPLAY, xvfb] = await display()
  // A port free now: the driver takes no port 0.
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
  const driver = spawn(webkitDriverPath, [`--port=${port}`], {
    // C.UTF-8: WebKit warns at every start under a locale the machine hasn't generated.
    env: { ...process.env, DISPLAY, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    driver.kill()
    xvfb?.kill()
  }
  try {
    const session = new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
    })
    // The driver takes a moment to listen: ask again for up to 10 s.
    const deadline = Date.now() + 10_000
    let browser: Awaited<ReturnType<typeof session.build>> | undefined
    while (!browser) {
      browser = await session.build().catch((error: Error) => {
        if (Date.now() > deadline) throw error
        return new Promise<undefined>((resolve) => setTimeout(resolve, 200))
      })
    }
    const running = browser
    await running.manage().setTimeouts({ script: 90_000 })
    const capabilities = await running.getCapabilities()
    return {
      version: `WebKitGTK ${capabilities.get('browserVersion')}`,
      async play(url, { id, type }) {
        await running.get(url)
        return running.executeAsyncScript(
          `(${playStory})(arguments[0], arguments[1]).then(arguments[arguments.length - 1])`,
          id,
          type,
        ) as Promise<Result>
      },
      async close() {
        await running.quit()
        stop()
      },
    }
  } catch (error) {
    stop()
    throw error
  }
}

const [only, part = ''] = process.argv.slice(2)
const engines = { firefox, webkit }
if (only && !(only in engines)) throw new Error(`No engine "${only}": firefox or webkit`)
const index = JSON.parse(readFileSync(join(storybookRoot, 'index.json'), 'utf8')) as {
  entries: Record<string, Entry>
}
// Every story, and every docs page (the Introduction, the props tables).
const entries = Object.values(index.entries).filter((entry) => entry.id.includes(part))
if (!entries.length) throw new Error(`No story or docs page in ${storybookRoot}/index.json matches "${part}"`)

const server = await serveStorybook()
const summary: string[] = []
let failed = 0
try {
  for (const [name, open] of Object.entries(engines)) {
    if (only && name !== only) continue
    const engine = await open()
    const started = Date.now()
    let engineFailed = 0
    try {
      for (const entry of entries) {
        const { id } = entry
        const { status, errors, ms, checked } = await engine.play(
          `${server.base}/iframe.html?viewMode=story`,
          entry,
        )
        if (status === 'success' && !errors.length) {
          console.log(
            `ok    ${name} ${id} (${[`${(ms / 1000).toFixed(1)} s`, ...(checked ?? [])].join(', ')})`,
          )
          continue
        }
        engineFailed++
        // The first lines of each: Testing Library's messages go on with the whole page's DOM.
        const said = errors.map(
          (e) => `\n        ${e.split('\n').filter(Boolean).slice(0, 2).join('\n        ').slice(0, 600)}`,
        )
        console.error(`FAIL  ${name} ${id}: ${status}${said.join('')}`)
      }
    } finally {
      await engine.close()
    }
    failed += engineFailed
    const seconds = Math.round((Date.now() - started) / 1000)
    const docs = entries.filter((entry) => entry.type === 'docs').length
    summary.push(
      `${name} (${engine.version}): ${entries.length - docs} stories and ${docs} docs pages, ${engineFailed} failed, ${seconds} s`,
    )
  }
} finally {
  server.close()
}
console.log(summary.join('\n'))
process.exit(failed ? 1 : 0)
