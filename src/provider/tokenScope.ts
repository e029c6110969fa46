// A cache scope names the kind of token and a hash of it, never the token itself, so query
// keys (visible in devtools, persisted caches, logs) cannot leak it.

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

/** `anonymous`, or `<kind>:<hash>` for a token string. */
export function tokenScope(token: string | null | undefined): string {
  const kind = tokenKind(token)
  return kind === 'anonymous' ? kind : `${kind}:${fnv1a(token!)}`
}
