import type { TestProject } from 'vitest/node'
import { startEmulatorServer } from '../support/emulatorServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    emulator: { baseUrl: string; projectId: string; secretKey: string }
  }
}

// The browser tests talk to the real emulator server over loopback, as a host app would.
export default async function setup(project: TestProject) {
  const server = await startEmulatorServer(['--control'])
  project.provide('emulator', {
    baseUrl: server.baseUrl,
    projectId: server.projectId,
    secretKey: server.secretKey,
  })
  return async () => {
    await server.stop()
  }
}
