'use client'
import type { QueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import type { FileServiceClient } from '../api/createFileServiceClient.js'
import type { AuthError } from '../api/errors.js'

import type { FileServiceMessages } from './messages.js'

export type { FileServiceMessages }

/** What `useFileService()` gives: the client and everything the hooks need. */
export interface FileServiceContextValue {
  client: FileServiceClient
  projectId: string
  /** Cache scope of the current token: `anonymous`, `secret:<hash>`, `group:<hash>`, `file:<hash>` or `dynamic`. */
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

/** The nearest FileServiceProvider's client, project, scope and QueryClient. */
export function useFileService(): FileServiceContextValue {
  const value = useContext(FileServiceContext)
  if (!value) {
    throw new Error(
      'useFileService() and the Filekit hooks need a <FileServiceProvider baseUrl projectId token> above them in the tree.',
    )
  }
  return value
}
