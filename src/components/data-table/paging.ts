/** Paging arithmetic from offset, page size and the service's counts: which rows are shown, and where the links go. */

export type PageInput = {
  offset: number;
  pageSize: number;
  /** All matching rows (`X-Total-Count`); undefined when the service does not say. */
  total: number | undefined;
  /** Rows in this page as received. */
  rowCount: number;
};

export type PageInfo = {
  /** 1-based number of the first and last row shown; both 0 when the page is empty. */
  from: number;
  to: number;
  /** 1-based page number, and the number of pages when the total is known (at least 1). */
  page: number;
  pageCount: number | undefined;
  previousOffset: number | undefined;
  nextOffset: number | undefined;
  /** Offset of the last page when the total is known. */
  lastOffset: number | undefined;
};

export function pageInfo({ offset, pageSize, total, rowCount }: PageInput): PageInfo {
  const page = Math.floor(offset / pageSize) + 1;
  const from = rowCount > 0 ? offset + 1 : 0;
  const to = rowCount > 0 ? offset + rowCount : 0;
  const pageCount = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const lastOffset = pageCount === undefined ? undefined : (pageCount - 1) * pageSize;
  // Without a total, a full page suggests there may be more; a short one is the end.
  const hasNext = total === undefined ? rowCount >= pageSize : offset + pageSize < total;
  return {
    from,
    to,
    page,
    pageCount,
    previousOffset: offset > 0 ? Math.max(0, offset - pageSize) : undefined,
    nextOffset: hasNext ? offset + pageSize : undefined,
    lastOffset,
  };
}
