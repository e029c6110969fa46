// Type tests for the hooks' public types; checked by `npm run typecheck`.
import type { UseMutationResult, UseQueryResult, UseSuspenseQueryResult } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import {
  type Action,
  actionQueryOptions,
  type ConversionsInfo,
  type FileResource,
  fileServiceKeys,
  type Group,
  groupQueryOptions,
  type Page,
  type QueryContext,
  useAction,
  useConversions,
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
    UseMutationResult<Group, Error, { fileIds: string[] }, unknown>
  >()
  expectTypeOf(useUpdateGroup().mutate).parameter(0).toEqualTypeOf<{ id: string; fileIds: string[] }>()
  // @ts-expect-error: not an action type
  useAction('f-1', 'transcribe')
}

// The options factories tie the data type to the key.
expectTypeOf(groupQueryOptions(ctx, 'g-1').queryFn).not.toBeUndefined()
expectTypeOf(actionQueryOptions(ctx, 'f-1', 'virus_scan').queryKey).toEqualTypeOf(
  fileServiceKeys.action(ctx, 'f-1', 'virus_scan') as never,
)

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
