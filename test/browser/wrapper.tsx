// The provider tree the browser tests render components in: a fresh host QueryClient and a
// FileServiceProvider on the shared emulator server, with `token` (none: anonymous) and any
// other provider props (`messages`, `locale`).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { FileServiceProvider, type FileServiceProviderProps } from '../../src/index.ts'
import { baseUrl, projectId } from './support.ts'

export const provider =
  (token?: string, props: Partial<FileServiceProviderProps> = {}) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <FileServiceProvider baseUrl={baseUrl} projectId={projectId} token={token} {...props}>
        {children}
      </FileServiceProvider>
    </QueryClientProvider>
  )

/** GroupEditor's drag handles as shown: `1. name`, in list order. */
export const handles = () =>
  within(screen.getByRole('list', { name: 'Files in this group' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-slot="drag-handle"]')!.textContent!)
