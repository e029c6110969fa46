import type { EmulatorStorage } from './storage.js'

// A symbol from the global registry, so a storage made by another copy of this module (the
// server imports the sources; a host may bundle them twice) is still recognised.
const key = Symbol.for('filekit.storageRevision')

/**
 * Marks `storage` as counting its writes: `revision()` moves at every write an answer could
 * show, whoever holds the storage. The emulator keeps answers only for such a storage.
 */
export function countWrites<T extends EmulatorStorage>(storage: T, revision: () => number): T {
  Object.defineProperty(storage, key, { value: revision })
  return storage
}

/** The storage's write count, or undefined when it does not count them (nothing is kept then). */
export function revisionOf(storage: EmulatorStorage): number | undefined {
  return (storage as { [key]?: () => number })[key]?.()
}
