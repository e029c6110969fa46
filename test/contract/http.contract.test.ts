import { startEmulatorServer } from '../support/emulatorServer.ts'
import { defineContractSuite } from './suite.ts'

defineContractSuite('HTTP server, SQLite, sharp', async () => {
  const server = await startEmulatorServer([
    '--control',
    '--clock',
    'manual',
    '--max-upload',
    String(1024 * 1024),
    '--quiet',
  ])
  return {
    name: 'HTTP server (SQLite, sharp)',
    baseUrl: server.baseUrl,
    projectId: server.projectId,
    secretKey: server.secretKey,
    realImages: true,
    maxUploadBytes: 1024 * 1024,
    stop: async () => {
      await server.stop()
    },
  }
})
