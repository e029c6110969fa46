// Bundle size against DESIGN.md "Budgets": `npm run build`, then size-limit (min+gzip, React,
// ReactDOM and TanStack Query external) with the entries of .size-limit.json.
import { spawnSync } from 'node:child_process'
import { markdownTable, type PartResult, type Row } from '../report.ts'

interface SizeLimitEntry {
  name: string
  passed: boolean
  size: number
  sizeLimit?: number
}

/** DESIGN's bundle budgets, each held against one size-limit entry (bytes, kB = 1000 B). */
const budgets = [
  { entry: 'everything (@filekit/react)', what: 'everything (JS)', budget: 15_000 },
  {
    entry: 'client + provider + every hook',
    what: 'hooks and client only: client + provider + every hook',
    budget: 5_000,
  },
  {
    entry: 'provider + useGroups',
    what: 'hooks and client only: provider + one hook (useGroups)',
    budget: 5_000,
  },
  { entry: 'styles.css', what: 'CSS (styles.css)', budget: 4_000 },
]

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  if (result.error) throw result.error
  return result
}

export async function bundleBench(_options: { quick: boolean }): Promise<PartResult> {
  const built = run('npm', ['run', '-s', 'build'])
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`)
  // size-limit exits with 1 when an entry is over its own limit in .size-limit.json; its JSON
  // is printed all the same.
  const measured = run(process.execPath, ['node_modules/size-limit/bin.js', '--json'])
  let entries: SizeLimitEntry[]
  try {
    entries = JSON.parse(measured.stdout) as SizeLimitEntry[]
  } catch {
    throw new Error(`size-limit printed no JSON:\n${measured.stdout}${measured.stderr}`)
  }
  const size = (name: string) => {
    const entry = entries.find((e) => e.name === name)
    if (!entry) throw new Error(`size-limit has no entry "${name}" (.size-limit.json)`)
    return entry.size
  }
  const rows: Row[] = budgets.map(({ entry, what, budget }) => ({
    what: `${what}, min+gzip`,
    figure: kB(size(entry)),
    budget: `≤ ${budget / 1000} kB`,
    met: size(entry) <= budget,
  }))
  return {
    title: 'bundle',
    rows,
    details: [
      [
        'What is measured: `npm run build`, then `size-limit --json` with the entries of `.size-limit.json` (each an',
        'import from `dist/index.js` bundled by esbuild, minified and gzipped, with React, ReactDOM and TanStack Query',
        'external as peers; `dist/styles.css` gzipped). kB are 1000 bytes, as size-limit counts them. The budgets are',
        "DESIGN.md's: everything ≤ 15 kB JS and ≤ 4 kB CSS, a hooks-and-client-only import ≤ 5 kB (held against both",
        'the client with the provider and every hook, and the provider with one hook). The limits in `.size-limit.json`',
        'are ratchets that stop growth, not these budgets.',
      ].join('\n'),
      markdownTable(
        ['size-limit entry', 'size', 'ratchet in .size-limit.json'],
        entries.map((e) => [e.name, kB(e.size), e.sizeLimit === undefined ? '' : kB(e.sizeLimit)]),
      ),
    ],
  }
}
