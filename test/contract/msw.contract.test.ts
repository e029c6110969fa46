import { setupServer } from 'msw/node'
import {
  createFileServiceEmulator,
  createFileServiceHandlers,
  createManualClock,
} from '../../src/testing/index.ts'
import { defineContractSuite } from './suite.ts'

defineContractSuite('MSW, in memory, simulated engines', async () => {
  const baseUrl = 'http://contract.test'
  const emulator = createFileServiceEmulator({
    clock: createManualClock(Date.parse('2026-11-01T10:00:00Z')),
    controlRoutes: true,
    maxUploadBytes: 1024 * 1024,
  })
  const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
  server.listen({ onUnhandledRequest: 'error' })
  return {
    name: 'MSW (in memory, simulated engines)',
    baseUrl,
    projectId: emulator.projectId,
    secretKey: emulator.secretKey,
    realImages: false,
    maxUploadBytes: 1024 * 1024,
    stop: async () => server.close(),
  }
})
