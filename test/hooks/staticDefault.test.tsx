// A host whose QueryClient says staleTime: 'static' (never stale, not even for refetchQueries).
import { QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import {
  createFileServiceClient,
  fileServiceKeys,
  useAction,
  useFileService,
  usePollingTimeout,
} from '../../src/index.ts'
import { baseUrl, secretKey, setupEmulator, wrapper } from './setup.tsx'

// Actions stay pending for a minute: polling gives up long before.
const { emulator, count } = setupEmulator({ delays: { action: 60_000 } })

it("Check again still asks for a pending action when the host's default staleTime is 'static'", async () => {
  const { files } = await emulator.seed({ files: [{}] })
  const fileId = files[0]!.id
  await createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey }).actions.run(
    fileId,
    'recognize',
  )
  const hostClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 'static' } } })
  const { Wrapper } = wrapper({ hostClient })
  const polling = { initialInterval: 20, maxInterval: 20, maxWait: 150 }
  const { result } = renderHook(
    () => {
      const ctx = useFileService()
      useAction(fileId, 'recognize', polling)
      return usePollingTimeout(fileServiceKeys.action(ctx, fileId, 'recognize'), polling.maxWait)
    },
    { wrapper: Wrapper },
  )
  await waitFor(() => expect(result.current.timedOut).toBe(true))
  const before = count('GET', '/actions/')
  act(() => result.current.restart())
  await waitFor(() => expect(count('GET', '/actions/')).toBeGreaterThan(before))
  await waitFor(() => expect(result.current.timedOut).toBe(false))
})
