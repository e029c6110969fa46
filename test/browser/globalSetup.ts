import type { TestProject } from 'vitest/node'
import { startEmulatorServer } from '../support/emulatorServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    emulator: { baseUrl: string; projectId: string; secretKey: string; uploadLimit: number }
  }
}

const uploadLimit = 20_000_000

// The browser tests talk to the real emulator server over loopback, as a host app would.
export default async function setup(project: TestProject) {
  // A 20 MB upload limit: small enough for a test to cross it, above every other test's upload.
  const server = await startEmulatorServer(['--control', '--max-upload', String(uploadLimit)])
  project.provide('emulator', {
    baseUrl: server.baseUrl,
    projectId: server.projectId,
    secretKey: server.secretKey,
    uploadLimit,
  })
  return async () => {
    await server.stop()
  }
}
