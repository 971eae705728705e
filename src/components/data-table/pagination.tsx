/** Paging: the range shown ("41–60 of 1,234"), previous/next links (the page lives in the URL), and the page size. */
import { useId, type ChangeEvent } from 'react';
import { useWords } from '../../lib/i18n/react';
import { Link, type To } from 'react-router-dom';
import { formatNumber } from '../../lib/format';
import type { PageInfo } from './paging';
import './data-table.css';
import './list-section';

type RangeProps = { info: PageInfo; total: number | undefined };

/** "41–60 of 1,234" (or "41–60" when the service sends no total), numbers in the agent's language. */
export function PageRange({ info, total }: RangeProps) {
  // formatNumber follows the active language; useWords re-renders this when it changes.
  const t = useWords();
  const from = formatNumber(info.from);
  const to = formatNumber(info.to);
  return (
    <>
      {total === undefined
        ? t('list.rangeUnknownTotal', { from, to })
        : t('list.range', { from, to, total: formatNumber(total) })}
    </>
  );
}

type Props = {
  info: PageInfo;
  /** Where the link to the page starting at `offset` goes (the list's URL with that page). */
  linkTo: (offset: number) => To;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSizeChange: (pageSize: number) => void;
};

export function Pagination({ info, linkTo, pageSize, pageSizes, onPageSizeChange }: Props) {
  const t = useWords();
  const sizeId = useId();
  const page = formatNumber(info.page);
  return (
    <div className="pagination">
      <nav aria-label={t('list.pagination')}>
        <ul className="pagination__list">
          {info.previousOffset !== undefined ? (
            <li>
              {/* The name says "page" too; it starts with the visible word, so speech control finds it (WCAG 2.5.3). */}
              <Link to={linkTo(info.previousOffset)} rel="prev" className="pagination__link" aria-label={t('list.previousLabel')}>
                <span aria-hidden="true">← </span>
                {t('list.previous')}
              </Link>
            </li>
          ) : null}
          <li className="pagination__page">
            {info.pageCount === undefined
              ? t('list.page', { page })
              : t('list.pageOf', { page, pages: formatNumber(info.pageCount) })}
          </li>
          {info.nextOffset !== undefined ? (
            <li>
              <Link to={linkTo(info.nextOffset)} rel="next" className="pagination__link" aria-label={t('list.nextLabel')}>
                {t('list.next')}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="pagination__size">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onPageSizeChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {formatNumber(size)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
