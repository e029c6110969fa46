'use client'
import { type ComponentProps, Fragment, type ReactNode } from 'react'
import type { Group } from '../../api/types.js'
import { fileServiceKeys } from '../../hooks/fileServiceKeys.js'
import type { PollingOptions } from '../../hooks/policy.js'
import { useGroups } from '../../hooks/queries.js'
import { useFileService } from '../../provider/context.js'
import { listMessages, statusMessages } from '../../provider/messages.js'
import { cx } from '../shared/cx.js'
import { formatNumber } from '../shared/format.js'
import { PagedTable } from '../shared/PagedTable.js'
import { QueryState, useStaysForbidden, viewState } from '../shared/QueryState.js'
import { statusText } from '../shared/statusText.js'
import { type ListPagingProps, usePaging, useShownPage } from '../shared/usePaging.js'
import { useText } from '../shared/useText.js'
import { withRef } from '../shared/withRef.js'

const text = { ...listMessages, ...statusMessages }

/** Props of {@link GroupList}; other props go to the root `div`. */
export interface GroupListProps
  extends Omit<ComponentProps<'div'>, 'children' | 'onSelect'>,
    ListPagingProps {
  /** Called when a group's Open button is pressed, or its link (`getHref`) clicked as it is. */
  onSelect?: ((group: Group) => void) | undefined
  /**
   * Renders the group id as a link to this address. With `onSelect` too, a plain click on it calls
   * `onSelect` instead of loading the page (a client router navigates there); a click with a
   * modifier key (a new tab or window) still follows the link.
   */
  getHref?: ((group: Group) => string) | undefined
  /** More in each row's Actions cell, after Open (e.g. a Delete button using `useDeleteGroup`). */
  renderActions?: ((group: Group) => ReactNode) | undefined
  /** Accessible name of the table. @default messages['groups.label'] */
  label?: string | undefined
  /** How the page is refreshed while a group on it is `pending`. */
  polling?: PollingOptions | undefined
}

/**
 * The file count encoded in a ready group's uuid (`<uuid>~<count>`), as the locale writes it. A
 * pending group has none yet (null until its first build), or the last build's, which an update
 * has made stale: '—'.
 */
const fileCount = (group: Group, locale?: string) => {
  const count = Number(group.uuid?.split('~')[1])
  return group.status === 'ready' && Number.isInteger(count) ? formatNumber(count, locale) : '—'
}

/**
 * The project's groups (needs the secret key), paginated, with status and file count; refreshed
 * while a group on the page is `pending`.
 */
export const GroupList = withRef(function GroupList({
  onSelect,
  getHref,
  renderActions,
  label,
  polling,
  className,
  ...props
}: GroupListProps) {
  const t = useText(text)
  const { page, pageSize, paginationProps, otherProps: rest } = usePaging(props)
  const ctx = useFileService()
  const query = useGroups({ page, items: pageSize }, polling)
  const queryKey = fileServiceKeys.groupList(ctx, { page, items: pageSize })
  const shown = useShownPage(query, queryKey)
  const data = shown.data
  const state = useStaysForbidden(viewState(shown, data?.count === 0), shown, queryKey)
  const tableLabel = label ?? t('groups.label')
  return (
    <div
      {...rest}
      data-slot="group-list"
      data-state={state}
      className={cx('fk-root fk-group-list', className)}
    >
      {state !== 'ready' ? (
        <QueryState state={state} query={query} emptyText={t('groups.empty')} needsSecretKey />
      ) : (
        <PagedTable
          label={tableLabel}
          pagination={paginationProps(shown)}
          query={query}
          polled={{ queryKey, maxWait: polling?.maxWait }}
          head={
            <>
              <th scope="col">{t('column.name')}</th>
              <th scope="col">{t('column.files')}</th>
              <th scope="col">{t('column.status')}</th>
              {(onSelect || renderActions) && (
                <th scope="col" data-slot="row-actions">
                  {t('column.actions')}
                </th>
              )}
            </>
          }
          rows={data!.data.map((group) => (
            <tr key={group.id} data-slot="group-row" data-status={group.status}>
              <td>
                {getHref ? (
                  <a
                    href={getHref(group)}
                    onClick={(e) => {
                      if (onSelect && !(e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey)) {
                        e.preventDefault()
                        onSelect(group)
                      }
                    }}
                  >
                    {group.id}
                  </a>
                ) : (
                  group.id
                )}
              </td>
              <td>{fileCount(group, ctx.locale)}</td>
              <td data-status={group.status}>{statusText(group.status, t)}</td>
              {(onSelect || renderActions) && (
                <td data-slot="row-actions">
                  {onSelect && (
                    <button
                      type="button"
                      className="fk-button"
                      aria-label={t('groups.open', { id: group.id })}
                      onClick={() => onSelect(group)}
                    >
                      {t('open')}
                    </button>
                  )}{' '}
                  <Fragment key={group.id}>{renderActions?.(group)}</Fragment>
                </td>
              )}
            </tr>
          ))}
        />
      )}
    </div>
  )
})
