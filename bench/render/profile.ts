// `node --import tsx bench/render/profile.ts [scenario] [runs]`: where one render scenario's time
// goes, for reading beside bench/results.md (it prints, it asserts nothing). The bench page of
// renderBench.ts, built the same way (production React, the CDN answering with images) and run in
// the same Chromium, once traced (main-thread trace events summed by name) and once with V8's
// sampling profiler (self time by function; FK_UNMINIFIED=1 keeps the library's names).
import type { Page } from 'playwright-core'
import type { BenchApi } from './main.tsx'
import { launchBrowser, servePage } from './renderBench.ts'

const scenario = process.argv[2] ?? 'group-editor-reorder-1000'
const runs = Number(process.argv[3] ?? 20)

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  args?: { name?: string }
}
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

const run = (page: Page, n: number, warmup: number) =>
  page.evaluate(
    ([name, n, w]) =>
      (window as unknown as { filekitBench: BenchApi }).filekitBench.run(
        name as string,
        n as number,
        w as number,
      ),
    [scenario, n, warmup] as const,
  )
const print = (title: string, totals: Map<string, number>) => {
  console.log(`\n${title} (ms per run)`)
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${(ms / runs).toFixed(2).padStart(8)}  ${name}`)
}

const { url, close } = await servePage({ minify: !process.env.FK_UNMINIFIED })
const browser = await launchBrowser()
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(url)
  await page.waitForFunction(() => 'filekitBench' in window)
  await run(page, 3, 2)

  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  })
  const timings = await run(page, runs, 0)
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[]
  }
  const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const traced = new Map<string, number>()
  for (const e of traceEvents)
    if (e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid)
      traced.set(e.name, (traced.get(e.name) ?? 0) + (e.dur ?? 0) / 1000)
  const median = timings.map((t) => t.frame).sort((a, b) => a - b)[runs >> 1]
  console.log(
    `${scenario}: ${runs} runs, to the next frame median ${median?.toFixed(1)} ms (traced, so slower)`,
  )
  print('Main-thread trace events, nested ones counted in their parents too', traced)

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await run(page, runs, 0)
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
  }
  const byNode = new Map<number, number>()
  for (const [i, id] of profile.samples.entries())
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  const self = new Map<string, number>()
  for (const { id, callFrame: f } of profile.nodes) {
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`
    self.set(name, (self.get(name) ?? 0) + (byNode.get(id) ?? 0))
  }
  print('JavaScript self time (sampled; "(program)" is the browser\'s own work)', self)
} finally {
  await browser.close()
  await close()
}
