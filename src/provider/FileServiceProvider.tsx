'use client'
import { QueryClient, QueryClientContext } from '@tanstack/react-query'
import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { createFileServiceClient } from '../api/createFileServiceClient.js'
import type { AuthError } from '../api/errors.js'
import type { TokenSource } from '../api/request.js'
import { FileServiceContext, type FileServiceContextValue, type FileServiceMessages } from './context.js'
import { tokenKind, tokenScope } from './tokenScope.js'

/** Props of {@link FileServiceProvider}. */
export interface FileServiceProviderProps {
  /**
   * Origin of the service (or of a proxy in front of it). Another one clears the cache of the
   * token's scope: what the last service answered is not shown as the new one's.
   */
  baseUrl: string
  /** Project identifier. */
  projectId: string
  /**
   * Secret key or access token, or a function returning one (called per request). A different
   * token kind or value gets a fresh cache scope, with its own `client`: the queries of one scope
   * only ever send that scope's token, even while a transition to the next one is pending.
   */
  token?: TokenSource | undefined
  /**
   * Names the cache scope: needed with a token *function*, whose value can't be known while
   * rendering (a stable name per identity, e.g. the user id, so switching users drops the old
   * user's data), and with no token behind a proxy that adds the key (the server prefetching for
   * it uses the same name). With a token string it is added to the token's hash, never replaces
   * it. See {@link tokenScope} for the scope each case gets.
   * @default `dynamic:<hash of baseUrl>` with a token function; `anonymous:<hash of baseUrl>` with none
   */
  tokenScope?: string | undefined
  /** QueryClient for Filekit's queries. @default the host's from QueryClientProvider, else one created once */
  queryClient?: QueryClient | undefined
  /** Base of CDN preview URLs. @default `${baseUrl}/cdn` */
  cdnUrl?: string | undefined
  /** Overrides for visible text. */
  messages?: Partial<FileServiceMessages> | undefined
  /**
   * Locale for sizes, dates and numbers. @default the browser's (`en-US` in server HTML and while
   * hydrating it, so both match)
   */
  locale?: string | undefined
  /**
   * Time zone for dates, e.g. `Europe/Berlin`. @default the browser's (`UTC` in server HTML and
   * while hydrating it, so both match)
   */
  timeZone?: string | undefined
  /**
   * Milliseconds to wait for the service's answer: the client's `timeout` (a POST waits twice as
   * long; an upload, for its bytes to move; a `token` function, for its token). `0` or `Infinity`:
   * no limit.
   * @default 30000
   */
  timeout?: number | undefined
  /** Called with every 401/403 (e.g. to ask for a new token). */
  onAuthError?: ((error: AuthError) => void) | undefined
  children?: ReactNode | undefined
}

// Bundlers replace `process.env.NODE_ENV` (TanStack Query relies on it too), so production builds
// drop the development-only warning; declared here so the library needs no Node types.
declare const process: { env: { NODE_ENV?: string } }

let warned = false
function warnSecretInBrowser(token: TokenSource) {
  if (warned || typeof window === 'undefined' || typeof token !== 'string') return
  if (tokenKind(token) !== 'secret') return
  warned = true
  console.warn(
    '[filekit] A secret key is used in the browser. Secret keys belong on a server or a proxy; give browsers a group (gat-) or file (fat-) access token.',
  )
}

/**
 * The `locale` or `timeZone` given, if this JavaScript engine knows it; else undefined (the
 * browser's own), with a warning in development. Intl throws on one it doesn't know (`en_US`, a
 * Windows zone like `Pacific Standard Time`): every component formats numbers and dates while
 * rendering, and would throw with it (FileList only once it had a row to show).
 */
function known(value: string | undefined, check: (value: string) => unknown) {
  try {
    // An empty one (an unset environment variable, a blank profile field) is unset too.
    if (value) {
      check(value)
      return value
    }
  } catch {
    if (process.env.NODE_ENV !== 'production')
      console.warn(`[filekit] Unknown locale or time zone "${value}": the browser's own is used instead.`)
  }
}

/**
 * Gives Filekit's hooks and components a client for one project. It never provides a
 * QueryClient to the tree: the host's own queries keep seeing the host's client.
 */
export function FileServiceProvider({
  baseUrl,
  projectId,
  token,
  tokenScope: scopeName,
  queryClient: clientProp,
  cdnUrl,
  messages,
  locale,
  timeZone,
  timeout,
  onAuthError,
  children,
}: FileServiceProviderProps) {
  const hostClient = useContext(QueryClientContext)
  const [ownClient] = useState(() => (clientProp || hostClient ? null : new QueryClient()))
  const queryClient = clientProp ?? hostClient ?? ownClient!
  // What QueryClientProvider does for the host's client (counted, so mounting it again is
  // harmless): without it, a client of our own never hears the window's focus and online events,
  // so queries and uploads paused offline would never resume.
  useEffect(() => {
    queryClient.mount()
    return () => queryClient.unmount()
  }, [queryClient])

  const authRef = useRef(onAuthError)
  authRef.current = onAuthError
  if (process.env.NODE_ENV !== 'production') warnSecretInBrowser(token)
  const scope = tokenScope(token, { tokenScope: scopeName, baseUrl })

  // The latest token of each cache scope, read at request time. Each scope has its own client,
  // so a query only ever sends its own scope's token: a render that never commits (a token
  // changed in a transition that suspends) adds the next scope's token without touching the one
  // the queries on screen send. A token function is the scope's latest function.
  const tokens = useRef(new Map<string, TokenSource | undefined>()).current
  tokens.set(scope, token)
  const client = useMemo(
    () =>
      createFileServiceClient({
        baseUrl,
        projectId,
        token: () => {
          const current = tokens.get(scope)
          return typeof current === 'function' ? current() : current
        },
        timeout,
      }),
    [baseUrl, projectId, scope, tokens, timeout],
  )
  // Data fetched under one token must not be shown, or kept, under another.
  const previous = useRef({ projectId, scope, baseUrl })
  useEffect(() => {
    const old = previous.current
    if (old.scope !== scope || old.projectId !== projectId) {
      queryClient.removeQueries({ queryKey: ['filekit', old.projectId, old.scope] })
      if (old.scope !== scope) tokens.delete(old.scope)
    } else if (old.baseUrl !== baseUrl)
      // Another service under the same keys (they hold no URL): what the last one answered goes,
      // and what is shown is asked of the new one.
      void queryClient.resetQueries({ queryKey: ['filekit', projectId, scope] })
    previous.current = { projectId, scope, baseUrl }
  }, [queryClient, projectId, scope, tokens, baseUrl])

  // By content: an inline `messages={{…}}` is a new object at every render of the host, and a new
  // context value would render every component below again (a 1000-file editor: ~70 ms each time).
  const text = JSON.stringify(messages ?? {})
  const value = useMemo<FileServiceContextValue>(
    () => ({
      client,
      projectId,
      scope,
      queryClient,
      cdnUrl: (cdnUrl ?? `${baseUrl.replace(/\/+$/, '')}/cdn`).replace(/\/+$/, ''),
      messages: JSON.parse(text),
      // An unset one is the browser's; useFileService() gives en-US / UTC while hydrating.
      locale: known(locale, Intl.getCanonicalLocales),
      timeZone: known(timeZone, (timeZone) => Intl.DateTimeFormat(undefined, { timeZone })),
      onAuthError: (error) => authRef.current?.(error),
    }),
    [client, projectId, scope, queryClient, cdnUrl, baseUrl, text, locale, timeZone],
  )
  return <FileServiceContext.Provider value={value}>{children}</FileServiceContext.Provider>
}
