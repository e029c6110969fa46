// The emulator every story talks to, inside the browser through MSW: no server to start.
import { createFileServiceClient } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

export const baseUrl = 'https://files.storybook.test'
export const emulator = createFileServiceEmulator({
  projectId: 'demo',
  secretKey: 'demo_secret_key',
  // A group builds in 2 s: long enough for a story to see it pending on a slow first load (a
  // service worker waking up in Firefox), short enough to watch it turn ready.
  delays: { group: 2000, action: 2000, conversion: 1500, fetch: 800 },
})
export const handlers = createFileServiceHandlers(emulator, { baseUrl })

/**
 * Somebody else with the secret key (another tab, an operator): changes the emulator's data
 * straight, without going through the story's provider, its cache or the service worker.
 */
export const operator = createFileServiceClient({
  baseUrl,
  projectId: emulator.projectId,
  token: emulator.secretKey,
  fetch: (input, init) => emulator.fetch(new Request(input, init)),
})

/** A latency for loading and uploading stories: the state stays as long as anyone looks at it. */
export const anHour = 3_600_000
