// A host re-renders the provider with a new `messages` object each time (written inline): the
// components below, which all read the provider's context, render again only when a message
// changes, not at every render of the host.
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { expect, it } from 'vitest'
import { FileList, FileServiceProvider, useFileService } from '../../src/index.ts'
import { baseUrl, newQueryClient, secretKey, setupEmulator } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

it('renders what reads the context again when a message changes, not when the host renders', async () => {
  await emulator.seed({ files: [{ name: 'a.png' }] })
  const queryClient = newQueryClient()
  let renders = 0
  function Reader() {
    useFileService()
    renders++
    return null
  }
  let rerenderHost!: (label: string) => void
  function Host({ children }: { children: ReactNode }) {
    const [label, setLabel] = useState('Dateien')
    const [, setTick] = useState(0)
    rerenderHost = (next) => {
      setLabel(next)
      setTick((n) => n + 1)
    }
    return (
      <QueryClientProvider client={queryClient}>
        <FileServiceProvider
          baseUrl={baseUrl}
          projectId="demo"
          token={secretKey}
          messages={{ 'files.label': label, 'files.empty': 'Keine Dateien.' }}
        >
          {children}
        </FileServiceProvider>
      </QueryClientProvider>
    )
  }
  render(
    <Host>
      <Reader />
      <FileList />
    </Host>,
  )
  await screen.findByRole('table', { name: 'Dateien' })
  const settled = renders
  for (let i = 0; i < 3; i++) act(() => rerenderHost('Dateien'))
  expect(renders).toBe(settled)
  act(() => rerenderHost('Alle Dateien'))
  expect(screen.getByRole('table', { name: 'Alle Dateien' })).toBeDefined()
  expect(renders).toBe(settled + 1)
})
