// Polling cost: requests made by 1, 10 and 50 ActionStatusBadges on one pending action over 60
// simulated seconds, and while the tab is hidden. Runs polling.run.tsx with vitest (jsdom, fake
// timers, the emulator behind msw/node) in a child process and reads back its figures.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pollInterval } from '../../src/hooks/policy.ts'
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

/** How far (ms) a request may land from its planned time: the fake clock moves only with timers. */
const tolerance = 50

/**
 * The request times (ms after mount) that polling with the default options must make in `span`:
 * the mount's fetch at 0, then each interval `pollInterval()` (src/hooks/policy.ts, default
 * options) gives a pending action after that many answers.
 */
function expectedSchedule(span: number) {
  const interval = pollInterval()
  // One query object throughout: pollInterval keeps its schedule per query.
  const query = {
    state: {
      data: { status: 'pending' },
      dataUpdateCount: 1,
      errorUpdateCount: 0,
      status: 'success',
      error: null,
    },
  } as unknown as Parameters<typeof interval>[0]
  const at = [0]
  for (;;) {
    const next = interval(query)
    if (next === false) break
    const time = at.at(-1)! + next
    if (time >= span) break
    at.push(time)
    ;(query.state as { dataUpdateCount: number }).dataUpdateCount++
  }
  return at
}

/** Whether `actual` request times are the `expected` ones (same count, each within the tolerance). */
const follows = (actual: number[], expected: number[]) =>
  actual.length === expected.length && actual.every((t, i) => Math.abs(t - expected[i]!) <= tolerance)

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
    const expected = expectedSchedule(60_000)
    const oneFollows = follows(one.at, expected)
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
        String(follows(r.at, expected)),
        String(sameAsOne),
      ])
      // Met only when polling happens: one badge's requests follow the default backoff, and N
      // badges make exactly those requests, one per tick (polling switched off would make 1).
      const met = oneFollows && r.requests === ticks && sameAsOne
      rows.push({
        what: `${count} ActionStatusBadge on one pending action, 60 s: requests (ticks)`,
        figure: `${r.requests} (${ticks} ticks)`,
        budget: `1 request per tick, ${expected.length} ticks (default backoff)`,
        met,
        ...(!oneFollows && { note: "1 badge's requests do not follow the default backoff" }),
      })
    }
    const hidden = results.hidden
    // Polling must happen before the tab is hidden (the schedule up to then) and again once shown.
    const expectedBefore = expected.filter((t) => t <= 3_000).length
    const hiddenMet =
      hidden.beforeHidden === expectedBefore && hidden.whileHidden === 0 && hidden.onVisible > 0
    rows.push({
      what: '50 badges, tab hidden for 60 s: requests before (expected), while hidden, on showing',
      figure: `${hidden.beforeHidden} (${expectedBefore}), ${hidden.whileHidden}, ${hidden.onVisible}`,
      budget: '0 while hidden, polled before and after',
      met: hiddenMet,
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
          "most 10 s). A tick is a distinct request time; the budget is met when one badge's requests follow the default",
          `backoff (the times \`pollInterval()\` of src/hooks/policy.ts gives, each within ${tolerance} ms), each tick has one`,
          'request and every N makes exactly the requests that one badge makes: polling switched off (one request at',
          "0 s) does not pass. The hidden-tab row is met when the badges polled before the tab was hidden (the schedule's",
          'requests in those 3 s), made none while hidden and one on showing.',
        ].join('\n'),
        markdownTable(
          [
            'badges',
            'requests in 60 s',
            'ticks',
            'requests per tick',
            'default backoff',
            'same times as 1 badge',
          ],
          table,
        ),
        `Tick schedule (s after mount; the first is the mount's fetch): ${one.at.map(seconds).join(', ')}. Gaps: ${gaps.map(seconds).join(', ')} s. Expected from the default backoff: ${expected.map(seconds).join(', ')}.`,
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
