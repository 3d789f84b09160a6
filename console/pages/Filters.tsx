// Search box and filters of a list page; values live in the URL.
import { useEffect, useId, useRef, useState } from 'react';
import { lookupOptions } from '../../engine/pages/lookup';
import type { PageFilter, PageOption, PageSearch } from '../../engine/pages/types';
import { useAllowed } from './ActionButtons';
import { t } from '../../engine/i18n/i18n';

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
      <label htmlFor={id}>{search.label ?? t('Search')}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={search.placeholder}
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
    <span className="page-filter">
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
  if (!permitted.length) return null;
  return (
    <div className="page-filters" role="group" aria-label={t('Filters')}>
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
  );
}
