// Uses the built package the way a host does, by its name (Node resolves `@filekit/react` to this
// package's own exports): the testing entry's emulator answers through MSW in Node, the client
// lists what was seeded, and a component renders on the server from data the options factory
// prefetched. Catches a build that type-checks and bundles but does not run. Part of
// `npm run check:package` (after the build).

import {
  createFileServiceClient,
  FileList,
  FileServiceProvider,
  filesQueryOptions,
  tokenScope,
} from '@filekit/react'
import { createFileServiceEmulator, createFileServiceHandlers } from '@filekit/react/testing'
import { QueryClient } from '@tanstack/react-query'
import { setupServer } from 'msw/node'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'

const baseUrl = 'http://filekit.dist.test'
const projectId = 'demo'
const secretKey = 'sk_dist_check'
const emulator = createFileServiceEmulator({ projectId, secretKey })
const server = setupServer(...createFileServiceHandlers(emulator, { baseUrl }))
server.listen({ onUnhandledRequest: 'error' })
const problems = []
try {
  const { files } = await emulator.seed({ files: [{ name: 'from-dist.png' }, { sample: 'pdf' }] })
  const client = createFileServiceClient({ baseUrl, projectId, token: secretKey })
  const page = await client.files.list({ page: 1, items: 20 })
  if (page.count !== 2 || !page.data.some((f) => f.id === files[0].id))
    problems.push(`client.files.list gave ${JSON.stringify(page).slice(0, 200)}`)

  const queryClient = new QueryClient()
  const ctx = { client, projectId, scope: tokenScope(secretKey) }
  await queryClient.prefetchQuery(filesQueryOptions(ctx, { page: 1, items: 20 }))
  const html = renderToString(
    h(FileServiceProvider, { baseUrl, projectId, token: secretKey, queryClient }, h(FileList)),
  )
  for (const expected of ['from-dist.png', 'Page 1 of 1', 'data-slot="file-list"'])
    if (!html.includes(expected)) problems.push(`FileList's server HTML lacks ${expected}`)
} catch (error) {
  problems.push(`threw: ${error?.stack ?? error}`)
} finally {
  server.close()
}
if (problems.length) {
  console.error(`The built package does not work as a host uses it:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log('Built package check passed (client, testing entry through MSW, server render of FileList).')
