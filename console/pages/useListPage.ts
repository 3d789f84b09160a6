// State of one list page: URL-held query (page, sort, search, filters), the
// fetched rows, table preferences in the settings store, selection across
// pages, and the refresh interval.
import { loadErrorText } from '../../engine/pages/load-error';
import { t } from '../../engine/i18n/i18n';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { isCancel } from '../../engine/http/client';
import { markContentShown } from '../../engine/pages/first-content';
import { onReloadData } from '../../engine/submit/events';
import { settingsState, setSetting } from '../../engine/stores/settings';
import { fetchList, type ListPageData } from '../../engine/pages/fetch-list';
import { defaultListState, parseListState, serializeListState, type ListState } from '../../engine/pages/list-state';
import { preferencesKey, type TablePreferences } from '../../engine/pages/preferences';
import type { Selection } from '../../engine/pages/selection';
import { getSelection, setSelection as storeSelection, subscribeSelection } from '../../engine/pages/selection-store';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { applyDeviceUpdate, liveChannels } from '../../engine/device/live';
import { useDeviceUpdates } from './useDeviceUpdates';

export interface ListLoad extends ListPageData {
  loading: boolean;
  error?: string;
  /** Whether the server has answered once: until then the pager shows no count (never "0–0 of 0"). */
  answered?: boolean;
}

export function useListPage(doc: PageDocument, name: string, scope: Scope) {
  const [searchParams, setSearchParams] = useSearchParams();
  const settings = useSnapshot(settingsState);
  const prefs = (settings.values[preferencesKey(name)] ?? {}) as TablePreferences;
  const base = useMemo(() => defaultListState(doc, prefs.pageSize), [doc, prefs.pageSize]);
  const state = useMemo(() => parseListState(searchParams, doc, base), [searchParams, doc, base]);
  const [load, setLoad] = useState<ListLoad>({ rows: [], total: 0, loading: true });
  const [reloadToken, setReloadToken] = useState(0);
  const selectionKey = `${name}:${JSON.stringify(scope)}`;
  const selection = useSyncExternalStore(
    useCallback((listener: () => void) => subscribeSelection(selectionKey, listener), [selectionKey]),
    () => getSelection(selectionKey),
  );
  const setSelection = useCallback((next: Selection) => storeSelection(selectionKey, next), [selectionKey]);
  const [refreshSeconds, setRefreshSeconds] = useState(0);
  const scopeKey = JSON.stringify(scope);
  const stateKey = JSON.stringify(state);
  const latest = useRef(0);

  const setState = useCallback(
    (next: Partial<ListState>, options: { replace?: boolean } = {}) => {
      const merged = { ...state, ...next };
      setSearchParams(serializeListState(merged, base, searchParams), { replace: options.replace });
    },
    [state, base, searchParams, setSearchParams],
  );

  const setPrefs = useCallback(
    (next: TablePreferences) => {
      void setSetting(preferencesKey(name), next).catch(() => undefined);
    },
    [name],
  );

  const reload = useCallback(() => setReloadToken((n) => n + 1), []);

  // Rows shown: what the first paint did not need (the socket client, the header widgets) may load now.
  useEffect(() => {
    if (!load.loading) markContentShown();
  }, [load.loading]);

  useEffect(() => {
    const controller = new AbortController();
    const id = ++latest.current;
    setLoad((l) => ({ ...l, loading: true, error: undefined }));
    fetchList(doc, JSON.parse(stateKey) as ListState, JSON.parse(scopeKey) as Scope, controller.signal).then(
      (data) => {
        if (id === latest.current) {
          setLoad({ ...data, loading: false, answered: true });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted || id !== latest.current) return;
        // A route change cancels pending requests (shell spec §4); a list still shown after it asks again.
        if (isCancel(error)) return reload();
        setLoad({
          rows: [],
          total: 0,
          loading: false,
          error: loadErrorText(doc, error, t, 'Failed to load the list.'),
        });
      },
    );
    return () => controller.abort();
  }, [doc, stateKey, scopeKey, reloadToken, reload]);

  // A finished form or device action asks the open lists to reload.
  useEffect(
    () =>
      onReloadData((detail) => {
        if (!detail.tableRef || detail.tableRef === name || detail.tableRef === doc.table) reload();
      }),
    [reload, name, doc.table],
  );

  // A live list (devices) patches its rows from the company channels of the rows it shows.
  useDeviceUpdates(doc.live ? liveChannels(load.rows) : [], (update) =>
    setLoad((l) => ({ ...l, rows: applyDeviceUpdate(l.rows, update) })),
  );

  useEffect(() => {
    if (!refreshSeconds) return;
    const timer = setInterval(reload, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds, reload]);

  return {
    state,
    setState,
    load,
    reload,
    reloadToken,
    prefs,
    setPrefs,
    selection,
    setSelection,
    refreshSeconds,
    setRefreshSeconds,
  };
}
