// A host app's code, type-checked against the built package's types with the oldest
// @tanstack/react-query the peer range allows (scripts/check-peer-min.mjs).

import {
  type FileResource,
  fileQueryOptions,
  groupsQueryOptions,
  useFile,
  useFileService,
  useGroups,
} from '@filekit/react'
import { useQuery } from '@tanstack/react-query'

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
