import '../src/styles.css'
import type { Preview } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { type ReactNode, useState } from 'react'
import { FileServiceProvider } from '../src/index.ts'
import { baseUrl, emulator, handlers } from '../stories/support/emulator.ts'
import type { Seeded } from '../stories/support/seed.ts'

const tokenFor = (seeded: Seeded | undefined) => {
  if (!seeded) return emulator.secretKey
  if (seeded.token === 'secret') return emulator.secretKey
  if (seeded.token === 'group') return seeded.groups[0]?.accessToken
  if (seeded.token === 'otherGroup') return seeded.groups[1]?.accessToken
  return undefined
}

/** The host app around every story: its own QueryClient (one per story) and the provider. */
function Providers({
  token,
  theme,
  children,
}: {
  token: string | undefined
  theme?: string
  children: ReactNode
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }))
  return (
    <QueryClientProvider client={client}>
      <FileServiceProvider baseUrl={baseUrl} projectId={emulator.projectId} token={token}>
        <div data-theme={theme ?? 'light'} className="fk-story">
          {children}
        </div>
      </FileServiceProvider>
    </QueryClientProvider>
  )
}

const preview: Preview = {
  loaders: [mswLoader()],
  parameters: {
    msw: { handlers },
    // Fail the story tests on any accessibility violation.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  decorators: [
    (Story, context) => (
      <Providers
        token={tokenFor(context.loaded.seeded as Seeded | undefined)}
        theme={context.parameters.theme}
      >
        <Story />
      </Providers>
    ),
  ],
}

export default preview
