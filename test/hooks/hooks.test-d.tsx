// Type tests for the hooks' public types; checked by `npm run typecheck`.
import {
  type Query,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  type UseSuspenseQueryResult,
  useQuery,
} from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import {
  type Action,
  actionQueryOptions,
  type ConversionsInfo,
  conversionsQueryOptions,
  type FileResource,
  fileQueryOptions,
  type fileServiceKeys,
  type Group,
  groupQueryOptions,
  groupsQueryOptions,
  type Page,
  pollInterval,
  type QueryContext,
  type Recipe,
  useAction,
  useConversions,
  useConvert,
  useCreateGroup,
  useGroupFiles,
  useGroups,
  useSuspenseGroup,
  useUpdateGroup,
} from '../../src/index.ts'

declare const ctx: QueryContext
// On a server, prefetching: a client, the project and the scope are enough (docs/hooks.md).
declare const serverCtx: Pick<QueryContext, 'client' | 'projectId' | 'scope'>
expectTypeOf(serverCtx).toExtend<QueryContext>()

// Hook calls live in a hook, as the rules of hooks want; this is never run.
export function useTypeTests() {
  expectTypeOf(useGroups()).toEqualTypeOf<UseQueryResult<Page<Group>, Error>>()
  expectTypeOf(useGroupFiles('g-1')).toEqualTypeOf<UseQueryResult<Page<FileResource>, Error>>()
  expectTypeOf(useConversions('f-1')).toEqualTypeOf<UseQueryResult<ConversionsInfo, Error>>()
  expectTypeOf(useAction('f-1', 'moderate')).toEqualTypeOf<UseQueryResult<Action<'moderate'> | null, Error>>()
  expectTypeOf(useSuspenseGroup('g-1')).toEqualTypeOf<UseSuspenseQueryResult<Group, Error>>()
  expectTypeOf(useCreateGroup()).toEqualTypeOf<
    UseMutationResult<Group, Error, { fileIds: readonly string[] }, unknown>
  >()
  expectTypeOf(useUpdateGroup().mutate)
    .parameter(0)
    .toEqualTypeOf<{ id: string; fileIds: readonly string[] }>()
  // The optimistic update's snapshot is not part of the hook's type.
  expectTypeOf(useUpdateGroup()).toEqualTypeOf<
    UseMutationResult<Group, Error, { id: string; fileIds: readonly string[] }, unknown>
  >()
  // Ids a host keeps as a constant (`as const`) are taken as they are.
  const ids = ['f-1', 'f-2'] as const
  useCreateGroup().mutate({ fileIds: ids })
  // What RecipeBuilder gives (a recipe of any kind) goes to the hook as it is.
  const fromBuilder: Recipe = { kind: 'image', operations: [] }
  useConvert('image').mutate({ fileId: 'f-1', recipe: fromBuilder })
  // A status read by the host's own statusOf, typed by the host's data (called once there is data).
  pollInterval({}, (job: { state: string }) => job.state)
  // @ts-expect-error: not an action type
  useAction('f-1', 'transcribe')
}

// The options factories tie the data type to the key, and keep the key's own type.
expectTypeOf(groupQueryOptions(ctx, 'g-1').queryFn).not.toBeUndefined()
expectTypeOf(groupQueryOptions(ctx, 'g-1').queryKey[5]).toEqualTypeOf<string>()
expectTypeOf(actionQueryOptions(ctx, 'f-1', 'virus_scan').queryKey[7]).toEqualTypeOf<'virus_scan'>()
// Through a factory's key, reading and writing the cache is checked (docs/hooks.md).
declare const queryClient: QueryClient
expectTypeOf(queryClient.getQueryData(groupQueryOptions(ctx, 'g-1').queryKey)).toEqualTypeOf<
  Group | undefined
>()
expectTypeOf(queryClient.getQueryData(fileQueryOptions(ctx, 'f-1').queryKey)).toEqualTypeOf<
  FileResource | undefined
>()
expectTypeOf(queryClient.getQueryData(groupsQueryOptions(ctx).queryKey)).toEqualTypeOf<
  Page<Group> | undefined
>()
expectTypeOf(queryClient.getQueryData(actionQueryOptions(ctx, 'f-1', 'moderate').queryKey)).toEqualTypeOf<
  Action<'moderate'> | null | undefined
>()
expectTypeOf(queryClient.getQueryData(conversionsQueryOptions(ctx, 'f-1').queryKey)).toEqualTypeOf<
  ConversionsInfo | undefined
>()
// @ts-expect-error: not a group
queryClient.setQueryData(groupQueryOptions(ctx, 'g-1').queryKey, { id: 1 })
// The factory's key is the one fileServiceKeys builds.
expectTypeOf(fileQueryOptions(ctx, 'f-1').queryKey).toExtend<ReturnType<typeof fileServiceKeys.file>>()

// pollInterval in a host's own query: `statusOf` is checked against the query's data.
export function useOwnPolling() {
  return useQuery({
    queryKey: ['host', 'export'],
    queryFn: async () => ({ state: 'running' as string, rows: 3 }),
    refetchInterval: pollInterval({}, (data: { state: string } | undefined) => data?.state),
  })
}
declare const exportQuery: Query<{ state: string }, Error>
const missingOf = (d: { missing: number } | undefined) => d?.missing
// @ts-expect-error: a statusOf for other data than the query's
pollInterval({}, missingOf)(exportQuery)

// The provider's messages: every default key, plus RecipeBuilder's catalogue and issue keys.
import type { FileServiceProviderProps } from '../../src/index.ts'

type Messages = NonNullable<FileServiceProviderProps['messages']>
expectTypeOf<{ 'editor.save': string; 'recipe.op.resize': string }>().toExtend<Messages>()
expectTypeOf<{ 'recipe.arg.size': string; 'recipe.issue.outOfRange': string }>().toExtend<Messages>()
// A mistyped key in the object written for the prop is an error.
// @ts-expect-error not a RecipeIssueKey
export const badIssue: Messages = { 'recipe.issue.noSuchIssue': 'x' }
// @ts-expect-error not a message key
export const badKey: Messages = { 'editor.noSuchKey': 'x' }
// The service's errors by their code; a code that doesn't exist is an error.
expectTypeOf<{ 'error.not_found': string; 'error.http_418': string }>().toExtend<Messages>()
// @ts-expect-error not an error code
export const badCode: Messages = { 'error.not_fuond': 'x' }

// Components that render their own content take no children (they would be dropped).
import type { ActionStatusBadgeProps, FileListProps, RecipeBuilderProps } from '../../src/index.ts'

expectTypeOf<ActionStatusBadgeProps>().not.toHaveProperty('children')
expectTypeOf<RecipeBuilderProps>().not.toHaveProperty('children')
expectTypeOf<FileListProps>().not.toHaveProperty('children')

// Readonly lists a host keeps (`as const`) are taken by the components too.
import { FileList, FileUploader } from '../../src/index.ts'

const picked = ['f-1'] as const
export const list = <FileList groupId="g-1" selectedIds={picked} defaultSelectedIds={picked} />
export const uploader = <FileUploader accept={['image/*'] as const} />

// A translation over the English defaults keeps their type: each message is a string.
import { type DefaultMessages, defaultMessages } from '../../src/index.ts'

export const german: DefaultMessages = { ...defaultMessages, loading: 'Laden…' }
