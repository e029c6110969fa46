// Every visible string of the components, in English. Hosts override any key through the
// provider's `messages`; `{name}` placeholders are filled by `formatMessage`.

export const defaultMessages = {
  loading: 'Loading…',
  error: 'Something went wrong: {message}',
  retry: 'Try again',
  forbidden: 'Not allowed with this token.',
  needsSecretKey: 'This needs the project’s secret key (an operator or a server-side proxy).',
  stillProcessing: 'Still processing. It is taking longer than usual.',
  checkAgain: 'Check again',

  // ActionStatusBadge
  'action.recognize': 'Image recognition',
  'action.moderate': 'Moderation',
  'action.virus_scan': 'Virus scan',
  'actionStatus.notStarted': 'Not started',
  'actionStatus.pending': 'Running…',
  'actionStatus.ready': 'Done',
  'actionStatus.failed': 'Failed',
  'actionStatus.timedOut': 'Still running',
  'actionStatus.forbidden': 'Not allowed',
  'actionStatus.loading': 'Checking…',
  'actionStatus.error': 'Unavailable',
  run: 'Run',
  'result.labels': 'Labels: {labels}',
  'result.noLabels': 'No labels found',
  'result.moderationClean': 'Nothing to moderate',
  'result.moderationFlagged': 'Flagged: {labels}',
  'result.clean': 'Clean',
  'result.infected': 'Infected: {name}',

  // Lists and pagination
  'files.label': 'Files',
  'files.empty': 'No files yet.',
  'groups.label': 'Groups',
  'groups.empty': 'No groups yet.',
  'column.preview': 'Preview',
  'column.name': 'Name',
  'column.type': 'Type',
  'column.size': 'Size',
  'column.status': 'Status',
  'column.created': 'Created',
  'column.files': 'Files',
  'column.select': 'Select',
  'column.actions': 'Actions',
  selectFile: 'Select {name}',
  'pagination.label': 'Pagination',
  'pagination.first': 'First page',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.last': 'Last page',
  'pagination.status': 'Page {page} of {pages}',
  'pagination.pageSize': 'Per page',
  'status.pending': 'Processing',
  'status.ready': 'Ready',
  'status.processing_error': 'Processing failed',
  'status.removed': 'Removed',
  'status.unknown': 'Processing ({status})',
  unnamed: 'Unnamed file',
  cancel: 'Cancel',
  remove: 'Remove',

  // GroupEditor
  'editor.createTitle': 'New group',
  'editor.editTitle': 'Group {id}',
  'editor.list': 'Files in this group',
  'editor.empty': 'No files in this group yet. Upload or pick some.',
  'editor.moveUp': 'Move {name} up',
  'editor.moveDown': 'Move {name} down',
  'editor.removeFile': 'Remove {name}',
  'editor.moved': '{name} moved to position {position} of {count}.',
  'editor.removed': '{name} removed.',
  'editor.added': '{count} file(s) added.',
  'editor.keyboardHint': 'Alt+Arrow keys move the focused file; Delete removes it.',
  'editor.position': '{position}.',
  'editor.save': 'Save group',
  'editor.create': 'Create group',
  'editor.saving': 'Saving…',
  'editor.discard': 'Discard changes',
  'editor.unsaved': 'Unsaved changes',
  'editor.saved': 'Saved.',
  'editor.status': 'Status: {status}',
  'editor.uuid': 'Version: {uuid}',
  'editor.pick': 'Add from project files',
  'editor.addSelected': 'Add {count} selected',
  'editor.tooMany': 'A group holds at most {max} files.',
  'editor.needOne': 'Add at least one file.',
  'editor.duplicate': '{name} is already in the group.',
  'editor.tokenTitle': 'Access token for this group',
  'editor.tokenHint':
    'Keep it: it is shown only once and is the only way back to this group without the secret key.',
  'editor.copy': 'Copy token',
  'editor.copied': 'Copied.',

  // FileUploader
  'uploader.drop': 'Drop files here, or choose them',
  'uploader.choose': 'Choose files',
  'uploader.list': 'Uploads',
  'uploader.uploading': 'Uploading {percent}',
  'uploader.done': 'Uploaded',
  'uploader.failed': 'Failed: {message}',
  'uploader.canceled': 'Canceled',
  'uploader.tooLarge': 'Larger than {max}',
  'uploader.wrongType': 'Not an accepted type ({accept})',
  'uploader.progress': 'Upload of {name}',
  'uploader.cancelFile': 'Cancel {name}',
  'uploader.retryFile': 'Retry {name}',
  'uploader.removeFile': 'Remove {name} from the list',
  open: 'Open',
} as const

export type MessageKey = keyof typeof defaultMessages

/** Every visible string, by key; override any of them through the provider's `messages`. */
export type FileServiceMessages = Record<MessageKey, string>

/** Fills `{name}` placeholders; unknown placeholders stay as written. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
