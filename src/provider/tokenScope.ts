// A cache scope names the kind of token and a hash of it, never the token itself, so query
// keys (visible in devtools, persisted caches, logs) cannot leak it.
import type { TokenSource } from '../api/request.js'

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, not reversible to a useful degree for long tokens. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The kind of a token: a group's (`gat-`), a file's (`fat-`), or the project's secret key. */
export type TokenKind = 'group' | 'file' | 'secret' | 'anonymous'

/** Which {@link TokenKind} a token is, by its prefix (after any leading spaces); no token is `anonymous`. */
export function tokenKind(token: string | null | undefined): TokenKind {
  if (!token) return 'anonymous'
  // The service reads the token after `Bearer` and its spaces: ` gat-…` (pasted) is a group's.
  const start = token.trimStart()
  if (start.startsWith('gat-')) return 'group'
  if (start.startsWith('fat-')) return 'file'
  return 'secret'
}

/** The props of a FileServiceProvider, besides `token`, that its cache scope depends on. */
export interface TokenScopeProps {
  /** The provider's `tokenScope`. */
  tokenScope?: string | undefined
  /** The provider's `baseUrl`, as given to it. */
  baseUrl?: string | undefined
}

/**
 * The cache scope (the third part of every query key) of a FileServiceProvider with this
 * `token`, `tokenScope` and `baseUrl`. A server prefetching for a browser builds its context with
 * what the browser's provider gets: `scope: tokenScope(token, { tokenScope, baseUrl })`.
 * - a token string: `<kind>:<hash>` (`secret`, `group` or `file`), then `:<tokenScope>` if given;
 *   the hash stays, so another token is always another scope, whatever the name
 * - a token function: `tokenScope`, else `dynamic:<hash of baseUrl>`
 * - no token: `tokenScope` (e.g. a proxy that adds the secret key: the same name on the server,
 *   which holds that key), else `anonymous:<hash of baseUrl>`, so two token-less providers on one
 *   QueryClient (a proxy and the service itself) never share data
 */
export function tokenScope(token: TokenSource | null | undefined, props: TokenScopeProps = {}): string {
  const name = props.tokenScope
  // Unnamed, a token function's scope or no token's is one per service: two providers on one
  // QueryClient (a proxy and the service itself) never share data.
  const service = fnv1a(props.baseUrl ?? '')
  if (typeof token === 'function') return name || `dynamic:${service}`
  const kind = tokenKind(token)
  return kind === 'anonymous'
    ? name || `${kind}:${service}`
    : `${kind}:${fnv1a(token!)}${name ? `:${name}` : ''}`
}
