'use client'
import type { QueryClient } from '@tanstack/react-query'
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { FileServiceClient } from '../api/createFileServiceClient.js'
import type { AuthError } from '../api/errors.js'

import type { FileServiceMessages } from './messages.js'

export type { FileServiceMessages }

/** What `useFileService()` gives: the client and everything the hooks need. */
export interface FileServiceContextValue {
  client: FileServiceClient
  projectId: string
  /**
   * Cache scope of the current token: `secret:<hash>`, `group:<hash>` or `file:<hash>` (then
   * `:<tokenScope>` if given), the `tokenScope` name, `dynamic:<hash of baseUrl>`, or `anonymous:<hash of baseUrl>`.
   */
  scope: string
  /** The QueryClient Filekit's hooks use. */
  queryClient: QueryClient
  /** Base of CDN preview URLs. */
  cdnUrl: string
  messages: Partial<FileServiceMessages>
  /** Locale for `Intl`; `undefined` is the browser's. */
  locale: string | undefined
  /** Time zone for dates; `undefined` is the browser's. */
  timeZone: string | undefined
  /** Called with every 401/403 a Filekit request gets. */
  onAuthError: ((error: AuthError) => void) | undefined
}

export const FileServiceContext = createContext<FileServiceContextValue | null>(null)

const subscribeNever = () => () => {}

/**
 * The nearest FileServiceProvider's client, project, scope and QueryClient. Server HTML can't
 * know the browser's locale and time zone: there, and in the browser while this component
 * hydrates, an unset `locale` / `timeZone` reads `en-US` / `UTC`; the browser's take over right
 * after. Decided here, by each component as it hydrates, not by the provider: a change in what
 * the provider gives would make React drop the server HTML of a Suspense boundary still waiting
 * to hydrate (a streamed part of the page) and render it again.
 */
export function useFileService(): FileServiceContextValue {
  const value = useContext(FileServiceContext)
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  if (!value) {
    throw new Error(
      'useFileService() and the Filekit hooks need a <FileServiceProvider baseUrl projectId token> above them in the tree.',
    )
  }
  return hydrated ? value : { ...value, locale: value.locale ?? 'en-US', timeZone: value.timeZone ?? 'UTC' }
}
