import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { startEmulatorServer } from '../support/emulatorServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    emulator: { baseUrl: string; projectId: string; secretKey: string; uploadLimit: number }
    /** A server on another origin that answers every request with a 307 to the emulator. */
    redirector: string
    /** A server that takes a request's first bytes, then reads no more and never answers. */
    staller: string
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
  const redirector = createServer((request, response) => {
    request.resume()
    response.writeHead(request.method === 'OPTIONS' ? 204 : 307, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': '*',
      Location: `${server.baseUrl}${request.url}`,
    })
    response.end()
  })
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
  project.provide('redirector', `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`)
  // An upload to it stops moving once the socket's buffers are full: a stalled upload.
  const staller = createServer((request, response) => {
    if (request.method === 'OPTIONS')
      response
        .writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Methods': '*',
        })
        .end()
    else request.pause()
  })
  await new Promise<void>((resolve) => staller.listen(0, '127.0.0.1', resolve))
  project.provide('staller', `http://127.0.0.1:${(staller.address() as AddressInfo).port}`)
  return async () => {
    staller.closeAllConnections()
    staller.close()
    redirector.close()
    await server.stop()
  }
}
