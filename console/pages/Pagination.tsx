import { useId } from 'react';
import { pageCount } from '../../engine/pages/list-state';
import { t } from '../../engine/i18n/i18n';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function Pagination({ page, pageSize, total, pageSizes, onPage, onPageSize }: Props) {
  const id = useId();
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const fmt = new Intl.NumberFormat('en');
  return (
    <nav className="page-pagination" aria-label={t('Pagination')}>
      <span aria-live="polite">
        {t('{first}–{last} of {total}', { first: fmt.format(first), last: fmt.format(last), total: fmt.format(total) })}
      </span>
      <label htmlFor={id}>{t('Rows per page')}</label>
      <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <button type="button" className="fc-btn" onClick={() => onPage(1)} disabled={page <= 1}>
        {t('First page')}
      </button>
      <button type="button" className="fc-btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('Previous page')}
      </button>
      <span>{t('Page {page} of {pages}', { page: fmt.format(Math.min(page, pages)), pages: fmt.format(pages) })}</span>
      <button type="button" className="fc-btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('Next page')}
      </button>
      <button type="button" className="fc-btn" onClick={() => onPage(pages)} disabled={page >= pages}>
        {t('Last page')}
      </button>
    </nav>
  );
}
