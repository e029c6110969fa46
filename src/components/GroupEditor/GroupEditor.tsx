'use client'
import { type FetchQueryOptions, type QueryKey, useQuery } from '@tanstack/react-query'
import {
  type ComponentProps,
  Fragment,
  type KeyboardEvent,
  memo,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { AuthError, isUnconfirmed, NotFoundError } from '../../api/errors.js'
import type { FileResource, Group } from '../../api/types.js'
import { cachedFiles } from '../../hooks/cachedFiles.js'
import { fileServiceKeys } from '../../hooks/fileServiceKeys.js'
import { useCreateGroup, useUpdateGroup } from '../../hooks/mutations.js'
import type { PollingOptions } from '../../hooks/policy.js'
import { usePollingTimeout } from '../../hooks/queries.js'
import { groupAllFilesQueryOptions, groupQueryOptions } from '../../hooks/queryOptions.js'
import { useFileService } from '../../provider/context.js'
import { editorMessages, stateMessages, statusMessages } from '../../provider/messages.js'
import { FileList } from '../FileList/FileList.js'
import { FileUploader } from '../FileUploader/FileUploader.js'
import { CheckAgain } from '../shared/CheckAgain.js'
import { copyText } from '../shared/copyText.js'
import { cx } from '../shared/cx.js'
import { errorText } from '../shared/errorText.js'
import { focusedIn } from '../shared/focusedIn.js'
import { formatNumber, shownName } from '../shared/format.js'
import { QueryState, useStaysForbidden, viewState } from '../shared/QueryState.js'
import { RefreshState } from '../shared/RefreshState.js'
import { statusText } from '../shared/statusText.js'
import { useAnnouncement } from '../shared/useAnnouncement.js'
import { useCommitEffect } from '../shared/useCommitEffect.js'
import { useFocusAfterRender } from '../shared/useFocusAfterRender.js'
import { useLatest } from '../shared/useLatest.js'
import { useReportChange } from '../shared/useReportChange.js'
import { useResetOn } from '../shared/useResetOn.js'
import { type Translate, useText } from '../shared/useText.js'
import { withRef } from '../shared/withRef.js'
import { move } from './reorder.js'

const text = { ...stateMessages, ...editorMessages, ...statusMessages }

/** The new group's access token, shown once, with a copy button. */
function AccessToken({ token }: { token: string }) {
  const t = useText(text)
  // null until a copy is tried; then whether the clipboard took it.
  const [copied, setCopied] = useState<boolean | null>(null)
  const shown = useRef<HTMLElement>(null)
  return (
    <section data-slot="access-token" aria-label={t('editor.tokenTitle')}>
      <p>{t('editor.tokenHint')}</p>
      <code ref={shown}>{token}</code>{' '}
      <button
        type="button"
        className="fk-button"
        onClick={() => void copyText(token, shown.current).then(setCopied)}
      >
        {copied ? t('editor.copied') : t('editor.copy')}
      </button>
      {/* Live regions are there before their text: one that appears with it is not read by every
          screen reader. */}
      <span role="status" data-slot="copy-status">
        {copied === false && t('editor.copyFailed')}
      </span>
    </section>
  )
}

interface RowActions {
  /** The file's place in the list now: a row is not rendered again at each move (see FileRow). */
  at: (id: string) => number
  moveTo: (from: number, to: number) => void
  remove: (index: number) => void
  onKeyDown: (event: KeyboardEvent, index: number) => void
  /** Moves the file dragged to where the file dropped on is, if dropped on one; the drag is over. */
  endDrag: () => void
  /** The row dragged and its file, then the file it was dropped on (by id: a refresh during a drag may move both rows). */
  drag: RefObject<Drag | null>
}

type Drag = [row: Element, from: string, to?: string]

/** Rows per chunk of the editor's list (see the list). Not public; the render bench's control uses it. */
export const CHUNK = 50

/** The type of data a row's drag carries: what tells it from other drags dropped on a row. */
const ROW = 'application/x-filekit-row'

/**
 * Focuses a row's control and scrolls it into view. focus() alone scrolls in Chromium and
 * Firefox, but WebKit does not always reveal an element in a chunk it skips (content-visibility):
 * a row moved by the keyboard then kept focus out of sight. Where focus() did scroll, this is a no-op.
 */
const reveal = (control: HTMLElement | undefined) => {
  control?.focus()
  // Optional: jsdom, where hosts test, has no scrollIntoView.
  control?.scrollIntoView?.({ block: 'nearest' })
}

const nameOf = (file: FileResource) => shownName(file.originalName ?? file.id)

/**
 * A handle's message around the file's name: the name isolated wherever the message puts it (a
 * translation may put it first), each time it names it; after the message when it doesn't.
 */
const handleParts = (t: Translate<'editor.handle'>, index: number) =>
  splitHandle(t('editor.handle', { position: index + 1 }))
const splitHandle = (message: string) => {
  const parts = message.split('{name}')
  if (parts.length < 2) {
    parts[0] += ' '
    parts.push('')
  }
  return parts
}

interface RowProps {
  file: FileResource
  index: number
  /** Whether the handle's message has a plural form of the place (see sameRow). */
  plural: boolean
  isLast: boolean
  hintId: string
  actions: RefObject<RowActions>
  handles: Map<string, HTMLButtonElement>
}

/**
 * A row's props but its place, which changes nothing else but the first's ↑ and the last's ↓
 * (disabled). Unless the handle's message has a plural form of the place: at another place, that
 * may move the name or leave a part empty, so other text nodes than the list writes into.
 */
const sameRow = (a: RowProps, b: RowProps) =>
  a.file === b.file &&
  a.isLast === b.isLast &&
  a.hintId === b.hintId &&
  a.plural === b.plural &&
  (a.plural ? a.index === b.index : !a.index === !b.index)

/**
 * One file of the editor's list: drag handle (keyboard too), move up/down, remove. It renders
 * again when its file changes, or whether it is first or last, not when only its place does: a
 * move across the list changes the place of every file between (999 in a group of 1000), and
 * the list writes the new places into the handles' text itself (see `written` in GroupEditor).
 * Its handlers ask for the file's place when used.
 */
const FileRow = memo(function FileRow({ file, index, isLast, hintId, actions, handles }: RowProps) {
  const t = useText(text)
  const name = nameOf(file)
  const withPlace = (then: (index: number) => void) => () => then(actions.current.at(file.id))
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <li> belongs in an <ol>, and rows sit in chunks (see the list)
    <div
      role="listitem"
      draggable
      data-slot="group-file"
      onDragStart={(e) => {
        actions.current.drag.current = [e.currentTarget, file.id]
        e.dataTransfer?.setData(ROW, file.id)
      }}
      // The drop on a row says where to; the move waits for the drag's end, on the row dragged:
      // moved at the drop, a row dropped into another chunk would be a new element there, and the
      // drag's end (`dragend`) would reach no one. Ended anywhere else, or canceled: the drag is
      // over, nothing moves (nor at a later drop on a row, a file from the desktop say).
      onDragEnd={() => actions.current.endDrag()}
      // A drop may land here: said at dragenter too, which Chromium and WebKit ask when the
      // pointer crosses into the row or a part of it (dragover comes only at its next move).
      onDragEnter={(e) => e.preventDefault()}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault()
        const { drag, endDrag } = actions.current
        // Not a row's drag (a file from the desktop): nothing moves, nor a drag from before whose
        // end no one heard (see below).
        if (e.dataTransfer && !e.dataTransfer.types.includes(ROW)) drag.current = null
        drag.current?.push(file.id)
        // A refresh during the drag moved the row dragged into another chunk: a new element
        // there, and the old one's `dragend` reaches no one. The drop ends the drag then.
        if (drag.current?.[0].isConnected === false) endDrag()
      }}
    >
      <button
        type="button"
        ref={(node) => {
          if (node) handles.set(file.id, node)
          else handles.delete(file.id)
        }}
        className="fk-handle"
        data-slot="drag-handle"
        aria-describedby={hintId}
        onKeyDown={(e) => actions.current.onKeyDown(e, actions.current.at(file.id))}
      >
        {handleParts(t, index).map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in order
          <Fragment key={i}>
            {i > 0 && <bdi>{name}</bdi>}
            {part}
          </Fragment>
        ))}
        {/* Removed from the project, still processing, or failed: it can't be saved in a group. */}
        {file.status !== 'ready' && ` · ${statusText(file.status, t)}`}
      </button>{' '}
      <button
        type="button"
        className="fk-button"
        aria-label={t('editor.moveUp', { name })}
        disabled={index === 0}
        onClick={withPlace((i) => actions.current.moveTo(i, i - 1))}
      >
        ↑
      </button>
      <button
        type="button"
        className="fk-button"
        aria-label={t('editor.moveDown', { name })}
        disabled={isLast}
        onClick={withPlace((i) => actions.current.moveTo(i, i + 1))}
      >
        ↓
      </button>
      <button
        type="button"
        className="fk-button"
        aria-label={t('editor.removeFile', { name })}
        onClick={withPlace((i) => actions.current.remove(i))}
      >
        ×
      </button>
    </div>
  )
}, sameRow)

// A refused save shows through the hook's state (its `error`).
const shownByHook = () => {}

/**
 * What an edit began from: the group's files (their ids, joined) and, when it was built
 * (`ready`), its version; and the files this edit last sent, which are its own once saved.
 */
interface EditBase {
  ids: string
  version?: string | undefined
  sent?: string | undefined
}

const idsOf = (files: readonly FileResource[]) => files.map((f) => f.id).join()

/**
 * Whether the group (or its files, as ids) read now was saved elsewhere since the edit began.
 * The service builds a group anew, with a new uuid, after every save, and keeps the last build's
 * until then: a save elsewhere shows first as `pending`, then as another uuid. An edit begun
 * while the group was being built knows no version: its files tell.
 */
const changedSince = (base: EditBase, group: Group | undefined, ids: string | undefined) =>
  (!!base.version && !!group && (group.status !== 'ready' || group.uuid !== base.version)) ||
  (ids !== undefined && ids !== base.ids && ids !== base.sent)

/** Props of {@link GroupEditor}; other props go to the root `div`. */
export interface GroupEditorProps extends Omit<ComponentProps<'div'>, 'children'> {
  /**
   * Edit this group; without it the editor creates a new one. Another id starts a fresh edit:
   * the last group's unsaved changes are dropped and its unfinished uploads canceled. So does
   * another token's cache scope, unless the id is that of the group this editor just created.
   */
  groupId?: string | undefined
  /**
   * Called once after a group is created, with its access token (shown once to the user too).
   * Also when the editor was hidden, given another group or unmounted meanwhile: the group exists.
   */
  onCreated?: ((created: { group: Group; accessToken: string | undefined }) => void) | undefined
  /** Called after every successful save, also one answered after the editor moved on or unmounted. */
  onSaved?: ((group: Group) => void) | undefined
  /**
   * Called with `true` when the editor starts holding what is not saved (a changed order, files
   * added or removed, uploads under way), and with `false` once it holds none (saved, discarded,
   * another group, the group not found: deleted): for a host's "leave without saving?" guard. Not
   * called at mount, nor on unmount.
   */
  onDirtyChange?: ((dirty: boolean) => void) | undefined
  /** Most files a group may hold. @default 1000 */
  maxFiles?: number | undefined
  /**
   * Offer picking from the project's files (needs the secret key). Set it when a proxy adds the
   * key for you, or when the token is a function (what it returns is not known while rendering).
   * @default true when the provider's token is a secret key string
   */
  allowPicking?: boolean | undefined
  /** How the group's status is followed after a save; after `maxWait` it says "still processing" with a check-again button. */
  polling?: PollingOptions | undefined
}

/**
 * Creates or edits a group: an ordered list of files, reordered with buttons, the keyboard
 * (Alt+Arrow keys) or drag and drop; files added by uploading, or by picking from the project's
 * files with the secret key. Saves optimistically.
 *
 * A save replaces the group's files. When the group was saved elsewhere since the edit began
 * (another tab, another user), a refresh says so ("changed elsewhere"), and so does Save, which
 * reads the group first, fresh: 1 request (or, for an edit begun while the group was being built,
 * which knows no version yet, its files: 1 request per page of them). Pressed again with that
 * said, Save replaces that version. The service has no conditional write: a save elsewhere in the
 * moment between that read and this save is replaced unsaid.
 */
export const GroupEditor = withRef(function GroupEditor({
  groupId,
  onCreated,
  onSaved,
  onDirtyChange,
  maxFiles = 1000,
  allowPicking,
  polling,
  className,
  ...rest
}: GroupEditorProps) {
  const t = useText(text)
  const ctx = useFileService()
  const canPick = allowPicking ?? ctx.scope.startsWith('secret:')
  const [createdId, setCreatedId] = useState<string | undefined>(undefined)
  const id = groupId ?? createdId
  const justCreated = !!createdId && !groupId
  // Only the secret key and a group's own token read a group: created without a token, or with
  // another group's or a file's (the service takes them as none), it can't be read back with this
  // provider: it is shown by its new token, which the host reopens it with.
  const anonymous = /^(anonymous|group:|file:)/.test(ctx.scope)
  // What a token function returns is known only by asking: the first read of the group it made
  // tells (the create's answer is its data: 1 update; a read makes 2). Refused, the token is not
  // expired, it just isn't this group's: not for onAuthError.
  const created = justCreated
    ? ctx.queryClient.getQueryState(fileServiceKeys.group(ctx, createdId))
    : undefined
  const firstRead = justCreated && !ctx.scope.startsWith('secret:') && (created?.dataUpdateCount ?? 0) < 2
  const byToken = justCreated && (anonymous || (firstRead && created?.error instanceof AuthError))
  const canRead = !!id && !byToken
  const groupCtx = firstRead ? { ...ctx, onAuthError: undefined } : ctx
  const filesOptions = groupAllFilesQueryOptions(ctx, id ?? '')
  // Seeded by the create, fresh: shown once the group was read back (the group's read tells alone).
  const files = useQuery({ ...filesOptions, enabled: canRead && !firstRead }, ctx.queryClient)
  // The first read is asked at once, though the create's answer is fresh.
  const group = useQuery(
    {
      ...groupQueryOptions(groupCtx, id ?? '', polling),
      enabled: canRead,
      ...(firstRead && { staleTime: 0 }),
    },
    ctx.queryClient,
  )
  const { timedOut, restart } = usePollingTimeout(fileServiceKeys.group(ctx, id ?? ''), polling?.maxWait)
  const create = useCreateGroup()
  const update = useUpdateGroup()

  const [items, setItems] = useState<FileResource[] | null>(null)
  const filesState = useStaysForbidden(viewState(files, false), files, filesOptions.queryKey)
  // A group deleted (here or elsewhere) does not come back: its edit can't be saved, and the
  // editor says it is not found instead (not "Could not refresh" with a "Try again").
  const gone = [group, files].find((q) => q.error instanceof NotFoundError)
  const baseline = files.data?.data ?? []
  const list = items ?? (id ? baseline : [])
  const dirty = !gone && items !== null && idsOf(items) !== idsOf(baseline)
  const [announcement, setAnnouncement] = useAnnouncement()
  const [uploadsPending, setUploadsPending] = useState(0)
  useReportChange(dirty || (!gone && uploadsPending > 0), onDirtyChange, false)
  // Buttons that vanish once pressed hand the keyboard to what stays: the picker's toggle, the
  // status line, the heading.
  const pickToggle = useRef<HTMLButtonElement>(null)
  const meta = useRef<HTMLParagraphElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // Once saved, the save button is disabled (nothing left to save) or gone (a group created
  // anonymously shows its token instead): the keyboard moves on to the heading.
  const saveButton = useRef<HTMLButtonElement>(null)
  const focusHeadingAfterRender = useFocusAfterRender(() => heading.current)
  const announceSaved = () => {
    if (saveButton.current && focusedIn(saveButton.current) === saveButton.current)
      focusHeadingAfterRender(null)
    setAnnouncement(t('editor.saved'))
  }
  const [problem, setProblem] = useState('')
  // A refused save said, then left behind (Discard, a new change, another edit): hidden, not
  // reset, as the hook may hold another save of the group still on its way.
  const [dismissed, setDismissed] = useState<unknown>()
  // A save belongs to the group it was sent for: a host may show another group since.
  const updating = update.variables?.id === id
  const saveError = (!id && create.error) || (updating && update.error) || null
  const shownError = saveError !== dismissed && saveError
  const [token, setToken] = useState<string | undefined>(undefined)
  const [picking, setPicking] = useState(false)
  // Picked files as they were when picked: the picker's earlier pages may leave the cache
  // (garbage-collected after 5 minutes unseen) before Add is pressed.
  const [picked, setPicked] = useState<FileResource[]>([])
  // Another group is another edit: a host showing one editor for whichever group is picked must
  // not see (or save) the last group's unsaved files under the next one. So is another token's
  // scope (another user, maybe): nothing picked or changed under one is shown under the next. A
  // host passing the id of the group just created keeps the editor as it is.
  // Counts the fresh edits: the uploader belongs to one (a kept editor keeps its uploads).
  const [edit, setEdit] = useState(0)
  useResetOn(`${groupId} ${ctx.scope}`, () => {
    if (groupId === undefined || groupId !== createdId) {
      setEdit(edit + 1)
      setItems(null)
      setProblem('')
      setDismissed(update.error)
      setAnnouncement('')
      setPicking(false)
      setPicked([])
      setCreatedId(undefined)
      setToken(undefined)
    }
  })
  // A new group after another group is a new create: no refusal from an earlier one. Only when
  // the edit changes: an <Activity> showing the editor again runs the effect too, and a create
  // still on its way must stay so (Create would be offered again, and make a second group).
  const resetCreate = create.reset
  const resetFor = useRef(edit)
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when a fresh edit starts
  useEffect(() => {
    if (resetFor.current !== edit) resetCreate()
    resetFor.current = edit
  }, [edit])
  const currentEdit = useLatest(edit)
  const focusAfter = useRef<string | null>(null)
  const drag = useRef<Drag | null>(null)
  const hintId = useId()
  const handles = useRef(new Map<string, HTMLButtonElement>())
  // The row control with the keyboard: the element, its file, its place in the row (see the
  // list's onFocus). Left by the user, forgotten.
  const focused = useRef<[Element, string, number] | null>(null)

  useEffect(() => {
    if (focusAfter.current) reveal(handles.current.get(focusAfter.current))
    focusAfter.current = null
    // The keyboard was on a control of a row that moved into another chunk (a new element there,
    // by a refresh that brings files before it, say): it goes to the same control of the new
    // row. A row gone from the list (removed, deleted elsewhere) is not followed if it comes back.
    const [was, id, control] = focused.current ?? []
    if (was && !was.isConnected) {
      focused.current = null
      reveal(handles.current.get(id!)?.parentElement?.children[control!] as HTMLElement | undefined)
    }
  })

  // Uploads finish one after another between renders: always build on the latest list.
  const latest = useLatest(list)
  // What this edit began from: if a refresh (or the read before a save) brings other files, or
  // another version, somebody saved meanwhile, and saving would replace their version. The
  // version only of a ready group: while a save is built (this editor's own, just before) the
  // uuid is still the last build's, or none.
  const [base, setBase] = useState<EditBase>()
  const change = (next: FileResource[], message: string) => {
    if (items === null)
      setBase({
        ids: idsOf(baseline),
        version: (group.data?.status === 'ready' && group.data.uuid) || undefined,
      })
    latest.current = next
    setItems(next)
    setAnnouncement(message)
    setProblem('')
    setDismissed(saveError)
  }
  const moveTo = (from: number, to: number) => {
    if (from < 0 || to < 0 || to >= list.length || from === to) return
    const file = list[from]!
    focusAfter.current = file.id
    change(
      move(list, from, to),
      t('editor.moved', { name: nameOf(file), position: to + 1, count: list.length }),
    )
  }
  const remove = (index: number) => {
    const file = list[index]!
    const next = list[index + 1]?.id ?? list[index - 1]?.id
    // With the last file, the list goes too: the keyboard moves on to the heading.
    if (next) focusAfter.current = next
    else focusHeadingAfterRender(null)
    change(
      list.filter((_, i) => i !== index),
      t('editor.removed', { name: nameOf(file) }),
    )
  }
  /** Adds what fits under `maxFiles`; says what did not, and returns it. */
  const add = (added: FileResource[]) => {
    const current = latest.current
    const fresh = added.filter((file) => !current.some((f) => f.id === file.id))
    const fits = fresh.slice(0, Math.max(0, maxFiles - current.length))
    const left = fresh.slice(fits.length)
    if (fits.length)
      change(
        [...current, ...fits],
        fits.length === 1
          ? t('editor.addedOne', { name: nameOf(fits[0]!) })
          : t('editor.added', { count: fits.length }),
      )
    const dupe = added.find((file) => current.some((f) => f.id === file.id))
    // Named, so nothing goes missing unsaid (an upload that did not fit is in the project only).
    if (left.length)
      setProblem(
        `${t('editor.tooMany', { max: maxFiles })} ${t('editor.notAdded', { names: left.map(nameOf).join(', ') })}`,
      )
    else if (dupe) setProblem(t('editor.duplicate', { name: nameOf(dupe) }))
    return left
  }
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.altKey && event.key === 'ArrowUp') moveTo(index, index - 1)
    else if (event.altKey && event.key === 'ArrowDown') moveTo(index, index + 1)
    else if (event.key === 'Delete' || event.key === 'Backspace') remove(index)
    else return
    event.preventDefault()
  }

  const at = (id?: string) => list.findIndex((f) => f.id === id)
  const endDrag = () => {
    const [, from, to] = drag.current ?? []
    drag.current = null
    if (to) moveTo(at(from), at(to))
  }
  // Rows get one stable object whose handlers are always the committed render's (see useLatest).
  const actions = useLatest<RowActions>({ at, moveTo, endDrag, remove, onKeyDown, drag })
  // A row doesn't render again when only its place changes (FileRow): once committed, the list
  // writes the new places into the text nodes React made for the handles, 999 text nodes instead
  // of 999 rows rendered (a move across a list of 1000 then takes a frame). A row that renders
  // says the place it is given: its current one, or, rendered for new messages or a new locale,
  // the one it last rendered with: all are written again then. Kept: each file's place as last
  // written (a row mounted since says its own), and the messages and locale it was written in.
  const written = useRef<[Map<string, number>, ...unknown[]]>(null)
  const plural = /\{position, ?plural/.test(ctx.messages['editor.handle'] ?? '')
  useCommitEffect(() => {
    const [was, messages, locale] = written.current ?? []
    const anew = !!was && (messages !== ctx.messages || locale !== ctx.locale)
    written.current = [new Map(list.map((file, i) => [file.id, i])), ctx.messages, ctx.locale]
    // The message is filled in once, with a stand-in where the place goes, which each row's
    // number then takes: the same text as handleParts gives, without reading the message 999
    // times. Not with plural forms of the place, which need each number.
    const filled = t('editor.handle', { position: '\0' })
    list.forEach((file, i) => {
      const handle = handles.current.get(file.id)
      if (!handle || (!anew && (was?.get(file.id) ?? i) === i)) return
      const parts = (
        plural ? handleParts(t, i) : splitHandle(filled.replaceAll('\0', formatNumber(i + 1, ctx.locale)))
      ).filter(Boolean)
      // The parts' text nodes, in order: an empty part has none, the name is in a <bdi>, the
      // status comes after them.
      let k = 0
      for (let node = handle.firstChild; node && k < parts.length; node = node.nextSibling) {
        if (node.nodeType !== Node.TEXT_NODE) continue
        const part = parts[k++]!
        if (node.nodeValue !== part) node.nodeValue = part
      }
    })
  }, [list, ctx.messages, ctx.locale])

  // A double click lands before React re-renders the disabled button: one save at a time, per
  // edit. The guard is the save's own: an earlier save's answer (a create of the last edit) must
  // not end a later one's. Another group's edit saves at once, whatever the last one's save is
  // doing; a save dropped from the hook (reset by a new token's scope) ends it too, or Save
  // would do nothing until that answer came.
  const inFlight = useRef<{ edit: number } | null>(null)
  // A save answers renders later: it tells the host's latest callbacks, whose state is current.
  const host = useLatest({ onSaved, onCreated })
  // The edit whose save is reading the group first (it says "Saving…" meanwhile).
  const [checking, setChecking] = useState<number | null>(null)
  const busy = checking !== null || create.isPending || update.isPending
  useEffect(() => {
    if (!busy) inFlight.current = null
  }, [busy])
  const saving = checking === edit || create.isPending || (updating && update.isPending)
  // TanStack holds a save made offline until the network is back: say so while it waits.
  const waiting = create.isPaused || (updating && update.isPaused)
  const changedElsewhere =
    !saving && !!base && changedSince(base, group.data, files.data && idsOf(files.data.data))
  // Whether the group was saved elsewhere since this edit began, read once, fresh: the group
  // (1 request) when the edit knows its version, else its files (1 request per page). Said, its
  // files are asked for again too (Discard shows them). Unread (refused, failed), the save goes
  // ahead and says what it meets. The service has no conditional write: a save elsewhere between
  // this read and the save is replaced unsaid.
  const savedElsewhere = async (id: string, from: EditBase) => {
    // Not an answer already on its way (a poll asked before the button was pressed), nor retried
    // or held offline: the save does that.
    const read = async <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) => {
      await ctx.queryClient.cancelQueries({ queryKey: options.queryKey, exact: true })
      return ctx.queryClient.fetchQuery({ ...options, staleTime: 0, retry: false, networkMode: 'always' })
    }
    try {
      if (!from.version)
        return changedSince(
          from,
          undefined,
          idsOf((await read(groupAllFilesQueryOptions(groupCtx, id))).data),
        )
      const changed = changedSince(from, await read(groupQueryOptions(groupCtx, id)), undefined)
      if (changed) void ctx.queryClient.invalidateQueries({ queryKey: fileServiceKeys.groupFiles(ctx, id) })
      return changed
    } catch {
      return false
    }
  }
  const save = () => {
    const fileIds = list.map((f) => f.id)
    if (!fileIds.length) return setProblem(t('editor.needOne'))
    // The service refuses them by id; the editor can say which by name.
    const removed = list.filter((f) => f.status === 'removed').map(nameOf)
    if (removed.length) return setProblem(t('editor.removedFiles', { names: removed.join(', ') }))
    if (fileIds.length > maxFiles) return setProblem(t('editor.tooMany', { max: maxFiles }))
    // Back on a group whose save is still on its way (it says "Saving…"): not a second one.
    if (inFlight.current?.edit === edit || (updating && update.isPending)) return
    const mine = { edit }
    inFlight.current = mine
    setAnnouncement('')
    // Saved, the list sent is the group's: nothing is left unsaved, unless the list was changed
    // while the save was on its way (a move, an upload landing): that stays, still unsaved.
    // (That edit now builds on this save, whose version the service may still change.)
    const sent = fileIds.join()
    const settle = () => {
      if (idsOf(latest.current) === sent) setItems(null)
      else setBase({ ids: sent, sent })
    }
    // The answer is the edit's own only while it lasts (list, token, announcement); the host
    // hears of every saved group, also one whose editor was hidden by an <Activity>, given
    // another group or unmounted meanwhile: TanStack calls a mutate() call's own callbacks only
    // while someone listens, and an anonymous group's token can't be asked for again.
    const startedIn = edit
    const same = () => currentEdit.current === startedIn
    const from = base
    const send = () => {
      // Its own save is not "elsewhere"; the version the edit began from is no longer the group's.
      if (from && same()) setBase({ ids: from.ids, sent })
      return id
        ? update.mutateAsync({ id, fileIds }).then((group) => {
            if (same()) {
              settle()
              announceSaved()
            }
            host.current.onSaved?.(group)
          }, shownByHook)
        : create.mutateAsync({ fileIds }).then((group) => {
            // The new group's files are exactly what was sent: seed them, no refetch needed.
            ctx.queryClient.setQueryData(groupAllFilesQueryOptions(ctx, group.id).queryKey, {
              data: list,
              count: list.length,
              page: 1,
              pageSize: list.length,
              pages: 1,
            })
            if (same()) {
              setCreatedId(group.id)
              if (!anonymous) settle()
              setToken(group.accessToken)
              announceSaved()
            }
            host.current.onCreated?.({ group, accessToken: group.accessToken })
            host.current.onSaved?.(group)
          }, shownByHook)
    }
    // Saved elsewhere since the edit began, it says so instead of saving; pressed again with that
    // said, it saves (replacing that version, as it says). An edit dropped meanwhile (another
    // group, another token's scope) or discarded (the list is back to what the edit began from)
    // is not sent.
    let saved: Promise<void>
    if (id && from && !changedElsewhere) {
      setChecking(edit)
      saved = savedElsewhere(id, from).then((changed) => {
        const sending = changed || !same() || idsOf(latest.current) === from.ids ? undefined : send()
        // Once the save is on its way: "Saving…" throughout.
        setChecking((c) => (c === startedIn ? null : c))
        return sending
      })
    } else saved = send()
    // A host callback that throws still ends the guard (and its error is not swallowed).
    saved.finally(() => {
      if (inFlight.current === mine) inFlight.current = null
    })
  }
  if (byToken) {
    return (
      <div
        {...rest}
        data-slot="group-editor"
        data-mode="created"
        className={cx('fk-root fk-group-editor', className)}
      >
        <h2 ref={heading} tabIndex={-1}>
          {t('editor.editTitle', { id: createdId })}
        </h2>
        {token && <AccessToken token={token} />}
        <ol aria-label={t('editor.list')} data-slot="group-files">
          {list.map((file) => (
            <li key={file.id} data-slot="group-file">
              {nameOf(file)}
            </li>
          ))}
        </ol>
        {/* The same element as the editor's announcer (key): a live region that appears with its
            text already in it is not read by every screen reader; one whose text changes is. */}
        <p key="announcer" role="status" aria-live="polite" data-slot="announcer">
          {t('editor.createdAnonymously')}
        </p>
      </div>
    )
  }
  const state = gone ? 'error' : id && !items ? filesState : 'ready'
  // The service names files by id ("Unknown or removed file ids: f-…"): say their names.
  const saveErrorText =
    shownError &&
    errorText(shownError, t).replace(/f-\w{22}/g, (fid) => {
      const file = list.find((f) => f.id === fid)
      return file ? nameOf(file) : fid
    })

  return (
    <div
      {...rest}
      data-slot="group-editor"
      data-mode={id ? 'edit' : 'create'}
      data-dirty={dirty || undefined}
      className={cx('fk-root fk-group-editor', className)}
    >
      <h2 ref={heading} tabIndex={-1} data-focus-landing>
        {id ? t('editor.editTitle', { id }) : t('editor.createTitle')}
      </h2>
      {group.data && !gone && (
        <p
          ref={meta}
          tabIndex={-1}
          data-slot="group-meta"
          data-status={group.data.status}
          data-timed-out={timedOut || undefined}
        >
          {t('editor.status', { status: statusText(group.data.status, t) })}
          {/* None until the service has built the group. */}
          {group.data.uuid && ` · ${t('editor.uuid', { uuid: group.data.uuid })}`}
          {timedOut && ` · ${t('stillProcessing')} `}
          {timedOut && <CheckAgain onCheck={restart} focusTo={meta} />}
        </p>
      )}
      {/* The "changed elsewhere" warning relies on refreshes (and the read before a save): one
          that waits or fails is said. Until the files are shown, their state says it in their
          place. */}
      <RefreshState
        id={id ?? ''}
        // A save held offline says it waits; the group's refresh (held too) is not said again.
        queries={state === 'ready' && !waiting ? [group, files] : []}
        focusTo={heading}
      />
      {token && <AccessToken token={token} />}
      {state !== 'ready' ? (
        <QueryState state={state} query={gone ?? files} emptyText="" />
      ) : (
        <>
          {list.length === 0 ? (
            <p data-slot="empty">{t(canPick ? 'editor.empty' : 'editor.emptyUploadOnly')}</p>
          ) : (
            <>
              <p id={hintId} data-slot="keyboard-hint">
                {t('editor.keyboardHint')}
              </p>
              {/* Rows in chunks of CHUNK: each chunk out of view skips style, layout and paint
                  (styles.css), so a reorder in a group of 1000 re-lays out one chunk, not the list.
                  An ARIA list, as an <ol> holds only <li>: the chunks are generic, so a screen
                  reader counts the rows as one list. */}
              {/* biome-ignore lint/a11y/useSemanticElements: an <ol> holds only <li>, not chunks */}
              <div
                role="list"
                aria-label={t('editor.list')}
                aria-describedby={hintId}
                data-slot="group-files"
                onFocus={(e) => {
                  const row = e.target.parentElement!
                  for (const [id, handle] of handles.current)
                    if (handle.parentElement === row)
                      focused.current = [e.target, id, [...row.children].indexOf(e.target)]
                }}
                // Focus taken elsewhere: forgotten. (A control removed with its row, which moved
                // into another chunk, is no longer connected: kept, to be followed.)
                onBlur={(e) => {
                  if (e.target.isConnected) focused.current = null
                }}
              >
                {list.map((_, start) =>
                  start % CHUNK ? null : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a chunk is a place in the list (rows 1-50, 51-100…), not an item
                    <div key={start} data-slot="group-files-chunk">
                      {list.slice(start, start + CHUNK).map((file, i) => (
                        <FileRow
                          key={file.id}
                          file={file}
                          index={start + i}
                          plural={plural}
                          isLast={start + i === list.length - 1}
                          hintId={hintId}
                          actions={actions}
                          handles={handles.current}
                        />
                      ))}
                    </div>
                  ),
                )}
              </div>
            </>
          )}
          {/* An uploaded file moves into the group's list, which announces it. */}
          <FileUploader
            // Uploads started for one group end with it: another group gets a new uploader.
            key={edit}
            keepUploaded={false}
            onUploaded={(file) => add([file])}
            onPendingChange={setUploadsPending}
            // Created anonymously, the group is shown by its token next, not edited: a file
            // chosen now could not join it.
            disabled={anonymous && create.isPending}
          />
          {canPick && (
            <div data-slot="picker">
              <button
                ref={pickToggle}
                type="button"
                className="fk-button"
                aria-expanded={picking}
                onClick={() => setPicking(!picking)}
              >
                {t('editor.pick')}
              </button>
              {picking && (
                <>
                  <FileList
                    selectedIds={picked.map((f) => f.id)}
                    onSelectedIdsChange={(ids) => {
                      // A row just picked is on a page the picker shows, so in the cache.
                      const known = new Map([
                        ...picked.map((f) => [f.id, f] as const),
                        ...cachedFiles(ctx.queryClient, ctx),
                      ])
                      setPicked(ids.map((fid) => known.get(fid)).filter((f): f is FileResource => !!f))
                    }}
                  />
                  <button
                    type="button"
                    className="fk-button"
                    disabled={!picked.length}
                    onClick={() => {
                      const left = add(picked)
                      // What did not fit stays picked, in the open picker, next to the reason.
                      setPicked(left)
                      if (!left.length) {
                        setPicking(false)
                        pickToggle.current?.focus()
                      }
                    }}
                  >
                    {t('editor.addSelected', { count: picked.length })}
                  </button>
                </>
              )}
            </div>
          )}
        </>
      )}
      {state === 'ready' && (
        <div data-slot="editor-actions">
          {/* Saving now would leave out the files still uploading (and, once a group is created
              anonymously, lose them): the save waits for them, and says so. */}
          {/* Live: a version saved elsewhere shows up with a refresh, not with a key press.
              "Unsaved changes" comes with a key press, which the announcer reads out, and
              "Waiting for uploads" with a choice of files, which the uploader's does. */}
          <span aria-live="polite">
            {!uploadsPending && dirty && changedElsewhere && (
              <span data-slot="unsaved">{t('editor.changedElsewhere')}</span>
            )}
          </span>
          {uploadsPending > 0 ? (
            <span data-slot="uploads-pending">{t('editor.waitingForUploads')}</span>
          ) : (
            dirty && !changedElsewhere && <span data-slot="unsaved">{t('editor.unsaved')}</span>
          )}{' '}
          <button
            ref={saveButton}
            type="button"
            className="fk-button fk-button-primary"
            // Not `disabled` while saving (`save` ignores a second press): Chromium would drop
            // the focus of a disabled button to the page body.
            disabled={uploadsPending > 0 || (!!id && !dirty && !saving)}
            aria-disabled={saving || undefined}
            onClick={save}
          >
            {saving ? t('editor.saving') : id ? t('editor.save') : t('editor.create')}
          </button>{' '}
          {dirty && (
            <button
              type="button"
              className="fk-button"
              onClick={() => {
                setItems(null)
                setProblem('')
                setDismissed(saveError)
                setAnnouncement(t('editor.discarded'))
                heading.current?.focus()
              }}
            >
              {t('editor.discard')}
            </button>
          )}
        </div>
      )}
      {/* Gone, the group's state says why nothing can be saved. */}
      {!gone && (problem || shownError) && (
        <p role="alert" data-slot="problem">
          {/* No answer in time to a create: it may have been made, so not "Could not save". */}
          {problem ||
            (isUnconfirmed(shownError)
              ? saveErrorText
              : t('editor.saveFailed', { message: saveErrorText || '' }))}
        </p>
      )}
      <p key="announcer" role="status" aria-live="polite" data-slot="announcer">
        {waiting ? t('offline') : announcement}
      </p>
    </div>
  )
})
