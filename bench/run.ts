// `npm run bench [-- bundle|render|polling|server ...] [--quick] [--compare=<git ref>]`: runs the
// benchmarks, prints a table of figures against the budgets in DESIGN.md and writes
// bench/results.md (a run of some parts keeps the other parts from the file there is).
// `--compare` also runs the server's list loads on the sources at that ref.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { machineInfo } from './machine.ts'
import {
  type KeptPart,
  keptParts,
  markdownTable,
  type PartResult,
  partMarker,
  printTable,
  tableLine,
  verdict,
} from './report.ts'

type Part = (options: { quick: boolean; compareTo?: string }) => Promise<PartResult>
// Loaded on demand: the polling part sets up jsdom globals, the render part Vite and Chromium.
const parts: Record<string, () => Promise<Part>> = {
  bundle: async () => (await import('./bundle/bundleBench.ts')).bundleBench,
  render: async () => (await import('./render/renderBench.ts')).renderBench,
  polling: async () => (await import('./polling/pollingBench.ts')).pollingBench,
  server: async () => (await import('./server/serverBench.ts')).serverBench,
}
type PartName = keyof typeof parts & string

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const compareTo = args.find((a) => a.startsWith('--compare='))?.slice('--compare='.length)
const unknown = args.filter((a) => a !== '--quick' && !a.startsWith('--compare=') && !(a in parts))
if (unknown.length) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}. Usage: npm run bench -- [bundle] [render] [polling] [server] [--quick] [--compare=<git ref>]`,
  )
  process.exit(2)
}
const chosen = (args.filter((a) => a in parts) as PartName[]).sort(
  (a, b) => Object.keys(parts).indexOf(a) - Object.keys(parts).indexOf(b),
)
const selected = chosen.length ? chosen : (Object.keys(parts) as PartName[])

const started = performance.now()
const results: PartResult[] = []
for (const name of selected) {
  console.log(`\n== ${name}${quick ? ' (quick)' : ''} ==`)
  const t0 = performance.now()
  const result = await (await parts[name]!())({ quick, ...(compareTo && { compareTo }) })
  console.log(`${name} took ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  if (result.title !== name) throw new Error(`the ${name} part calls itself ${result.title}`)
  results.push(result)
}
printTable(results)

// A run of some parts keeps the other parts' figures and sections from the results.md there is,
// and says in its header which part comes from which run.
const resultsUrl = new URL('./results.md', import.meta.url)
const now = new Date().toISOString()
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`
const kept = existsSync(resultsUrl)
  ? keptParts(readFileSync(resultsUrl, 'utf8'))
  : new Map<string, KeptPart>()
const order = Object.keys(parts).filter((name) => selected.includes(name as PartName) || kept.has(name))
const fresh = new Map(results.map((r) => [r.title, r]))
const origin = (name: string) => {
  const part = kept.get(name)
  return fresh.has(name)
    ? `${name}: this run${quick ? ' (quick)' : ''}`
    : `${name}: kept from \`${part!.command}\` on ${part!.written}${part!.quick ? ' (quick)' : ''}`
}
const quickParts = order.filter((name) => (fresh.has(name) ? quick : kept.get(name)!.quick))
const missing = Object.keys(parts).filter((name) => !order.includes(name))

const machine = await machineInfo()
const lines = [
  '# Benchmark results',
  '',
  `Written by \`${command}\` on ${now} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  `Parts: ${order.map(origin).join('; ')}.${missing.length ? ` Not run: ${missing.join(', ')}.` : ''}`,
  quickParts.length
    ? `\n**Quick run (short durations) of ${quickParts.join(', ')}: a smoke test, not figures to quote.**`
    : '',
  '',
  '## Machine',
  '',
  markdownTable(
    ['', ''],
    machine.map(([k, v]) => [k, v]),
  ),
  '',
  'The two cores are shared: other engineers were working on this machine while it ran, and the load',
  'generator of the server bench runs on the same two cores as the server (see that section).',
  '',
  '## Figures against the budgets',
  '',
  markdownTable(['part', 'what', 'figure', 'budget', ''], []),
  ...order.flatMap((name) => {
    const part = fresh.get(name)
    return part
      ? part.rows.map((r) => tableLine([part.title, r.what, r.figure, r.budget ?? '', verdict(r)]))
      : kept.get(name)!.tableLines
  }),
  '',
  ...order.flatMap((name) => {
    const part = fresh.get(name)
    return [
      `## ${name}`,
      '',
      partMarker({
        name,
        written: part ? now : kept.get(name)!.written,
        quick: part ? quick : kept.get(name)!.quick,
        command: part ? command : kept.get(name)!.command,
      }),
      '',
      ...(part ? part.details.flatMap((d) => [d, '']) : [kept.get(name)!.section, '']),
    ]
  }),
  readFileSync(new URL('./notes.md', import.meta.url), 'utf8'),
]
writeFileSync(
  resultsUrl,
  `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`,
)
console.log('\nwrote bench/results.md')
process.exit(0)
