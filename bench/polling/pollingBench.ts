// Polling cost: requests made by 1, 10 and 50 ActionStatusBadges on one pending action over 60
// simulated seconds, and while the tab is hidden. Runs polling.run.tsx with vitest (jsdom, fake
// timers, the emulator behind msw/node) in a child process and reads back its figures.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { markdownTable, type PartResult, type Row } from '../report.ts'

interface Visible {
  requests: number
  at: number[]
  pending: number
}
interface Hidden {
  beforeHidden: number
  whileHidden: number
  onVisible: number
  at: number[]
}

const seconds = (ms: number) => String(Math.round(ms) / 1000)

export async function pollingBench(_options: { quick: boolean }): Promise<PartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'filekit-polling-bench-'))
  const out = join(dir, 'polling.json')
  try {
    const child = spawn(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'bench/polling/vitest.config.ts',
        '--reporter=dot',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'test', FILEKIT_BENCH_OUT: out },
      },
    )
    let log = ''
    child.stdout!.on('data', (chunk) => {
      log += chunk
    })
    child.stderr!.on('data', (chunk) => {
      log += chunk
    })
    const code = await new Promise((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`the polling run failed:\n${log}`)
    const results = JSON.parse(readFileSync(out, 'utf8')) as Record<string, Visible> & { hidden: Hidden }

    const one = results['visible-1']!
    const rows: Row[] = []
    const table: string[][] = []
    for (const count of [1, 10, 50]) {
      const r = results[`visible-${count}`]!
      const ticks = new Set(r.at).size
      const sameAsOne = r.at.join() === one.at.join()
      table.push([
        String(count),
        String(r.requests),
        String(ticks),
        (r.requests / ticks).toFixed(2),
        String(sameAsOne),
      ])
      rows.push({
        what: `${count} ActionStatusBadge on one pending action, 60 s: requests (ticks)`,
        figure: `${r.requests} (${ticks} ticks)`,
        budget: '1 request per tick',
        met: r.requests === ticks && sameAsOne,
      })
    }
    const hidden = results.hidden
    rows.push({
      what: '50 badges, tab hidden for 60 s: requests',
      figure: String(hidden.whileHidden),
      budget: '0 while hidden',
      met: hidden.whileHidden === 0,
    })
    const gaps = one.at.slice(1).map((t, i) => t - one.at[i]!)
    return {
      title: 'polling',
      rows,
      details: [
        [
          'What is counted: GET requests for the action, seen by msw/node in front of the emulator, while N',
          '`ActionStatusBadge` (fileId, type `recognize`) render in one `FileServiceProvider` in jsdom (vitest, fake timers',
          'for setTimeout/setInterval/Date). The action is started before rendering and stays `pending` for the whole run',
          '(the emulator takes an hour to finish it); 60 simulated seconds pass. Default polling options (1 s ×1.5, at',
          'most 10 s). A tick is a distinct request time; the budget is met when each tick has one request and every N',
          'makes exactly the requests that one badge makes.',
        ].join('\n'),
        markdownTable(
          ['badges', 'requests in 60 s', 'ticks', 'requests per tick', 'same times as 1 badge'],
          table,
        ),
        `Tick schedule (s after mount; the first is the mount's fetch): ${one.at.map(seconds).join(', ')}. Gaps: ${gaps.map(seconds).join(', ')} s.`,
        [
          `Hidden tab: 50 badges mounted, 3 s visible (${hidden.beforeHidden} requests), then \`visibilityState\` 'hidden'`,
          `and a \`visibilitychange\` event, 60 s hidden: ${hidden.whileHidden} requests; visible again: ${hidden.onVisible}`,
          `request within 100 ms (a refetch on focus). Request times: ${hidden.at.map(seconds).join(', ')} s.`,
        ].join('\n'),
      ],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
