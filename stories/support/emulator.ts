// The emulator every story talks to, inside the browser through MSW: no server to start.
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'

export const baseUrl = 'https://files.storybook.test'
export const emulator = createFileServiceEmulator({
  projectId: 'demo',
  secretKey: 'demo_secret_key',
  delays: { group: 800, action: 2000, conversion: 1500, fetch: 800 },
})
export const handlers = createFileServiceHandlers(emulator, { baseUrl })
