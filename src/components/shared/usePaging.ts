'use client'
import { useState } from 'react'
import type { PaginationProps } from './Pagination.js'
import type { FetchState } from './waitingText.js'

/**
 * Page and page size of a paginated list, and the props its Pagination needs once the page
 * is known. A new page size goes back to page 1; another list (a FileList given another
 * group) starts at the default page.
 */
export function usePaging(
  defaultPage: number,
  defaultPageSize: number,
  onPageChange?: (page: number) => void,
  list?: string,
) {
  const [page, setPage] = useState(defaultPage)
  const [pageSize, setPageSize] = useState(defaultPageSize)
  const [paged, setPaged] = useState(list)
  if (paged !== list) {
    setPaged(list)
    setPage(defaultPage)
  }
  const changePage = (next: number) => {
    setPage(next)
    onPageChange?.(next)
  }
  /** From the page's query: the page shown, whether the next one loads, and what its fetch waits for. */
  const paginationProps = (
    query: FetchState & { data?: { page: number; pages: number }; isPlaceholderData: boolean },
  ): Omit<PaginationProps, 'list'> => ({
    page: query.data!.page,
    pages: query.data!.pages,
    pageSize,
    isBusy: query.isPlaceholderData,
    fetching: query,
    onPageChange: changePage,
    onPageSizeChange: (size) => {
      setPageSize(size)
      changePage(1)
    },
  })
  return { page, pageSize, paginationProps }
}
