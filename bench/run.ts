// `npm run bench [-- render|polling|server ...] [--quick] [--compare=<git ref>]`: runs the
// benchmarks, prints a table of figures against the budgets in DESIGN.md and writes
// bench/results.md. `--compare` also runs the server's list loads on the sources at that ref.
import { readFileSync, writeFileSync } from 'node:fs'
import { machineInfo } from './machine.ts'
import { markdownTable, type PartResult, printTable, verdict } from './report.ts'

type Part = (options: { quick: boolean; compareTo?: string }) => Promise<PartResult>
// Loaded on demand: the polling part sets up jsdom globals, the render part Vite and Chromium.
const parts: Record<string, () => Promise<Part>> = {
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
    `Unknown argument(s): ${unknown.join(' ')}. Usage: npm run bench -- [render] [polling] [server] [--quick] [--compare=<git ref>]`,
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
  results.push(result)
}
printTable(results)

const machine = await machineInfo()
const lines = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\` on ${new Date().toISOString()} in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  quick ? '\n**Quick run (short durations): a smoke test, not figures to quote.**' : '',
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
  markdownTable(
    ['part', 'what', 'figure', 'budget', ''],
    results.flatMap((part) =>
      part.rows.map((r) => [part.title, r.what, r.figure, r.budget ?? '', verdict(r)]),
    ),
  ),
  '',
  ...results.flatMap((part) => [`## ${part.title}`, '', ...part.details.flatMap((d) => [d, ''])]),
  readFileSync(new URL('./notes.md', import.meta.url), 'utf8'),
]
writeFileSync(
  new URL('./results.md', import.meta.url),
  `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`,
)
console.log('\nwrote bench/results.md')
process.exit(0)
