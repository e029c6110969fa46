'use client'
import { onlineManager } from '@tanstack/react-query'
import {
  type ComponentProps,
  type DragEvent,
  memo,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { AuthError, isFileServiceError, isNetworkError, isUnconfirmed } from '../../api/errors.js'
import type { FileResource } from '../../api/types.js'
import { useUploadFile } from '../../hooks/mutations.js'
import { useFileService } from '../../provider/context.js'
import { stateMessages, uploaderMessages } from '../../provider/messages.js'
import { cx } from '../shared/cx.js'
import { errorText } from '../shared/errorText.js'
import { focusedIn } from '../shared/focusedIn.js'
import { formatPercent, formatSize, shownName } from '../shared/format.js'
import { useAnnouncement } from '../shared/useAnnouncement.js'
import { useFocusAfterRender } from '../shared/useFocusAfterRender.js'
import { useLatest } from '../shared/useLatest.js'
import { useOnline } from '../shared/useOnline.js'
import { useReportChange } from '../shared/useReportChange.js'
import { useResetOn } from '../shared/useResetOn.js'
import { useText } from '../shared/useText.js'
import { withRef } from '../shared/withRef.js'

const text = { ...stateMessages, ...uploaderMessages }

/**
 * The state of one file in the uploader: `queued` while three others are being sent (it starts
 * when one of them ends); `rejected` by `accept` or `maxSize`, for being empty or a dropped
 * folder, or past the first of several dropped with `multiple={false}`, before any request.
 */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'canceled' | 'rejected'

/**
 * How many files one FileUploader sends at a time: the rest wait, saying so, instead of sitting at
 * "Uploading 0%" behind the browser's per-host connection limit (which the lists' own requests
 * share).
 */
const maxUploadsAtOnce = 3

/** One file in the uploader's list. */
export interface UploadItem {
  key: string
  file: File
  status: UploadStatus
  loaded: number
  total: number
  /** Why it failed or was rejected. */
  message?: string | undefined
  /**
   * Whether trying the same file again can work: false when the service refused the file itself
   * (too large, wrong type, invalid: 400, 413, 415, 422) or what the token may do (403), so no
   * "Try again" is offered. A 401 keeps it: a token function renewed meanwhile is asked again.
   */
  retryable?: boolean | undefined
  /**
   * Failed only in that no answer came in time once every byte had gone (`unconfirmed`): the
   * service may have the file all the same, so it does not read "Failed".
   */
  unconfirmed?: boolean | undefined
  /** The uploaded file, once done. */
  result?: FileResource | undefined
}

/** Props of {@link FileUploader}; other props go to the root `div`. */
export interface FileUploaderProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Accepted types: MIME types (`image/png`), wildcards (`image/*`) or extensions (`.pdf`). @default any */
  accept?: readonly string[] | undefined
  /** Largest file in bytes. @default no limit (the service's own applies) */
  maxSize?: number | undefined
  /** Allow several files at once. @default true */
  multiple?: boolean | undefined
  /** Metadata stored with every uploaded file. */
  metadata?: Record<string, string> | undefined
  /** Called with each file once it is uploaded. */
  onUploaded?: ((file: FileResource) => void) | undefined
  /**
   * Keep finished uploads in the list, saying "Uploaded". `false` drops each one as it finishes,
   * for hosts that show uploaded files elsewhere (GroupEditor lists them in the group). @default true
   */
  keepUploaded?: boolean | undefined
  /**
   * Called with how many files are uploading or waiting to, when that number changes: a form
   * around the uploader can wait for them (GroupEditor does not save a group while it is above 0).
   */
  onPendingChange?: ((pending: number) => void) | undefined
  /**
   * Sends no new upload: the file input is disabled, a drop is refused (not opened by the
   * browser) and "Try again" does nothing. Uploads already on their way go on. @default false
   */
  disabled?: boolean | undefined
}

const matches = (file: File, accept: readonly string[]) =>
  accept.some((rule) =>
    rule.startsWith('.')
      ? file.name.toLowerCase().endsWith(rule.toLowerCase())
      : rule.endsWith('/*')
        ? file.type.startsWith(rule.slice(0, -1))
        : file.type === rule,
  )

/**
 * The service refused the file, or what the token may do: sending it again gets the same answer.
 * Not a 401: a token function renewed after onAuthError sends the next try with the new token.
 */
const refusesFile = (error: unknown) =>
  isFileServiceError(error) && [400, 403, 413, 415, 422].includes(error.status)

/**
 * A drop zone and file input; several uploads at once, each with progress, cancel and retry.
 * Removed from the page, it cancels the uploads it still has running or waiting (hidden by a
 * React `<Activity>` too, which runs the same cleanup: they read "Canceled", with "Try again").
 * Under another token's cache scope it starts empty: the last token's uploads are canceled, and
 * none of them is sent with the new token or reported through `onUploaded`.
 */
export const FileUploader = withRef(function FileUploader({
  accept,
  maxSize,
  multiple = true,
  metadata,
  onUploaded,
  keepUploaded = true,
  onPendingChange,
  disabled,
  className,
  ...rest
}: FileUploaderProps) {
  const t = useText(text)
  const { locale, scope } = useFileService()
  // Only the stable `mutateAsync`: the hook's result holds its last variables, whose onProgress
  // closes over the render that made it, which held the result before: every File ever sent.
  const { mutateAsync: send } = useUploadFile()
  // Offline, TanStack holds an upload until the network is back (and lets it go on then).
  const online = useOnline()
  const inputId = useId()
  const [items, setItems] = useState<UploadItem[]>([])
  const [announcement, announce] = useAnnouncement()
  const [isDragging, setDragging] = useState(false)
  const controllers = useRef(new Map<string, AbortController>())
  const counter = useRef(0)
  // Cancel, Try again and Remove vanish once pressed (Cancel also when the upload ends): the
  // keyboard moves to what replaces them (the item's Try again, Cancel or Remove), to the next
  // item's Remove, or to the file input.
  const list = useRef<HTMLUListElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const focusAfter = useFocusAfterRender(
    (target: { key: string; control: 'cancel' | 'retry' | 'remove' }) => {
      const item = list.current?.querySelector(`[data-key="${target.key}"]`)
      return (
        item?.querySelector<HTMLElement>(`[data-control="${target.control}"]`) ??
        item?.querySelector<HTMLElement>('button') ??
        input.current
      )
    },
  )
  /** When an upload ends with the keyboard on its Cancel button, moves it to what replaces it. */
  const refocus = (key: string, control: 'retry' | 'remove') => {
    const item = list.current?.querySelector(`[data-key="${key}"]`)
    if (item?.contains(focusedIn(item))) focusAfter({ key, control })
  }
  // An upload ends renders after it began, and a queued one starts then: each reads the host's
  // latest onUploaded and keepUploaded, not those of the render it began in.
  const uploaded = useLatest(onUploaded)
  const keep = useLatest(keepUploaded)
  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))

  // Files waiting for a free upload slot, in the order chosen.
  // Each with the metadata of when it was chosen (or tried again): one choice, one metadata.
  const queue = useRef<{ key: string; file: File; meta: typeof metadata }[]>([])
  const start = (key: string, file: File, meta = metadata) => {
    if (controllers.current.size >= maxUploadsAtOnce) {
      queue.current.push({ key, file, meta })
      return update(key, { status: 'queued', loaded: 0, message: undefined })
    }
    const controller = new AbortController()
    controllers.current.set(key, controller)
    update(key, { status: 'uploading', loaded: 0, total: file.size, message: undefined })
    // Cut off as the network went, before all of it was sent (the service can't have the file):
    // sent again once the network is back, as one chosen offline. (Through fetch, which tells no
    // progress, "all sent" is never known; offline, a browser uploads through XHR.)
    let sentAll = false
    let again = false
    // What is shown moves by whole percents: WebKit tells progress thousands of times in a large
    // upload (Chromium every 50 ms), and a render for each held the page for half a second.
    let shown = -1
    send({
      file,
      name: file.name,
      metadata: meta,
      signal: controller.signal,
      onProgress: ({ loaded, total }) => {
        total ||= file.size
        sentAll = loaded >= total
        const percent = sentAll ? 100 : Math.floor((loaded / total) * 100)
        if (percent !== shown) update(key, { loaded, total })
        shown = percent
      },
    })
      .then((result) => {
        if (controllers.current.get(key) !== controller) return
        refocus(key, 'remove')
        if (keep.current) update(key, { status: 'done', loaded: file.size, result })
        else setItems((list) => list.filter((item) => item.key !== key))
        uploaded.current?.(result)
      })
      .catch((error: unknown) => {
        // A later attempt (Try again) or a cancel has already said what became of this one.
        if (controllers.current.get(key) !== controller) return
        again = isNetworkError(error) && !sentAll && !onlineManager.isOnline()
        if (again) return
        const canceled = error instanceof DOMException && error.name === 'AbortError'
        const retryable = canceled || !refusesFile(error)
        refocus(key, retryable ? 'retry' : 'remove')
        update(
          key,
          canceled
            ? { status: 'canceled' }
            : {
                status: 'failed',
                // With no token there is no "this token" to speak of.
                message:
                  error instanceof AuthError && scope.startsWith('anonymous:')
                    ? t('uploader.needsToken')
                    : errorText(error, t),
                retryable,
                unconfirmed: isUnconfirmed(error),
              },
        )
      })
      .finally(() => {
        if (controllers.current.get(key) === controller) controllers.current.delete(key)
        // Its own slot again, not the next one's.
        if (again) return latestStart.current(key, file, meta)
        const next = queue.current.shift()
        if (next) latestStart.current(next.key, next.file, next.meta)
      })
  }
  const latestStart = useLatest(start)
  // Files chosen under one token are its user's: under another token's scope (another user,
  // maybe) the list goes, and what was waiting or on its way is canceled, so none of it is sent
  // with the next token or reported to the host under it. A token function's rotation keeps
  // its scope, and the uploads.
  useResetOn(scope, () => setItems([]))
  const endedFor = useRef(scope)
  useEffect(() => {
    if (endedFor.current === scope) return
    endedFor.current = scope
    queue.current = []
    for (const controller of controllers.current.values()) controller.abort()
    // Their answers, even one already on its way back, are nobody's now.
    controllers.current.clear()
  }, [scope])

  const add = (files: FileList | File[], folders: boolean[] = []) => {
    // Several files dropped on a single-file uploader: the first is taken, the rest said so.
    const added = [...files].map((file, i): UploadItem => {
      const key = `u${++counter.current}`
      const refusal =
        !multiple && i
          ? t('uploader.oneFile')
          : folders[i]
            ? t('uploader.folder')
            : !file.size
              ? t('uploader.empty')
              : maxSize !== undefined && file.size > maxSize
                ? t('uploader.tooLarge', { max: formatSize(maxSize, locale) })
                : accept?.length && !matches(file, accept)
                  ? t('uploader.wrongType', { accept: accept.join(', ') })
                  : null
      return {
        key,
        file,
        status: refusal ? 'rejected' : 'uploading',
        loaded: 0,
        total: file.size,
        ...(refusal && { message: refusal }),
      }
    })
    setItems((list) => [...list, ...added])
    const sent = added.filter((item) => item.status === 'uploading')
    for (const item of sent) start(item.key, item.file)
    // Each item's own status region appears with its item, too late to be read out: the
    // uploader's says what began (a refused file has its own alert).
    if (sent.length)
      announce(
        sent.length === 1
          ? t('uploader.startedOne', { name: shownName(sent[0]!.file.name) })
          : t('uploader.started', { count: sent.length }),
      )
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    const { files, items } = event.dataTransfer
    // A dropped folder comes as a File that can't be read (its upload would fail as if the
    // service were unreachable): its item's entry says it is a folder. The file items are in
    // the order of `files`.
    const folders = [...items]
      .filter((item) => item.kind === 'file')
      .map((item) => !!item.webkitGetAsEntry()?.isDirectory)
    if (files.length) add(files, folders)
  }
  // Removed from the page, it ends its uploads: nobody could see, cancel or retry them any more.
  // Hidden by an <Activity> it is kept: those still waiting read "Canceled" too, with Try again.
  useEffect(
    () => () => {
      queue.current = []
      for (const controller of controllers.current.values()) controller.abort()
      setItems((list) =>
        list.map((item) => (item.status === 'queued' ? { ...item, status: 'canceled' } : item)),
      )
    },
    [],
  )
  const pending = items.filter((item) => item.status === 'uploading' || item.status === 'queued').length
  useReportChange(pending, onPendingChange)

  // The same object for every render: an item renders again only when it, the network or
  // `disabled` changes, not at every other item's progress event.
  const actions = useLatest<ItemActions>({
    cancel: (item) => {
      // Canceled at once: a queued upload, or one held offline, has no request to abort yet.
      queue.current = queue.current.filter((q) => q.key !== item.key)
      controllers.current.get(item.key)?.abort()
      controllers.current.delete(item.key)
      focusAfter({ key: item.key, control: 'retry' })
      update(item.key, { status: 'canceled' })
    },
    retry: (item) => {
      if (disabled) return
      focusAfter({ key: item.key, control: 'cancel' })
      start(item.key, item.file)
    },
    remove: (item) => {
      const at = items.findIndex((i) => i.key === item.key)
      const neighbour = items[at + 1] ?? items[at - 1]
      focusAfter({ key: neighbour?.key ?? '', control: 'remove' })
      setItems((list) => list.filter((i) => i.key !== item.key))
    },
  })

  const dragOver = (e: DragEvent) => {
    // Only files: a row dragged in GroupEditor, or selected text, is not something to upload.
    if (!e.dataTransfer.types.includes('Files')) return
    // Disabled, a drop is still taken here (the browser would open the file in the tab),
    // and shown as not possible.
    e.preventDefault()
    if (disabled) e.dataTransfer.dropEffect = 'none'
    else setDragging(true)
  }

  return (
    <div
      {...rest}
      data-slot="file-uploader"
      data-disabled={disabled || undefined}
      className={cx('fk-root fk-uploader', className)}
    >
      <section
        aria-label={t('uploader.drop')}
        data-slot="dropzone"
        data-dragging={isDragging || undefined}
        className="fk-dropzone"
        onDragOver={dragOver}
        // Asked too when the pointer crosses into the zone or a part of it (Chromium and WebKit
        // send dragover only at its next move): a file dropped at once lands, not in the tab.
        onDragEnter={dragOver}
        // Moving onto the text inside the zone leaves the zone itself: not a real leave.
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
      >
        <p aria-hidden="true">{t('uploader.drop')}</p>
        {/* The input before its label: styles.css hides the input's own button and "No file
            chosen" (in the browser's language, not the host's) and draws its focus on the label. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple={multiple}
          disabled={disabled}
          accept={accept?.join(',')}
          onChange={(e) => {
            if (e.target.files?.length) add(e.target.files)
            e.target.value = '' // choosing the same file again still triggers a change
          }}
        />{' '}
        <label htmlFor={inputId} className="fk-button">
          {t('uploader.choose')}
        </label>{' '}
        {/* Said while they are on their way: "Uploading 2 files." is not left behind once they are done. */}
        <span role="status" data-slot="upload-announcer">
          {pending > 0 && announcement}
        </span>
      </section>
      {items.length > 0 && (
        <ul ref={list} aria-label={t('uploader.list')} data-slot="upload-list">
          {items.map((item) => (
            <Item
              key={item.key}
              item={item}
              // Only an upload says the network is gone: the others stay as drawn.
              online={online || item.status !== 'uploading'}
              disabled={disabled}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </div>
  )
})

interface ItemActions {
  cancel: (item: UploadItem) => void
  retry: (item: UploadItem) => void
  remove: (item: UploadItem) => void
}

/** One file in the uploader's list: name, size, progress, status, and Cancel, Try again or Remove. */
const Item = memo(function Item({
  item,
  online,
  disabled,
  actions,
}: {
  item: UploadItem
  online: boolean
  disabled: boolean | undefined
  actions: RefObject<ItemActions>
}) {
  const t = useText(text)
  const { locale } = useFileService()
  const name = shownName(item.file.name)
  const { status, loaded, total } = item
  // Every byte sent is not stored yet: the service answers once it has kept the file.
  const finishing = status === 'uploading' && loaded >= total
  // The percent while it is sent, outside the live region (not read out at each step); "Sent,
  // waiting for the service" is a state of its own, read out.
  const sending = status === 'uploading' && (online || loaded > 0) && !finishing
  const statusLine =
    status === 'queued'
      ? t('uploader.queued')
      : status === 'uploading'
        ? !online && !loaded
          ? t('offline')
          : finishing
            ? t('uploader.finishing')
            : t('uploader.uploading', { percent: formatPercent(total ? loaded / total : 0, locale) })
        : status === 'done'
          ? t('uploader.done')
          : status === 'canceled'
            ? t('uploader.canceled')
            : status === 'failed' && !item.unconfirmed
              ? t('uploader.failed', { message: item.message ?? '' })
              : (item.message ?? '')
  // Cancel, Try again or Remove: "Cancel x.png" to a screen reader.
  const control = (action: keyof ItemActions, off?: boolean) => (
    <button
      type="button"
      className="fk-button"
      aria-label={t(`uploader.${action}File`, { name })}
      data-control={action}
      aria-disabled={off || undefined}
      onClick={() => actions.current[action](item)}
    >
      {t(action)}
    </button>
  )
  return (
    <li data-key={item.key} data-slot="upload-item" data-status={status}>
      <bdi data-slot="upload-name">{name}</bdi> <span>{formatSize(item.file.size, locale)}</span>{' '}
      {status === 'uploading' && (
        <progress
          max={total || 1}
          // Indeterminate while the service stores what was sent.
          value={finishing ? undefined : loaded}
          aria-label={t('uploader.progress', { name })}
        />
      )}{' '}
      {/* Live: each change of state ("Uploaded", "Failed: …", offline). Not the percent,
          which would be read out at every progress event; the progress bar has it. */}
      <span role={status === 'failed' || status === 'rejected' ? 'alert' : 'status'}>
        {!sending && statusLine}
      </span>
      {sending && statusLine} {(status === 'uploading' || status === 'queued') && control('cancel')}
      {(status === 'canceled' || (status === 'failed' && item.retryable !== false)) &&
        // Disabled, it sends nothing, Try again included. Not `disabled`: Chromium would drop
        // the keyboard on it to the page body.
        control('retry', disabled)}
      {status !== 'uploading' && status !== 'queued' && control('remove')}
    </li>
  )
})
