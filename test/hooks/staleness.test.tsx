// What is asked again when the tab comes back or the network returns.
import { focusManager, onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { createFileServiceClient, useAction } from '../../src/index.ts'
import { baseUrl, secretKey, setupEmulator, wrapper } from './setup.tsx'

const { emulator, count } = setupEmulator({ delays: { action: 0 } })
afterEach(() => {
  focusManager.setFocused(undefined)
  onlineManager.setOnline(true)
})

it('a finished action is not asked for again when the tab is shown or the network is back; one not started is', async () => {
  const { files } = await emulator.seed({ files: [{}, {}] })
  const [done, fresh] = files.map((f) => f.id) as [string, string]
  await createFileServiceClient({ baseUrl, projectId: 'demo', token: secretKey }).actions.run(
    done,
    'virus_scan',
  )
  const { Wrapper } = wrapper()
  const { result } = renderHook(
    () => ({ done: useAction(done, 'virus_scan'), fresh: useAction(fresh, 'virus_scan') }),
    {
      wrapper: Wrapper,
    },
  )
  await waitFor(() => expect(result.current.done.data?.status).toBe('ready'))
  await waitFor(() => expect(result.current.fresh.isSuccess).toBe(true))
  expect(result.current.fresh.data).toBeNull() // never run: another tab may start it
  const asked = () => [count('GET', `${done}/actions`), count('GET', `${fresh}/actions`)]
  expect(asked()).toEqual([1, 1])
  act(() => {
    focusManager.setFocused(false)
    focusManager.setFocused(true)
  })
  await waitFor(() => expect(asked()).toEqual([1, 2]))
  act(() => {
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
  })
  await waitFor(() => expect(asked()).toEqual([1, 3]))
  // Asked for on purpose, it is asked again.
  await act(() => result.current.done.refetch())
  expect(asked()).toEqual([2, 3])
})
