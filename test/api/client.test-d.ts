// Type tests for the public client surface; checked by `npm run typecheck` (tsc over test/).
import { expectTypeOf } from 'vitest'
import {
  type Action,
  type ActionResultEntry,
  type ActionType,
  type ConversionsInfo,
  createFileServiceClient,
  type FileResource,
  type FileServiceError,
  type FileServiceErrorCode,
  type Group,
  isFileServiceError,
  type ModerationData,
  type Page,
  type Recipe,
  type RecognitionData,
  type VirusScanData,
} from '../../src/index.ts'

const client = createFileServiceClient({
  baseUrl: 'https://x.test',
  projectId: 'p',
  token: async () => 'gat-x',
})

expectTypeOf(client.groups.list()).resolves.toEqualTypeOf<Page<Group>>()
expectTypeOf(client.groups.create({ fileIds: ['f-1'] })).resolves.toEqualTypeOf<Group>()
expectTypeOf(client.groups.delete('g-1')).resolves.toBeVoid()
expectTypeOf(client.groups.files('g-1')).resolves.toEqualTypeOf<Page<FileResource>>()
expectTypeOf(client.files.delete('f-1')).resolves.toEqualTypeOf<FileResource | null>()
expectTypeOf(client.conversions.info('f-1')).resolves.toEqualTypeOf<ConversionsInfo>()
expectTypeOf(
  client.conversions.convert('f-1', 'image', '/-/format/webp/'),
).resolves.toEqualTypeOf<FileResource>()

// Action results are typed per action kind.
expectTypeOf(client.actions.get('f-1', 'recognize')).resolves.toEqualTypeOf<Action<'recognize'>>()
declare const recognize: Action<'recognize'>
expectTypeOf(recognize.result!.data).toEqualTypeOf<RecognitionData>()
declare const moderate: Action<'moderate'>
expectTypeOf(moderate.result!.data).toEqualTypeOf<ModerationData>()
declare const scan: Action<'virus_scan'>
expectTypeOf(scan.result!.data).toEqualTypeOf<VirusScanData>()

// @ts-expect-error: not an action type
client.actions.run('f-1', 'transcribe')
// @ts-expect-error: not a conversion kind
client.conversions.convert('f-1', 'audio', '/format/mp3/')
// @ts-expect-error: fileIds is required
client.groups.create({})
// @ts-expect-error: every method takes { signal } last, not a bare signal
client.groups.get('g-1', new AbortController().signal)

declare const unknownError: unknown
if (isFileServiceError(unknownError)) {
  expectTypeOf(unknownError).toEqualTypeOf<FileServiceError>()
  // The code is a known set: a switch over it is checked, a typo is an error.
  expectTypeOf(unknownError.code).toEqualTypeOf<FileServiceErrorCode>()
  expectTypeOf<'not_found' | 'invalid_response' | 'http_418'>().toExtend<FileServiceErrorCode>()
  // @ts-expect-error: not a code
  if (unknownError.code === 'not_fuond') throw unknownError
}

// An action of any kind (a type from a prop) narrows by its actionType.
declare const anyAction: Action
if (anyAction.actionType === 'virus_scan')
  expectTypeOf(anyAction.result).toEqualTypeOf<ActionResultEntry<VirusScanData> | null>()
declare const propType: ActionType
expectTypeOf(client.actions.get('f-1', propType)).resolves.toEqualTypeOf<Action>()
// Each kind's action is an Action.
expectTypeOf(scan).toExtend<Action>()

// Ids may be readonly (kept `as const`).
const ids = ['f-1'] as const
client.groups.create({ fileIds: ids })
client.groups.update('g-1', { fileIds: ids })
// A recipe of any kind, as RecipeBuilder's onValueChange and parseRecipe give it.
declare const fromBuilder: Recipe
client.conversions.convert('f-1', 'image', fromBuilder)

// Data a host builds itself (fixtures, optimistic updates) may carry `undefined` in optional fields.
declare const maybeToken: string | undefined
export const built: Group = {
  id: 'g-1',
  uuid: null,
  status: 'ready',
  projectId: null,
  accessToken: maybeToken,
}
