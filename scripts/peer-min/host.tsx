// A host app's code, type-checked against the built package's types with the oldest
// @tanstack/react-query the peer range allows and the strictest compiler settings
// (scripts/check-peer-min.mjs).

import {
  ActionStatusBadge,
  createFileServiceClient,
  FileList,
  type FileResource,
  FileServiceProvider,
  FileUploader,
  fileQueryOptions,
  type Group,
  GroupEditor,
  GroupList,
  groupsQueryOptions,
  type PollingOptions,
  type Recipe,
  RecipeBuilder,
  useFile,
  useFileService,
  useGroups,
} from '@filekit/react'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'

export function FileName({ id }: { id: string | undefined }) {
  const ctx = useFileService()
  // docs/hooks.md: a factory with `enabled`, on the host's own useQuery.
  const file = useQuery({ ...fileQueryOptions(ctx, id ?? ''), enabled: !!id }, ctx.queryClient)
  const name: string | null | undefined = file.data?.originalName
  const groups = useQuery(groupsQueryOptions(ctx, { page: 1 }), ctx.queryClient)
  const count: number | undefined = groups.data?.count
  const same: FileResource | undefined = useFile(id ?? '').data
  const listed = useGroups({ page: 1 }).data?.data.length
  return (
    <p>
      {name} {count} {same?.id} {listed}
    </p>
  )
}

// exactOptionalPropertyTypes (in @tsconfig/strictest): a value that may be undefined is
// accepted wherever a prop or option is optional.
declare const maybe: {
  id: string | undefined
  token: string | undefined
  text: string | undefined
  number: number | undefined
  flag: boolean | undefined
  polling: PollingOptions | undefined
  onFile: ((file: FileResource) => void) | undefined
  onGroup: ((group: Group) => void) | undefined
  recipe: Recipe | undefined
  ids: string[] | undefined
  client: QueryClient | undefined
}

export function Host({ children }: { children: ReactNode }) {
  return (
    <FileServiceProvider
      baseUrl="https://files.example"
      projectId="demo"
      token={maybe.token}
      tokenScope={maybe.text}
      queryClient={maybe.client}
      cdnUrl={maybe.text}
      locale={maybe.text}
      timeZone={maybe.text}
      onAuthError={undefined}
      messages={undefined}
    >
      <FileList
        groupId={maybe.id}
        defaultPage={maybe.number}
        defaultPageSize={maybe.number}
        selectedIds={maybe.ids}
        defaultSelectedIds={maybe.ids}
        label={maybe.text}
        polling={maybe.polling}
      />
      <GroupList
        defaultPage={maybe.number}
        onSelect={maybe.onGroup}
        label={maybe.text}
        polling={maybe.polling}
      />
      <GroupEditor
        groupId={maybe.id}
        onSaved={maybe.onGroup}
        maxFiles={maybe.number}
        allowPicking={maybe.flag}
        polling={maybe.polling}
      />
      <FileUploader
        accept={maybe.ids}
        maxSize={maybe.number}
        multiple={maybe.flag}
        onUploaded={maybe.onFile}
        keepUploaded={maybe.flag}
        disabled={maybe.flag}
      />
      <ActionStatusBadge
        fileId="f-1"
        type="recognize"
        autoRun={maybe.flag}
        showResult={maybe.flag}
        polling={maybe.polling}
      />
      <RecipeBuilder
        fileId="f-1"
        value={maybe.recipe}
        defaultValue={maybe.recipe}
        onConverted={maybe.onFile}
        previewDelay={maybe.number}
        polling={maybe.polling}
      />
      {children}
    </FileServiceProvider>
  )
}

export const client = createFileServiceClient({
  baseUrl: 'https://files.example',
  projectId: 'demo',
  token: maybe.token,
  fetch: undefined,
})
export const page = client.files.list({ page: maybe.number, items: maybe.number })
export const polling: PollingOptions = { initialInterval: maybe.number, maxWait: maybe.number }
