import type { SeedFile, SeedGroup, SeedResult } from '../../src/testing/index.ts'
import { emulator } from './emulator.ts'

/** Which token a story's provider holds. */
export type StoryToken = 'secret' | 'group' | 'otherGroup' | 'none'

export interface Seeded extends SeedResult {
  token: StoryToken
}

/**
 * A story loader: starts the emulator afresh, seeds it, sets faults, and tells the provider
 * which token to hold. What it returns is `context.loaded.seeded`.
 */
export function seed(
  options: {
    files?: SeedFile[]
    groups?: SeedGroup[]
    token?: StoryToken
    before?: () => void | Promise<void>
  } = {},
): () => Promise<{ seeded: Seeded }> {
  return async () => {
    emulator.reset()
    const result = await emulator.seed({ files: options.files ?? [], groups: options.groups ?? [] })
    await options.before?.()
    return { seeded: { ...result, token: options.token ?? 'secret' } satisfies Seeded }
  }
}
