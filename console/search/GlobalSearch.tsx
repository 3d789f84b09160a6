import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isCancel } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import {
  chosenSources,
  permittedSources,
  runSearch,
  SEARCH_SOURCES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_SOURCES_KEY,
  searchMessage,
  shouldSearch,
  type SearchSource,
  type SourceResult,
} from '../../engine/search/search';
import { opensSearch } from '../../engine/search/shortcut';
import { modals } from '../../engine/stores/modals';
import { useAccess } from '../app/access';
import { Icon } from '../layout/icons';
import { resultPath } from '../../engine/search/result';
import { pathFor, routeAllowed } from '../routes/resolve';
import { SearchResults } from './SearchResults';

/** The global search of shell spec §4-§7: an accessible combobox over the permitted sources. */
export function GlobalSearch() {
  const access = useAccess();
  const navigate = useNavigate();
  // Keyed by the permitted ids, so a re-read session user (token refresh) does not search again.
  const permittedIds = permittedSources(access.user, (route) => routeAllowed(route, access))
    .map((source) => source.id)
    .join(',');
  const permitted = useMemo(
    () => SEARCH_SOURCES.filter((source) => permittedIds.split(',').includes(source.id)),
    [permittedIds],
  );
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [sources, setSources] = useState(() => chosenSources(localStorage.getItem(SEARCH_SOURCES_KEY), permitted));
  const [results, setResults] = useState<SourceResult[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const close = useCallback(
    (focusTrigger = false) => {
      returnFocus.current = focusTrigger;
      setOpen(false);
      setQuery('');
      setResults(null);
      setActive(-1);
      localStorage.setItem(SEARCH_SOURCES_KEY, JSON.stringify(sources));
    },
    [sources],
  );

  // "/" opens the search when no input is focused and no modal is open.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!opensSearch(event, event.target as HTMLElement | null, modals.stack)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (returnFocus.current) triggerRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  // 500 ms debounce on the trimmed query; one call per chosen source.
  const trimmed = query.trim();
  useEffect(() => {
    if (!open || !shouldSearch(trimmed, sources)) {
      setResults(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      const chosen = permitted.filter((source) => sources.includes(source.id));
      runSearch(trimmed, chosen, controller.signal)
        .then((answer) => {
          setResults(answer);
          setActive(-1);
          setLoading(false);
        })
        .catch((error) => {
          if (!isCancel(error) && !controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, trimmed, sources, permitted]);

  const options = useMemo(
    () =>
      (results ?? []).flatMap((result) =>
        result.items.map((item) => ({
          source: result.source,
          item,
          path: resultPath(result.source, item, trimmed, pathFor),
        })),
      ),
    [results, trimmed],
  );

  function go(index: number) {
    const option = options[index];
    if (!option) return;
    close();
    navigate(option.path);
  }

  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length ? (index <= 0 ? options.length - 1 : index - 1) : -1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      go(active);
    }
  }

  function toggleSource(id: SearchSource['id']) {
    setSources((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));
  }

  if (!permitted.length) return null;
  if (!open) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className="search-trigger"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="/"
      >
        <Icon name="search" />
        <span>{t('Search')}</span>
        <kbd aria-hidden="true">/</kbd>
      </button>
    );
  }

  return (
    <div
      className="search-panel"
      ref={panelRef}
      onKeyDown={(event) => {
        // Esc closes from anywhere in the panel (the input, a source checkbox, the close button).
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        close(true);
      }}
      onBlur={(event) => {
        // Tabbing out of the panel closes it like a click outside (focus moving to nothing does not).
        const next = event.relatedTarget as Node | null;
        if (next && !panelRef.current?.contains(next)) close();
      }}
    >
      <div className="search-input">
        <Icon name="search" />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={t('Search')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKey}
          placeholder={t('Search')}
        />
        <button type="button" className="icon-button" onClick={() => close(true)} aria-label={t('Close search')}>
          <Icon name="close" size={16} />
        </button>
      </div>
      <fieldset className="search-sources">
        <legend>{t('Search in')}</legend>
        {permitted.map((source) => (
          <label key={source.id} className="chip-check">
            <input type="checkbox" checked={sources.includes(source.id)} onChange={() => toggleSource(source.id)} />
            {t(source.label)}
          </label>
        ))}
      </fieldset>
      <SearchResults
        listId={listId}
        results={results ?? []}
        options={options}
        active={active}
        loading={loading}
        message={searchMessage(trimmed, sources, results)}
        onChoose={go}
      />
    </div>
  );
}
