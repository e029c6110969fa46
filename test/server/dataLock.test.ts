// Several servers starting at once on a data directory a killed server left (its process id
// still in server.lock): one gets it, the others are refused, saying who has it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

const root = mkdtempSync(join(tmpdir(), 'filekit-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('gives a dead server’s lock to exactly one of several servers starting at once', async () => {
  const rounds = 12
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
  const refused = racers.flatMap(({ stdout }) => stdout.split('\n').filter((line) => / refused /.test(line)))
  expect(refused).toHaveLength(rounds * 2)
  for (const line of refused) expect(line).toMatch(/in use by another Filekit server \(process \d+\)/)
  // Once they have exited, only the lock's file is left (its lock went with its process).
  for (const dir of dirs) expect(readdirSync(dir)).toEqual(['server.lock.db'])
}, 60_000)
