'use client'
import { useQuery } from '@tanstack/react-query'
import {
  type ComponentProps,
  Fragment,
  memo,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
import type { FileResource } from '../../api/types.js'
import type { PollingOptions } from '../../hooks/policy.js'
import { filesQueryOptions, groupFilesQueryOptions, type QueryContext } from '../../hooks/queryOptions.js'
import { useFileService } from '../../provider/context.js'
import { listMessages, statusMessages } from '../../provider/messages.js'
import { cx } from '../shared/cx.js'
import { formatDate, formatSize, shownName } from '../shared/format.js'
import { PagedTable } from '../shared/PagedTable.js'
import { QueryState, useStaysForbidden, viewState } from '../shared/QueryState.js'
import { statusText } from '../shared/statusText.js'
import { useControllableState } from '../shared/useControllableState.js'
import { useLatest } from '../shared/useLatest.js'
import { useOnline } from '../shared/useOnline.js'
import { type ListPagingProps, usePaging, useShownPage } from '../shared/usePaging.js'
import { useReportChange } from '../shared/useReportChange.js'
import { useResetOn } from '../shared/useResetOn.js'
import { useText } from '../shared/useText.js'
import { withRef } from '../shared/withRef.js'

const text = { ...listMessages, ...statusMessages }

/** Props of {@link FileList}; other props go to the root `div`. */
export interface FileListProps extends Omit<ComponentProps<'div'>, 'children'>, ListPagingProps {
  /** Show this group's files (in the group's order) instead of the project's files. Another group starts at `defaultPage` (a controlled `page` stays the host's). */
  groupId?: string | undefined
  /** Selected file ids (controlled). Giving this, `defaultSelectedIds` or `onSelectedIdsChange` adds a select column. */
  selectedIds?: readonly string[] | undefined
  /** Initially selected file ids (uncontrolled); another `groupId` starts with them again (told through `onSelectedIdsChange` when that changes the selection). */
  defaultSelectedIds?: readonly string[] | undefined
  /** Called with the new selection. */
  onSelectedIdsChange?: ((ids: string[]) => void) | undefined
  /**
   * Extra cells at the end of each row (buttons, links). A row renders again when its file, its
   * selection or this function changes: give the same function at each render (`useCallback`, or
   * one outside the component), or every row renders again whenever the host does.
   */
  renderActions?: ((file: FileResource) => ReactNode) | undefined
  /** Accessible name of the table. @default messages['files.label'] */
  label?: string | undefined
  /** How the page is refreshed while a file on it is not final (a conversion, an upload from a URL). */
  polling?: PollingOptions | undefined
}

/**
 * A page of a group's files, or of the project's: one of two queries of the same data, typed as
 * one (only their keys' types differ).
 */
const pageOptions = (
  ctx: QueryContext,
  groupId: string | undefined,
  params: { page: number; items: number },
  polling?: PollingOptions,
) =>
  (groupId
    ? groupFilesQueryOptions(ctx, groupId, params, polling)
    : filesQueryOptions(ctx, params, polling)) as ReturnType<typeof filesQueryOptions>

/** Keeps the requested page while the data for it loads, the previous page visible meanwhile. */
function useFilePage(
  groupId: string | undefined,
  page: number,
  items: number,
  polling: PollingOptions | undefined,
) {
  const ctx = useFileService()
  const options = pageOptions(ctx, groupId, { page, items }, polling)
  const query = useQuery(options, ctx.queryClient)
  const pages = query.data?.pages
  // The next page once per page shown and client (another token's), not at every render of the
  // provider: its value changes with, say, an inline `messages` object.
  const latest = useLatest(ctx)
  const { client, queryClient } = ctx
  useEffect(() => {
    if (pages !== undefined && page < pages) {
      void queryClient.prefetchQuery(
        pageOptions({ ...latest.current, client }, groupId, { page: page + 1, items }),
      )
    }
  }, [client, queryClient, groupId, page, pages, items])
  return { query, queryKey: options.queryKey }
}

/**
 * A page of files with thumbnails, status and size; optional selection and row actions. While a
 * file on the page is not final the page is refreshed (backed off, never in a hidden tab).
 */
export const FileList = withRef(function FileList({
  groupId,
  selectedIds,
  defaultSelectedIds,
  onSelectedIdsChange,
  renderActions,
  label,
  polling,
  className,
  ...props
}: FileListProps) {
  const t = useText(text)
  // After a thumbnail failed, the next page fetched (back online, the server back) renders new
  // image elements, which load again; while none failed, no image is ever loaded twice.
  const online = useOnline()
  const [thumbnailFailed, setThumbnailFailed] = useState(false)
  const [thumbnailRound, setThumbnailRound] = useState(0)
  // When the page shown was fetched, once a thumbnail failed: read only then (once read, TanStack
  // renders the list again at every fetch).
  const failedAt = useRef<number>(undefined)
  const { page, pageSize, paginationProps, otherProps: rest } = usePaging(props, groupId)
  const selectable =
    selectedIds !== undefined || defaultSelectedIds !== undefined || onSelectedIdsChange !== undefined
  // Readonly in, never changed in place: the ids a host gave may reach onSelectedIdsChange as given.
  const initial = (defaultSelectedIds ?? []) as string[]
  const [selected, setSelected, setOwnSelected] = useControllableState(
    selectedIds as string[] | undefined,
    initial,
    onSelectedIdsChange,
  )
  // Another group's list starts with the default selection, as it starts on the default page:
  // files picked in the last group, no longer in view, must not stay picked for a bulk action.
  // Reset while rendering, so the new group's rows never show the last one's for a render; the
  // host hears of it after (not while rendering), and only if it changed. A controlled selection
  // is the host's to keep or clear.
  // [the reset to tell the host], a new box at each group.
  const [reset, setReset] = useState<[(string[] | undefined)?]>([])
  useResetOn(`${groupId}`, () => {
    const to = selectedIds === undefined && `${selected}` !== `${initial}` ? initial : undefined
    setReset([to])
    if (to) setOwnSelected(to)
  })
  // Told once per reset: not again when an <Activity> shows the list again (the effect runs again).
  useReportChange(reset, ([to]) => to && onSelectedIdsChange?.(to), reset)
  const { query, queryKey } = useFilePage(groupId, page, pageSize, polling)
  if (thumbnailFailed) failedAt.current ??= query.dataUpdatedAt
  const fetchedSince = thumbnailFailed && query.dataUpdatedAt !== failedAt.current
  // biome-ignore lint/correctness/useExhaustiveDependencies: not when one fails, but at the next page fetched or back online
  useEffect(() => {
    if (online && thumbnailFailed) {
      failedAt.current = undefined
      setThumbnailFailed(false)
      setThumbnailRound((round) => round + 1)
    }
  }, [online, fetchedSince])
  const tableLabel = label ?? t('files.label')
  const shown = useShownPage(query, queryKey)
  const data = shown.data
  const state = useStaysForbidden(viewState(shown, data?.count === 0), shown, queryKey)
  // One function for every render: the rows render again only for what they show.
  const toggle = useLatest((id: string) =>
    setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]),
  )

  return (
    <div {...rest} data-slot="file-list" data-state={state} className={cx('fk-root fk-file-list', className)}>
      {state !== 'ready' ? (
        <QueryState state={state} query={query} emptyText={t('files.empty')} needsSecretKey={!groupId} />
      ) : (
        <PagedTable
          label={tableLabel}
          pagination={paginationProps(shown)}
          query={query}
          polled={{ queryKey, maxWait: polling?.maxWait }}
          head={
            <>
              {selectable && (
                <th scope="col">
                  <SelectPage ids={data!.data.map((f) => f.id)} selected={selected} onChange={setSelected} />
                </th>
              )}
              <th scope="col">{t('column.preview')}</th>
              <th scope="col">{t('column.name')}</th>
              <th scope="col">{t('column.type')}</th>
              <th scope="col">{t('column.size')}</th>
              <th scope="col">{t('column.status')}</th>
              <th scope="col">{t('column.created')}</th>
              {renderActions && (
                <th scope="col" data-slot="row-actions">
                  {t('column.actions')}
                </th>
              )}
            </>
          }
          rows={data!.data.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              selected={selectable ? selected.includes(file.id) : undefined}
              thumbnailRound={thumbnailRound}
              renderActions={renderActions}
              toggle={toggle}
              onThumbnailFailed={setThumbnailFailed}
            />
          ))}
        />
      )}
    </div>
  )
})

/**
 * One file's row; rendered again only when its file (the same object while a refresh leaves it
 * as it was), its selection, `renderActions` or the thumbnails' round change.
 */
const FileRow = memo(function FileRow({
  file,
  selected,
  thumbnailRound,
  renderActions,
  toggle,
  onThumbnailFailed,
}: {
  file: FileResource
  /** Whether it is selected; undefined: no select column. */
  selected: boolean | undefined
  thumbnailRound: number
  renderActions: FileListProps['renderActions']
  toggle: RefObject<(id: string) => void>
  onThumbnailFailed: (failed: true) => void
}) {
  const t = useText(text)
  const { cdnUrl, locale, timeZone } = useFileService()
  return (
    <tr data-slot="file-row" data-status={file.status} data-selected={selected || undefined}>
      {selected !== undefined && (
        <td>
          <input
            type="checkbox"
            aria-label={t('selectFile', { name: shownName(file.originalName ?? file.id) })}
            checked={selected}
            onChange={() => toggle.current(file.id)}
          />
        </td>
      )}
      <td>
        {file.isImage && file.status === 'ready' ? (
          // A thumbnail that fails (offline, the CDN or the server gone) leaves the cell
          // blank, not a broken-image icon; new elements try again (see thumbnailRound).
          <img
            key={`${thumbnailRound} ${file.id}`}
            src={`${cdnUrl}/${encodeURIComponent(file.id)}/-/preview/96x96/`}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden'
              onThumbnailFailed(true)
            }}
          />
        ) : null}
      </td>
      <td data-slot="file-name">{file.originalName ? shownName(file.originalName) : t('unnamed')}</td>
      <td>{file.mime?.mime ?? '—'}</td>
      <td>{formatSize(file.size, locale)}</td>
      <td data-status={file.status}>{statusText(file.status, t)}</td>
      <td>{formatDate(file.createdAt, locale, timeZone)}</td>
      {renderActions && (
        <td data-slot="row-actions">
          <Fragment key={file.id}>{renderActions(file)}</Fragment>
        </td>
      )}
    </tr>
  )
})

/**
 * The select column's header: a checkbox for every file on the page (mixed when some are),
 * leaving the selection on other pages as it is.
 */
function SelectPage({
  ids,
  selected,
  onChange,
}: {
  ids: string[]
  selected: string[]
  onChange: (ids: string[]) => void
}) {
  const t = useText(listMessages)
  const count = ids.filter((id) => selected.includes(id)).length
  const all = count > 0 && count === ids.length
  return (
    <input
      type="checkbox"
      aria-label={t('column.select')}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = count > 0 && !all
      }}
      onChange={() =>
        onChange(all ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])])
      }
    />
  )
}
