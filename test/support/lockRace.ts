// A child process for test/server/dataLock.test.ts: at each round's start time, tries to lock
// that round's data directory, says whether it got it, and holds what it got until it exits.
import { lockDataDir } from '../../server/dataLock.ts'

const [start, ...dirs] = process.argv.slice(2)
for (const [round, dir] of dirs.entries()) {
  // Rounds 1.5 s apart: a refused racer tries for a second, and the next round starts with every
  // racer in time.
  const at = Number(start) + round * 1500
  while (Date.now() < at) {} // every racer starts within the same millisecond
  try {
    lockDataDir(dir)
    console.log(`${round} got`)
  } catch (error) {
    console.log(`${round} refused ${(error as Error).message}`)
  }
}
// Holds them until every racer is surely done: one that exits gives its locks up.
const end = Number(start) + dirs.length * 1500 + 2_000
setTimeout(() => {}, end - Date.now())
