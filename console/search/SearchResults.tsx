import { useEffect, useRef } from 'react';
import { t } from '../../engine/i18n/i18n';
import { countBadge, type SearchItem, type SearchSource, type SourceResult } from '../../engine/search/search';
import { resultLabel } from '../../engine/search/result';

interface Option {
  source: SearchSource;
  item: SearchItem;
  path: string;
}

interface Props {
  listId: string;
  results: SourceResult[];
  options: Option[];
  active: number;
  loading: boolean;
  message: string | null;
  onChoose: (index: number) => void;
}

/**
 * Grouped listbox of the APG combobox pattern: options are chosen with the
 * keyboard from the input (aria-activedescendant) or by pointer.
 */
export function SearchResults({ listId, results, options, active, loading, message, onChoose }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  let index = -1;
  return (
    <div className="search-results">
      {(loading || (message && !loading)) && (
        <p className="search-status" role="status">
          {loading ? t('Searching…') : t(message ?? '')}
        </p>
      )}
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={t('Search results')}
        className="search-listbox"
        tabIndex={-1}
        hidden={!options.length}
      >
        {results
          .filter((result) => result.items.length)
          .map((result) => {
            const headingId = `${listId}-${result.source.id}`;
            return (
              <ul key={result.source.id} role="group" aria-labelledby={headingId}>
                <li role="presentation" id={headingId} className="search-group">
                  <span>{t(result.source.label)}</span>
                  <span className="badge">{countBadge(result.total)}</span>
                </li>
                {result.items.map((item) => {
                  index += 1;
                  const position = index;
                  return (
                    <li
                      key={`${result.source.id}-${item.id}`}
                      id={`${listId}-${position}`}
                      role="option"
                      aria-selected={position === active}
                      className={`search-option${position === active ? ' search-option--active' : ''}`}
                      onPointerDown={(event) => event.preventDefault()}
                      onClick={() => onChoose(position)}
                      data-href={options[position]?.path}
                    >
                      {item.color && <span className="swatch" style={{ background: item.color }} aria-hidden="true" />}
                      <span>{resultLabel(item)}</span>
                      {item.email && item.name && <span className="muted">{item.email}</span>}
                    </li>
                  );
                })}
              </ul>
            );
          })}
      </div>
    </div>
  );
}
