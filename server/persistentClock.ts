import { createManualClock, type ManualClock } from '../src/testing/index.ts'

interface Meta {
  getMeta(key: string): string | undefined
  setMeta(key: string, value: string): void
}

/**
 * `--clock manual` across restarts: the data keeps times from this clock (created_at, jobs'
 * due times), so it starts where it was left, or at the real time if that is later, and saves
 * itself at every move. A clock started at Date.now() again would go back after an advance:
 * new records older than the ones before, jobs due only once real time caught up.
 */
export function createPersistentManualClock(storage: Meta, key = 'manualClock'): ManualClock {
  const saved = Number(storage.getMeta(key))
  const clock = createManualClock(Math.max(Date.now(), Number.isFinite(saved) ? saved : 0))
  const save = () => storage.setMeta(key, String(clock.now()))
  save()
  return {
    now: clock.now,
    advance(ms) {
      clock.advance(ms)
      save()
    },
    set(ms) {
      clock.set(ms)
      save()
    },
  }
}
