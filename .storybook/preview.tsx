import '../src/styles.css'
import type { Preview } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { type ReactNode, useState } from 'react'
import { FileServiceProvider } from '../src/index.ts'
import { baseUrl, emulator, handlers } from '../stories/support/emulator.ts'
import { storyClient } from '../stories/support/offline.ts'
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
  storyClient.current = client
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

type ArgType = {
  description?: string
  type?: { name: string; raw?: string; value?: { name: string }[] }
  table?: { type?: { summary?: string }; defaultValue?: { summary?: string } }
  control?: unknown
}
const controlFor: Record<string, string> = { number: 'number', boolean: 'boolean', string: 'text' }

/** `((group: Group) => void) | undefined` → `(group: Group) => void`: the type as a prop is written. */
function withoutUndefined(raw: string) {
  const type = raw.replace(/\s*\|\s*undefined$/, '')
  // Outer parentheses go only when they wrap the whole type.
  if (!type.startsWith('(') || !type.endsWith(')')) return type
  let depth = 0
  for (const c of type.slice(0, -1)) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0
    if (depth === 0) return type // `(a) => (b)`: the first one closes early
  }
  return type.slice(1, -1)
}

/**
 * The public props allow `undefined` (`maxFiles?: number | undefined`, for hosts with
 * exactOptionalPropertyTypes); react-docgen reads that as a union, which gets a JSON control, is
 * dropped from URL args and reads "union" in the props tables. A union of one type and undefined
 * is that type here, and every table names the type as written, without `| undefined`. A
 * `@default` in the prop's comment goes to the table's Default column instead of its description.
 */
const optionalIsItsType = ({ argTypes }: { argTypes: Record<string, ArgType> }) =>
  Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => {
      // Unions, and unions of strings (`enum`), read "union" in the table: their text says more.
      const raw =
        argType.type?.name === 'union' || argType.type?.name === 'enum' ? argType.type.raw : undefined
      const [description, documented] = (argType.description ?? '').split(/\s*@default\s+/)
      const table = {
        ...argType.table,
        ...(raw && { type: { summary: withoutUndefined(raw) } }),
        ...(documented && !argType.table?.defaultValue && { defaultValue: { summary: documented.trim() } }),
      }
      const members = argType.type?.name === 'union' ? (argType.type.value ?? []) : []
      const defined = members.filter((member) => member.name !== 'undefined' && member.name !== 'other')
      const only = members.length === 2 && defined.length === 1 ? defined[0]! : null
      const control = only && controlFor[only.name]
      return [
        name,
        {
          ...argType,
          description,
          table,
          ...(only && { type: only }),
          ...(control && { control: { type: control } }),
        },
      ]
    }),
  )

/**
 * MSW's worker, from the folder of the page that runs the stories: a static build served under a
 * path (`/storybook/`) finds it too, not only at a site's root. (Vitest's story runner has its page
 * elsewhere; the worker is at the root there.)
 */
async function startWorker() {
  const { setupWorker } = await import('msw/browser')
  const worker = setupWorker()
  const url = location.pathname.endsWith('/iframe.html') ? './mockServiceWorker.js' : '/mockServiceWorker.js'
  await worker.start({ quiet: true, serviceWorker: { url }, onUnhandledRequest: 'bypass' })
  return worker
}

const preview: Preview = {
  argTypesEnhancers: [optionalIsItsType as unknown as NonNullable<Preview['argTypesEnhancers']>[number]],
  loaders: [mswLoader(startWorker)],
  parameters: {
    msw: { handlers },
    // Fail the story tests on any accessibility violation.
    a11y: { test: 'error' },
    layout: 'padded',
    // The canvas behind a story: a dark-theme story sets `globals: { backgrounds: { value: 'dark' } }`.
    backgrounds: {
      options: { light: { name: 'Light', value: '#ffffff' }, dark: { name: 'Dark', value: '#0d1117' } },
    },
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
