export { fileServiceKeys, type KeyScope } from './fileServiceKeys.js'
export {
  type CreateGroupVariables,
  type UpdateGroupVariables,
  type UploadFileVariables,
  useConvert,
  useCreateGroup,
  useDeleteGroup,
  useRunAction,
  useUpdateGroup,
  useUploadFile,
} from './mutations.js'
export {
  finalStatuses,
  isFinalStatus,
  type PollingOptions,
  pollInterval,
  retryDelay,
  shouldRetry,
} from './policy.js'
export {
  useAction,
  useConversions,
  useFile,
  useFiles,
  useGroup,
  useGroupFiles,
  useGroups,
  usePollingTimeout,
  useSuspenseAction,
  useSuspenseConversions,
  useSuspenseFile,
  useSuspenseFiles,
  useSuspenseGroup,
  useSuspenseGroupFiles,
  useSuspenseGroups,
} from './queries.js'
export {
  actionQueryOptions,
  conversionsQueryOptions,
  fileQueryOptions,
  filesQueryOptions,
  groupAllFilesQueryOptions,
  groupFilesQueryOptions,
  groupQueryOptions,
  groupsQueryOptions,
  type QueryContext,
} from './queryOptions.js'
