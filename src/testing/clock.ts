/** A clock that moves only when told to: drives every asynchronous transition in tests. */
export interface ManualClock {
  /** Current time in ms since the epoch (pass this as the emulator's `clock`). */
  now: () => number
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void
  /** Sets the clock to `ms` since the epoch. */
  set(ms: number): void
}

/** Creates a manual clock starting at `start` (ms since the epoch). @default Date.now() at creation */
export function createManualClock(start: number = Date.now()): ManualClock {
  let time = start
  return {
    now: () => time,
    advance: (ms) => {
      time += ms
    },
    set: (ms) => {
      time = ms
    },
  }
}
