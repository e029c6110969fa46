import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, it } from 'vitest'
import { FileServiceProvider, useFiles } from '../../src/index.ts'
import { createFileServiceEmulator, createFileServiceHandlers } from '../../src/testing/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator } from '../hooks/setup.tsx'

const { emulator, server } = setupEmulator()

it('another baseUrl with the same token shows what the new service has, not what the last one had', async () => {
  await emulator.seed({ files: [{ name: 'on-the-first.png' }] })
  const otherUrl = 'http://other-filekit.test'
  const other = createFileServiceEmulator({ projectId: 'demo', secretKey })
  await other.seed({ files: [{ name: 'on-the-second.png' }, { name: 'also-on-the-second.png' }] })
  server.use(...createFileServiceHandlers(other, { baseUrl: otherUrl }))
  const hostClient = newQueryClient()
  let url = baseUrl
  const { result, rerender } = renderHook(() => useFiles(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={hostClient}>
        <FileServiceProvider baseUrl={url} projectId="demo" token={secretKey}>
          {children}
        </FileServiceProvider>
      </QueryClientProvider>
    ),
  })
  const names = () => result.current.data?.data.map((file) => file.originalName)
  await waitFor(() => expect(names()).toEqual(['on-the-first.png']))
  url = otherUrl
  rerender()
  await waitFor(() => expect(names()).toHaveLength(2))
  expect(names()).not.toContain('on-the-first.png')
})
