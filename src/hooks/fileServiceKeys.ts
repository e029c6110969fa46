import type { ActionType } from '../api/types.js'

/** The part of the provider's context that query keys are built from. */
export interface KeyScope {
  projectId: string
  scope: string
}

const page = (params: { page?: number | undefined; items?: number | undefined }) => ({
  page: params.page ?? 1,
  items: params.items ?? 20,
})

/**
 * The only place Filekit's query keys are built. Every key starts with
 * `['filekit', projectId, scope]`; `scope` names the token kind and a hash, never the token.
 * To read or write one query's data in the cache with its type, use its options factory's key:
 * `queryClient.getQueryData(fileQueryOptions(ctx, id).queryKey)` is a `FileResource | undefined`.
 */
export const fileServiceKeys = {
  all: ({ projectId, scope }: KeyScope) => ['filekit', projectId, scope] as const,
  groups: (s: KeyScope) => [...fileServiceKeys.all(s), 'groups'] as const,
  /**
   * One page of the project's groups (`{ page: 1, items: 20 }` unless given); with no `params`,
   * every page of it (a prefix: invalidate it after a write of your own, as the kit's mutations do).
   */
  groupList: (s: KeyScope, params?: { page?: number | undefined; items?: number | undefined }) =>
    [...fileServiceKeys.groups(s), 'list', ...(params ? [page(params)] : [])] as const,
  group: (s: KeyScope, id: string) => [...fileServiceKeys.groups(s), 'detail', id] as const,
  /** One page of a group's files; with no `params`, every page of them (a prefix). */
  groupFiles: (s: KeyScope, id: string, params?: { page?: number | undefined; items?: number | undefined }) =>
    [...fileServiceKeys.group(s, id), 'files', ...(params ? [page(params)] : [])] as const,
  /** Every file of a group at once (the editor's list), as a one-page `Page`. */
  groupAllFiles: (s: KeyScope, id: string) => [...fileServiceKeys.group(s, id), 'files', 'all'] as const,
  files: (s: KeyScope) => [...fileServiceKeys.all(s), 'files'] as const,
  /** One page of the project's files, as {@link fileServiceKeys.groupList}; with no `params`, every page. */
  fileList: (s: KeyScope, params?: { page?: number | undefined; items?: number | undefined }) =>
    [...fileServiceKeys.files(s), 'list', ...(params ? [page(params)] : [])] as const,
  file: (s: KeyScope, id: string) => [...fileServiceKeys.files(s), 'detail', id] as const,
  action: <T extends ActionType>(s: KeyScope, fileId: string, type: T) =>
    [...fileServiceKeys.file(s, fileId), 'actions', type] as const,
  conversions: (s: KeyScope, fileId: string) => [...fileServiceKeys.file(s, fileId), 'conversions'] as const,
}
