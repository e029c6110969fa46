// Type tests for the public client surface; checked by `npm run typecheck` (tsc over test/).
import { expectTypeOf } from 'vitest'
import {
  type Action,
  type ConversionsInfo,
  createFileServiceClient,
  type FileResource,
  type FileServiceError,
  type Group,
  isFileServiceError,
  type ModerationData,
  type Page,
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
if (isFileServiceError(unknownError)) expectTypeOf(unknownError).toEqualTypeOf<FileServiceError>()
