import type { FileServiceErrorCode } from '../api/errors.js'
import type { RecipeIssueKey } from '../recipe/types.js'

// Every visible string of the components, in English, in one group per component (internal;
// `defaultMessages` is all of them). Hosts override any key through the provider's `messages`;
// `{name}` placeholders are filled by `formatMessage`.

/** Loading, error and forbidden states, shown by every component, in English: one group of {@link defaultMessages}. */
export const stateMessages = {
  loading: 'Loading…',
  offline: 'Offline, waiting for the network',
  retrying: 'Trying again: {message}',
  refreshFailed: 'Could not refresh: {message}',
  networkError: 'The service could not be reached',
  /** A request the client would not send (a token no header can carry): its developer-facing reason. */
  requestRefused: 'Not sent: {message}',
  serviceError: 'The service answered with status {status}',
  error: 'Something went wrong: {message}',
  notFound: 'Not found: {message}',
  retry: 'Try again',
  forbidden: 'Not allowed with this token.',
  needsSecretKey: 'This needs the project’s secret key (an operator or a server-side proxy).',
  needsGroupToken: 'Open this group with its access token.',
  stillProcessing: 'Still processing. It is taking longer than usual.',
  checkAgain: 'Check again',
  'error.timeout': 'The service did not answer in time',
  'error.unconfirmed':
    'The service did not answer in time; it may have done this all the same. Check before trying again.',
} as const

/** Resource statuses (`status.*`), in English: one group of {@link defaultMessages}. */
export const statusMessages = {
  'status.pending': 'Processing',
  'status.ready': 'Ready',
  'status.processing_error': 'Processing failed',
  'status.removed': 'Removed',
  'status.unknown': 'Processing ({status})',
} as const

/** ActionStatusBadge's strings, in English: one group of {@link defaultMessages}. */
export const badgeMessages = {
  'action.recognize': 'Image recognition',
  'action.moderate': 'Moderation',
  'action.virus_scan': 'Virus scan',
  'actionStatus.notStarted': 'Not started',
  'actionStatus.starting': 'Starting…',
  'actionStatus.pending': 'Running…',
  'actionStatus.ready': 'Done',
  'actionStatus.failed': 'Failed',
  'actionStatus.timedOut': 'Still running',
  'actionStatus.forbidden': 'Not allowed',
  'actionStatus.loading': 'Checking…',
  'actionStatus.error': 'Unavailable',
  'badge.text': '{action}: {status}',
  'badge.button': '{button}: {action}',
  'result.labels': 'Labels: {labels}',
  'result.noLabels': 'No labels found',
  'result.moderationClean': 'Nothing to moderate',
  'result.moderationFlagged': 'Flagged: {labels}',
  'result.clean': 'Clean',
  'result.infected': 'Infected: {name}',
  run: 'Run',
  runFailed: 'Could not start: {message}',
} as const

/** FileList's and GroupList's strings, pagination included, in English: one group of {@link defaultMessages}. */
export const listMessages = {
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
  'column.select': 'Select all on this page',
  'column.actions': 'Actions',
  'pagination.label': '{list}, pages',
  'table.scroll': '{list}, scrolls sideways',
  'list.stillProcessing': 'Some of these are still processing; this page has stopped checking.',
  'list.pageFailed': 'Could not load page {page}: {message}',
  'pagination.first': 'First page',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.last': 'Last page',
  'pagination.status': 'Page {page} of {pages}',
  'pagination.loading': 'Loading page {page}',
  'pagination.pageSize': 'Per page',
  selectFile: 'Select {name}',
  unnamed: 'Unnamed file',
  open: 'Open',
  'groups.open': 'Open {id}',
} as const

/** GroupEditor's strings, in English: one group of {@link defaultMessages}. */
export const editorMessages = {
  'editor.createTitle': 'New group',
  'editor.editTitle': 'Group {id}',
  'editor.list': 'Files in this group',
  'editor.empty': 'No files in this group yet. Upload or pick some.',
  'editor.emptyUploadOnly': 'No files in this group yet. Upload some.',
  'editor.moveUp': 'Move {name} up',
  'editor.moveDown': 'Move {name} down',
  'editor.removeFile': 'Remove {name}',
  'editor.moved': '{name} moved to position {position} of {count}.',
  'editor.removed': '{name} removed.',
  'editor.addedOne': '{name} added.',
  'editor.added': '{count} files added.',
  'editor.keyboardHint': 'Alt+Arrow keys move the focused file; Delete removes it.',
  'editor.handle': '{position}. {name}',
  'editor.save': 'Save group',
  'editor.create': 'Create group',
  'editor.saving': 'Saving…',
  'editor.discard': 'Discard changes',
  'editor.discarded': 'Changes discarded.',
  'editor.unsaved': 'Unsaved changes',
  'editor.changedElsewhere':
    'This group was changed elsewhere since this edit began: saving replaces that version; Discard changes shows it.',
  'editor.waitingForUploads': 'Waiting for uploads to finish',
  'editor.saved': 'Saved.',
  'editor.saveFailed': 'Could not save: {message}',
  'editor.status': 'Status: {status}',
  'editor.uuid': 'Version: {uuid}',
  'editor.pick': 'Add from project files',
  'editor.addSelected': 'Add {count} selected',
  'editor.tooMany': 'A group holds at most {max, plural, one {# file} other {# files}}.',
  'editor.notAdded': 'Not added: {names}.',
  'editor.needOne': 'Add at least one file.',
  'editor.removedFiles': 'Take out what was removed from the project to save: {names}.',
  'editor.duplicate': '{name} is already in the group.',
  'editor.tokenTitle': 'Access token for this group',
  'editor.tokenHint':
    'Keep it: it is shown only once and is the only way back to this group without the secret key.',
  'editor.copy': 'Copy token',
  'editor.copied': 'Copied.',
  'editor.copyFailed': 'The browser did not allow copying: the token is selected, copy it by hand.',
  'editor.createdAnonymously': 'Group created. To change it later, open it with its access token.',
} as const

/** RecipeBuilder's strings, in English: one group of {@link defaultMessages}. */
export const recipeMessages = {
  'recipe.kind': 'Conversion',
  'recipe.kind.image': 'Image',
  'recipe.kind.video': 'Video',
  'recipe.kind.document': 'Document',
  'recipe.kind.remove_bg': 'Background removal',
  'recipe.operations': 'Operations',
  'recipe.add': 'Add operation',
  'recipe.addButton': 'Add',
  'recipe.none': 'No operations yet.',
  'recipe.text': 'Recipe',
  'recipe.pasted': 'Recipe: {recipe}',
  'recipe.copy': 'Copy recipe',
  'recipe.copied': 'Copied.',
  'recipe.copyFailed': 'The browser did not allow copying: the recipe is selected, copy it by hand.',
  'recipe.paste': 'Paste a recipe',
  'recipe.apply': 'Use pasted recipe',
  'recipe.moveUp': 'Move {name} up',
  'recipe.moveDown': 'Move {name} down',
  'recipe.remove': 'Remove {name}',
  'recipe.added': '{name} added.',
  'recipe.removed': '{name} removed.',
  'recipe.moved': '{name} moved to position {position} of {count}.',
  'recipe.width': '{name} width',
  'recipe.height': '{name} height',
  'recipe.preview': 'Preview',
  'recipe.previewLoading': 'Updating preview…',
  'recipe.previewError': 'No preview for this recipe.',
  'recipe.convert': 'Convert',
  'recipe.converting': 'Starting…',
  'recipe.result': 'Result {id}: {status}',
  'recipe.noMethods': 'This file cannot be converted.',
  'recipe.argument': '{operation} {argument}',
  'recipe.optionalArgument': '{name} (optional)',
  'recipe.loneDash': 'The text cannot be "-" alone: in a recipe, that separates operations.',
  'recipe.strayTilde': 'This text has a "~" the service cannot read: edit the text to fix it.',
} as const

/** FileUploader's strings, in English: one group of {@link defaultMessages}. */
export const uploaderMessages = {
  'uploader.drop': 'Drop files here, or choose them',
  'uploader.choose': 'Choose files',
  'uploader.list': 'Uploads',
  'uploader.queued': 'Waiting to upload',
  'uploader.uploading': 'Uploading {percent}',
  'uploader.startedOne': 'Uploading {name}.',
  'uploader.started': 'Uploading {count} files.',
  'uploader.finishing': 'Sent, waiting for the service',
  'uploader.done': 'Uploaded',
  'uploader.failed': 'Failed: {message}',
  'uploader.canceled': 'Canceled',
  'uploader.tooLarge': 'Larger than {max}',
  'uploader.wrongType': 'Not an accepted type ({accept})',
  'uploader.empty': 'Empty file: nothing to upload',
  'uploader.needsToken': 'Not allowed without a token',
  'uploader.folder': 'A folder: drop or choose the files in it',
  'uploader.oneFile': 'Not uploaded: one file at a time here',
  'uploader.progress': 'Upload of {name}',
  'uploader.cancelFile': 'Cancel {name}',
  'uploader.retryFile': 'Try again: {name}',
  'uploader.removeFile': 'Remove {name} from the list',
  cancel: 'Cancel',
  remove: 'Remove',
} as const

/**
 * The type of {@link defaultMessages}: every group's keys, each a string (so a translation
 * spread over it, `{ ...defaultMessages, loading: 'Laden…' }`, is one too).
 */
export type DefaultMessages = {
  readonly [K in keyof (typeof stateMessages &
    typeof statusMessages &
    typeof badgeMessages &
    typeof listMessages &
    typeof editorMessages &
    typeof recipeMessages &
    typeof uploaderMessages)]: string
}

/**
 * Every visible string of the components, in English; override any key through the provider's
 * `messages`. It is the groups below put together: each component reads only its own, so
 * importing one component does not bring every other component's text.
 */
export const defaultMessages: DefaultMessages = /* @__PURE__ */ Object.assign(
  {},
  stateMessages,
  statusMessages,
  badgeMessages,
  listMessages,
  editorMessages,
  recipeMessages,
  uploaderMessages,
)

/** The key of one visible string in {@link defaultMessages}. */
export type MessageKey = keyof DefaultMessages

/**
 * RecipeBuilder's text that comes from the recipe catalogue and checks, with no entry in
 * {@link defaultMessages}: `recipe.op.<operation>` (an operation's label, e.g. `recipe.op.resize`),
 * `recipe.arg.<argument>` (an argument's name, e.g. `recipe.arg.size`) and
 * `recipe.issue.<RecipeIssueKey>` (a problem, filled from the issue's `values`: `name`, `arg`,
 * `value`, `min`, `max`, `expected`, `format`, `kind`, and `opLabel` / `argLabel`, the operation
 * and argument as the host's `recipe.op.*` / `recipe.arg.*` name them). Unset, they read as the
 * catalogue's English label, the argument's name and the issue's English `message`.
 */
export type RecipeMessageKey =
  | `recipe.op.${string}`
  | `recipe.arg.${string}`
  | `recipe.issue.${RecipeIssueKey}`

/**
 * A service error's text, by the error's `code` (`error.not_found`, `error.conflict`,
 * `error.rate_limited`, `error.invalid_response`, …: see {@link FileServiceError.code}), filled
 * with `{message}` (the service's own messages, in English) and `{status}`. Only `error.timeout`
 * and `error.unconfirmed` (no answer in time) have an English entry: unset, the others show the
 * service's own messages, else "The service answered with status …" (`serviceError`).
 */
export type ErrorMessageKey = `error.${FileServiceErrorCode}`

/**
 * Every visible string, by key; override any of them through the provider's `messages`
 * (the {@link RecipeMessageKey} and {@link ErrorMessageKey} ones have no English entry of their own).
 */
export type FileServiceMessages = Record<MessageKey, string> &
  Partial<Record<RecipeMessageKey | ErrorMessageKey, string>>

/**
 * Fills `{name}` placeholders; unknown placeholders stay as written. Numbers go through
 * `formatNumber` when given (the components pass `Intl.NumberFormat` with the provider's
 * `locale`), else `String`. A count picks its words with ICU's plural form,
 * `{count, plural, =0 {no files} one {# file} other {# files}}`: an exact `=N`, else the
 * locale's plural category (`Intl.PluralRules`: zero, one, two, few, many, other), with `#`
 * as the number; the words may hold `{name}` placeholders. (A subset of ICU: no plural inside
 * a plural, no `'#'` quoting, no `offset:`.)
 */
export function formatMessage(
  template: string,
  values: Record<string, string | number> = {},
  formatNumber: (value: number) => string = String,
  locale?: string,
): string {
  return template
    .replace(
      /\{(\w+), ?plural,((?:[^{}]|\{(?:[^{}]|\{\w+\})*\})*)\}/g,
      (whole, name: string, options: string) => {
        const count = values[name]
        if (typeof count !== 'number') return whole
        const words: Record<string, string> = {}
        for (const [, key, text] of options.matchAll(/(=?[\w.-]+) ?\{((?:[^{}]|\{\w+\})*)\}/g))
          words[key!] = text!
        const chosen = words[`=${count}`] ?? words[new Intl.PluralRules(locale).select(count)] ?? words.other
        return chosen === undefined ? whole : chosen.replace(/#/g, formatNumber(count))
      },
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name]
      return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value
    })
}
