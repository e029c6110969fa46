// Several servers starting at once on a data directory whose lock a killed server left: one
// takes it over, the others are refused.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

const root = mkdtempSync(join(tmpdir(), 'filekit-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('gives a dead server’s lock to exactly one of several servers starting at once', async () => {
  const rounds = 25
  const dirs = Array.from({ length: rounds }, (_, i) => mkdtempSync(join(root, `r${i}-`)))
  // A process id that runs nowhere: the server that held it was killed.
  for (const dir of dirs) writeFileSync(join(dir, 'server.lock'), '999999999')
  const start = String(Date.now() + 2_500) // after every racer has loaded
  const racers = await Promise.all(
    [1, 2, 3].map(() =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/support/lockRace.ts', start, ...dirs]),
    ),
  )
  const got = (round: number) =>
    racers.filter(({ stdout }) => stdout.split('\n').includes(`${round} got`)).length
  expect(Array.from({ length: rounds }, (_, round) => got(round))).toEqual(Array(rounds).fill(1))
  // Nothing left once they have exited: no lock, no temporary file, no takeover guard.
  for (const dir of dirs) expect(readdirSync(dir)).toEqual([])
}, 60_000)
