const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `<prefix>-` + 22 random alphanumerics, like the real service's ids and tokens. */
export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22))
  let out = `${prefix}-`
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return out
}

/**
 * The `n`th id (`n` < 3844) made from another one, a job's: the same at every call, so work
 * done again after a crash writes over what it wrote before rather than beside it.
 */
export function derivedId(prefix: string, from: string, n = 0): string {
  return `${prefix}-${from.slice(-20)}${alphabet[Math.floor(n / 62)]}${alphabet[n % 62]}`
}

/** A random RFC 4122 v4 uuid. */
export const randomUuid = (): string => crypto.randomUUID()

/** Where the emulator's new ids, tokens and uuids come from. */
export interface IdSource {
  id(prefix: string): string
  uuid(): string
  /** Starts over (at the emulator's reset()). */
  reset(): void
}

/** Random ids and uuids, as the real service hands out. */
export const randomIds: IdSource = { id: randomId, uuid: randomUuid, reset: () => {} }

/**
 * Ids counted per prefix (`f-0000000000000000000001`, then `…02`; `fat-0000000000000000000001`)
 * and uuids counted too (`00000000-0000-4000-8000-000000000001`): the same in every run, so
 * snapshots of what shows them hold still.
 */
export function sequentialIds(): IdSource {
  const counts = new Map<string, number>()
  let uuids = 0
  return {
    id(prefix) {
      const n = (counts.get(prefix) ?? 0) + 1
      counts.set(prefix, n)
      return `${prefix}-${String(n).padStart(22, '0')}`
    },
    uuid: () => `00000000-0000-4000-8000-${(++uuids).toString(16).padStart(12, '0')}`,
    reset() {
      counts.clear()
      uuids = 0
    },
  }
}

const idPatterns = new Map<string, RegExp>()

/** Ids and tokens the emulator hands out: a prefix, a dash, 22 alphanumerics. */
export function isWellFormedId(value: string, prefix: string): boolean {
  let pattern = idPatterns.get(prefix)
  if (!pattern) {
    pattern = new RegExp(`^${prefix}-[A-Za-z0-9]{22}$`)
    idPatterns.set(prefix, pattern)
  }
  return pattern.test(value)
}
