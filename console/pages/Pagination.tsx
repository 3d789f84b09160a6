import { useId } from 'react';
import { pageCount } from '../../engine/pages/list-state';

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
    <nav className="page-pagination" aria-label="Pagination">
      <span aria-live="polite">
        {fmt.format(first)}–{fmt.format(last)} of {fmt.format(total)}
      </span>
      <label htmlFor={id}>Rows per page</label>
      <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <button type="button" className="fc-btn" onClick={() => onPage(1)} disabled={page <= 1}>
        First page
      </button>
      <button type="button" className="fc-btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous page
      </button>
      <span>
        Page {fmt.format(Math.min(page, pages))} of {fmt.format(pages)}
      </span>
      <button type="button" className="fc-btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next page
      </button>
      <button type="button" className="fc-btn" onClick={() => onPage(pages)} disabled={page >= pages}>
        Last page
      </button>
    </nav>
  );
}
