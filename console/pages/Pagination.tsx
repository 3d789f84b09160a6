import { useId } from 'react';
import { pageCount, pageRange } from '../../engine/pages/list-state';
import { currentLanguage, t } from '../../engine/i18n/i18n';
import { IconButton } from '../../renderer/tooltip/IconButton';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** Whether the total is known (the server answered): until then no count is shown. */
  known?: boolean;
}

/** A compact pager: the range, the page size, and icon buttons named for screen readers and tooltips. */
export function Pagination({ page, pageSize, total, pageSizes, onPage, onPageSize, known = true }: Props) {
  const id = useId();
  const pages = pageCount(total, pageSize);
  const { first, last } = pageRange(page, pageSize, total);
  const fmt = new Intl.NumberFormat(currentLanguage());
  const steps = [
    { label: t('First page'), icon: '«', to: 1, off: !known || page <= 1 },
    { label: t('Previous page'), icon: '‹', to: page - 1, off: !known || page <= 1 },
    { label: t('Next page'), icon: '›', to: page + 1, off: !known || page >= pages },
    { label: t('Last page'), icon: '»', to: pages, off: !known || page >= pages },
  ];
  const stepButton = (step: (typeof steps)[number]) => (
    <IconButton
      key={step.label}
      label={step.label}
      className="fc-btn page-step"
      onClick={() => onPage(step.to)}
      disabled={step.off}
    >
      <span aria-hidden="true">{step.icon}</span>
    </IconButton>
  );
  return (
    <nav className="page-pagination" aria-label={t('Pagination')}>
      <span aria-live="polite" className="page-range">
        {known
          ? t('{first}–{last} of {total}', {
              first: fmt.format(first),
              last: fmt.format(last),
              total: fmt.format(total),
            })
          : t('Loading…')}
      </span>
      <span className="page-field">
        <label htmlFor={id}>{t('Rows per page')}</label>
        <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      <span className="page-steps">
        {steps.slice(0, 2).map(stepButton)}
        <span className="page-of">
          {t('Page {page} of {pages}', { page: fmt.format(Math.min(page, pages)), pages: fmt.format(pages) })}
        </span>
        {steps.slice(2).map(stepButton)}
      </span>
    </nav>
  );
}
