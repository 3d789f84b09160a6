// Search box and filters of a list page; values live in the URL. Each filter's
// label sits inside its control's frame; on a phone the filters fold behind a
// "Filters" button that counts the active ones.
import { useEffect, useId, useRef, useState } from 'react';
import { lookupOptions } from '../../engine/pages/lookup';
import type { PageFilter, PageOption, PageSearch } from '../../engine/pages/types';
import { useAllowed } from './ActionButtons';
import { t } from '../../engine/i18n/i18n';
import { Icon } from '../layout/icons';

const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({
  search,
  value,
  onChange,
}: {
  search: PageSearch;
  value: string;
  onChange: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <span className="page-search">
      <label htmlFor={id} className="visually-hidden">
        {search.label ?? t('Search')}
      </label>
      <Icon name="search" size={16} />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={search.placeholder ?? search.label ?? t('Search')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange(text)}
      />
    </span>
  );
}

function useOptions(filter: PageFilter): PageOption[] {
  const [loaded, setLoaded] = useState<PageOption[]>([]);
  const lookup = filter.lookup;
  useEffect(() => {
    if (!lookup) return;
    const controller = new AbortController();
    lookupOptions(lookup, controller.signal).then(setLoaded, () => undefined);
    return () => controller.abort();
  }, [lookup]);
  return filter.options ?? loaded;
}

function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: PageFilter;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const options = useOptions(filter);
  return (
    <span className="page-field">
      <label htmlFor={id}>{filter.label}</label>
      {filter.type === 'text' ? (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('All')}</option>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </span>
  );
}

export function Filters({
  filters,
  values,
  onChange,
}: {
  filters: PageFilter[] | undefined;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const permitted = useAllowed(filters);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!permitted.length) return null;
  const active = permitted.filter((filter) => values[filter.key] !== undefined).length;
  return (
    <>
      {/* Shown on a phone only: there the filters fold behind it. */}
      <button
        type="button"
        className="fc-btn page-filters-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <Icon name="filter" size={16} />
        {t('Filters')}
        {active > 0 && <span className="page-filters-count">{active}</span>}
      </button>
      <div id={id} className="page-filters" role="group" aria-label={t('Filters')} data-open={open || undefined}>
        {permitted.map((filter) => (
          <FilterControl
            key={filter.key}
            filter={filter}
            value={values[filter.key] ?? ''}
            onChange={(v) => {
              const next = { ...values };
              if (v === '') delete next[filter.key];
              else next[filter.key] = v;
              onChange(next);
            }}
          />
        ))}
      </div>
    </>
  );
}
