'use client'
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { useInsertionEffect, useRef } from 'react'
import { AuthError } from '../../api/errors.js'
import { useFileService } from '../../provider/context.js'
import type { PaginationProps } from './Pagination.js'
import { useControllableState } from './useControllableState.js'
import { useResetOn } from './useResetOn.js'
import type { FetchState } from './waitingText.js'

/** Paging props of {@link FileList} and {@link GroupList}: the page and page size, the host's or their own. */
export interface ListPagingProps {
  /**
   * The page shown (controlled), e.g. `?page=` in the URL: given with `onPageChange`, the list
   * shows the page the host says, so Back and Forward move it (without moving the keyboard).
   * A page that is not a whole number from 1 (a URL's `0`, `2.5`, `NaN` from "abc") shows the
   * nearest page, and `onPageChange` tells it; a page past the last is told as the last, which
   * the list shows once the host gives it (until then, that page's rows: none).
   */
  page?: number | undefined
  /** First page shown (uncontrolled; the last one when there are fewer pages), e.g. the page a host returns to. @default 1 */
  defaultPage?: number | undefined
  /**
   * Called when the page changes: the user's move, or the list's correction (`isCorrection`) of a
   * page past the last or not a page at all. Keeping the page in the URL, push the user's moves
   * and replace corrections, or Back lands on the wrong page again.
   */
  onPageChange?: ((page: number, details: { isCorrection: boolean }) => void) | undefined
  /** Rows per page (controlled), e.g. `?size=` in the URL, given with `onPageSizeChange`; not a whole number from 1: 20. */
  pageSize?: number | undefined
  /** Rows per page at first (uncontrolled). @default 20 */
  defaultPageSize?: number | undefined
  /** Called with the page size the user chose, after the list went back to page 1 (said through `onPageChange` first). */
  onPageSizeChange?: ((size: number) => void) | undefined
  /**
   * The choices of the Per page select; none (`[]`) shows no select: the real service answers 20
   * rows a page whatever is asked (the emulator honours the size asked, 1 to 100). The select
   * shows the size the service answered with. @default [10, 20, 50, 100]
   */
  pageSizeOptions?: readonly number[] | undefined
}

/**
 * Page and page size of a paginated list, and the props its Pagination needs once the page
 * is known; `otherProps` are the list's props less the paging ones. Each is the host's while
 * given (`page`, `pageSize`: Back and Forward in a router move the list), else its own. A new
 * page size goes back to page 1; another list (a FileList given another group, another project,
 * or another token's: the next user's) starts at the default page, unless the host owns the page.
 */
export function usePaging<P extends ListPagingProps>(
  {
    page: pageProp,
    defaultPage = 1,
    onPageChange,
    pageSize: pageSizeProp,
    defaultPageSize = 20,
    onPageSizeChange,
    pageSizeOptions,
    ...otherProps
  }: P,
  group?: string,
) {
  const { scope, projectId } = useFileService()
  const list = `${scope} ${projectId} ${group}`
  const [asked, , setPage] = useControllableState(pageProp, defaultPage, onPageChange)
  const [size, setPageSize] = useControllableState(pageSizeProp, defaultPageSize, onPageSizeChange)
  // A page or size from a URL may be anything (0, -1, 2.5, NaN from "abc"): never sent as it is,
  // the page becomes the nearest there is (told to the host, below) and the size the default.
  const page = whole(asked, 1)
  const pageSize = whole(size, 20)
  useResetOn(list, () => setPage(defaultPage))
  // The host hears of a page moved to, not of one it is already on (a page size chosen on page 1),
  // and whether the list corrected the page (a router then replaces the URL: pushing it would
  // make Back land on the wrong page again, to be corrected and pushed again).
  const changePage = (next: number, isCorrection = false) => {
    setPage(next)
    if (next !== asked) onPageChange?.(next, { isCorrection })
  }
  /** From the page's query: the page shown, whether the next one loads, and what its fetch waits for. */
  const paginationProps = (
    query: FetchState & {
      data?: { page: number; pages: number; pageSize: number } | undefined
      isPlaceholderData: boolean
      isError: boolean
      refetch: () => unknown
    },
  ): Omit<PaginationProps, 'list'> => {
    const { page: shown, pages, pageSize: answered } = query.data!
    // A page past the last (its rows were removed since, or the page given was too far) would
    // show an empty table: the last page instead. Judged by the page shown, so rows kept from
    // another page (while this one loads, or after it failed) never move it.
    const to = shown > pages && pages ? pages : page
    return {
      page: shown,
      pages,
      // The size of the rows shown (a service may answer with its own), but the one asked for while it loads.
      pageSize: query.isPlaceholderData ? pageSize : answered,
      pageSizes: pageSizeOptions,
      correction: to !== asked && to,
      isBusy: query.isPlaceholderData,
      fetching: query,
      ...(page !== shown && { loadingPage: page }),
      // A page that failed to load stays the one asked for (the host was told): its button, pressed
      // again from the page still shown, asks again instead of moving to where the list already is.
      onPageChange: (next, isCorrection) =>
        next === page && query.isError ? void query.refetch() : changePage(next, isCorrection),
      // Page 1 is told first: a router's setter that does not build on a call made in the same
      // event (React Router's setSearchParams) writes both in onPageSizeChange, which comes last.
      // The size asked for already (a service that answers its own, shown instead): nothing to tell.
      onPageSizeChange: (size) => {
        if (size === pageSize) return
        changePage(1)
        setPageSize(size)
      },
    }
  }
  return { page, pageSize, paginationProps, otherProps }
}

/** `n` as a whole number from 1 (at most 2³¹ − 1: past the last page, the list corrects it), else `or`. */
const whole = (n: number, or: number) => (n >= 1 ? Math.floor(Math.min(n, 2 ** 31 - 1)) : or)

/**
 * The query as shown: its page, or, when moving to another page failed, the last page shown of
 * the same list. Its rows and pagination stay (and the keyboard on the button pressed), and the
 * table says under them that loading failed, with "Try again". A refused token shows nothing.
 * The same list is the same query key but for its page params (the last part): another token
 * scope, project or group never shows the page the last one had.
 */
export function useShownPage<Q extends { data?: unknown; isError: boolean; error: unknown }>(
  query: Q,
  queryKey: QueryKey,
): Q {
  const list = hashKey(queryKey.slice(0, -1))
  // The last page committed: not one of a render React keeps pending or throws away (another
  // group's list, opened in a transition that waits). See useLatest.
  const last = useRef<{ list?: string; data?: Q['data'] }>({})
  useInsertionEffect(() => {
    if (query.data !== undefined) last.current = { list, data: query.data }
  })
  const kept =
    query.data === undefined &&
    query.isError &&
    !(query.error instanceof AuthError) &&
    last.current.list === list
  // The query itself, or one that reads through to it: TanStack renders a component again only
  // for the fields it read, and a copy ({ ...query }) reads them all (isStale, fetchStatus,
  // dataUpdatedAt): every refetch would render the page again, its data unchanged.
  return kept ? Object.create(query, { data: { value: last.current.data } }) : query
}
