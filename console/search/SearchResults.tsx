import { Link } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { countBadge, type SearchItem, type SearchSource, type SourceResult } from '../../engine/search/search';

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

function itemLabel(item: SearchItem): string {
  return String(item.name ?? item.email ?? item.id);
}

export function SearchResults({ listId, results, options, active, loading, message, onChoose }: Props) {
  let index = -1;
  return (
    <div className="search-results">
      {loading && (
        <p className="search-status" role="status">
          {t('Searching…')}
        </p>
      )}
      {message && !loading && (
        <p className="search-status" role="status">
          {t(message)}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label={t('Search results')} hidden={!options.length}>
        {results
          .filter((result) => result.items.length)
          .map((result) => (
            <li key={result.source.id} role="presentation">
              <div className="search-group" id={`${listId}-${result.source.id}`} role="presentation">
                <span>{t(result.source.label)}</span>
                <span className="badge" aria-label={t('{count} results', { count: countBadge(result.total) })}>
                  {countBadge(result.total)}
                </span>
              </div>
              <ul role="group" aria-labelledby={`${listId}-${result.source.id}`}>
                {result.items.map((item) => {
                  index += 1;
                  const position = index;
                  const option = options[position];
                  return (
                    <li
                      key={`${result.source.id}-${item.id}`}
                      id={`${listId}-${position}`}
                      role="option"
                      aria-selected={position === active}
                      className={`search-option${position === active ? ' search-option--active' : ''}`}
                    >
                      <Link
                        to={option.path}
                        tabIndex={-1}
                        onClick={(event) => {
                          event.preventDefault();
                          onChoose(position);
                        }}
                      >
                        {item.color && (
                          <span className="swatch" style={{ background: item.color }} aria-hidden="true" />
                        )}
                        <span>{itemLabel(item)}</span>
                        {item.email && item.name && <span className="muted">{item.email}</span>}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
      </ul>
    </div>
  );
}
