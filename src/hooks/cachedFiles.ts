import type { QueryClient } from '@tanstack/react-query'
import type { FileResource } from '../api/types.js'
import { fileServiceKeys, type KeyScope } from './fileServiceKeys.js'

/**
 * The files the cache holds in a scope, by id: the rows of every cached page (project files, a
 * group's files) and every single file fetched.
 */
export function cachedFiles(queryClient: QueryClient, ctx: KeyScope): Map<string, FileResource> {
  const known = new Map<string, FileResource>()
  for (const [, entry] of queryClient.getQueriesData<{ data?: unknown } | FileResource>({
    queryKey: fileServiceKeys.all(ctx),
  })) {
    if (entry && 'data' in entry && Array.isArray(entry.data))
      for (const f of entry.data as FileResource[]) known.set(f.id, f)
    else if (entry && 'id' in entry && typeof entry.id === 'string' && entry.id.startsWith('f-'))
      known.set(entry.id, entry as FileResource)
  }
  return known
}
