import { useCallback, useEffect, useRef, useState } from 'react';
import { useDependencyKey } from '../form/useFormController';
import {
  addPage,
  emptyPaging,
  followOnOffset,
  hasMorePages,
  nextOffset,
  shownTotal,
  type LookupPaging,
} from '../../engine/schema/lookup-paging';
import type { OptionsSource, Scalar } from '../../engine/schema/types';
import type { FormRunContext } from '../form/context';
import { isDenied, isLookupRef, loadLookupPage, lookupDependencies, staticOptions, type LookupOption } from './lookup';
import { useActiveSource } from './useActiveSource';

export const SEARCH_DEBOUNCE_MS = 300;

interface ListState extends LookupPaging<LookupOption> {
  loading: boolean;
  error?: string;
  /** The user may not see this list (the lookup's permission, or the server's 403): "Access denied", not "No results". */
  denied?: boolean;
}

/**
 * A searchable, paged option list for ItemSelect: lookups load 100 per page
 * from the API (search text sent as the lookup's search parameter); static
 * and function lists are filtered locally; a lookup switch lists its chosen
 * lookup. Reloads when a followed form value changes. A failed load leaves
 * an empty list (forms spec §8: the role list's other errors give an empty list); a list the user
 * may not see says so (`denied`). A chosen value not on the pages loaded (an edit form's stored device
 * beyond the first 100) is named by its own item, loaded by the lookup's id filter.
 */
export function useLookupList(
  switched: OptionsSource | undefined,
  ctx: FormRunContext,
  active: boolean,
  chosen: readonly Scalar[] = [],
) {
  const source = useActiveSource(switched, ctx.store);
  const depKey = useDependencyKey(ctx.store, lookupDependencies(switched));
  const [search, setSearch] = useState('');
  const [state, setState] = useState<ListState>({ ...emptyPaging(), loading: false });
  const controller = useRef<AbortController | null>(null);
  const labels = useRef(new Map<string, string>());
  /** The depends/search key of the list on screen (a failed load clears it, so reopening retries). */
  const loadedKey = useRef<string>(undefined);

  const remember = (options: LookupOption[]) => {
    for (const o of options) labels.current.set(String(o.value), o.label);
  };

  const load = useCallback(
    async (offset: number, text: string) => {
      const fixed = staticOptions(source, ctx.functionContext());
      if (fixed) {
        const needle = text.trim().toLowerCase();
        const options = needle ? fixed.filter((o) => o.label.toLowerCase().includes(needle)) : fixed;
        remember(options);
        setState({ options, received: options.length, total: options.length, loading: false });
        return;
      }
      if (!isLookupRef(source)) return;
      controller.current?.abort();
      const c = (controller.current = new AbortController());
      setState((s) => ({ ...s, loading: true, error: undefined }));
      try {
        const page = await loadLookupPage(source, ctx.functionContext(), { search: text, offset, signal: c.signal });
        if (c.signal.aborted) return;
        remember(page.options);
        setState((s) => ({ ...addPage(s, page, offset), loading: false, denied: page.denied }));
        const followOn = followOnOffset(page, offset);
        if (followOn !== undefined) void load(followOn, text);
      } catch (error) {
        if (c.signal.aborted) return;
        loadedKey.current = undefined;
        setState({ ...emptyPaging(), loading: false, error: String(error), denied: isDenied(error) });
      }
    },
    [source, ctx],
  );

  // First page when opened or when a followed value changes; debounced on search; kept between openings.
  useEffect(() => {
    const key = `${depKey}\u0000${search}`;
    if (!active || loadedKey.current === key) return;
    const timer = setTimeout(
      () => {
        loadedKey.current = key;
        void load(0, search);
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [active, search, depKey, load]);

  useEffect(() => () => controller.current?.abort(), []);

  // Once a page is on screen, the chosen values it does not name are asked for by id, once each.
  const [, setNamed] = useState(0);
  const asked = useRef(new Set<string>());
  const chosenKey = chosen.map(String).join(',');
  useEffect(() => {
    if (!isLookupRef(source) || state.loading || loadedKey.current === undefined) return;
    const unnamed = chosen.filter((v) => !labels.current.has(String(v)) && !asked.current.has(String(v)));
    if (!unnamed.length) return;
    for (const v of unnamed) asked.current.add(String(v));
    loadLookupPage(source, ctx.functionContext(), { chosen: unnamed })
      .then((page) => {
        remember(page.options);
        setNamed((n) => n + 1);
      })
      // Unnamed, the value shows as itself, as before.
      .catch(() => undefined);
    // chosenKey stands for chosen (a new array on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenKey, state.loading, source, ctx]);

  const hasMore = hasMorePages(state);
  const offset = nextOffset(state);
  const loadMore = useCallback(() => {
    if (!state.loading && hasMore) void load(offset, search);
  }, [state.loading, offset, hasMore, load, search]);

  return {
    ...state,
    total: shownTotal(state),
    search,
    setSearch,
    hasMore,
    loadMore,
    labelOf: (v: unknown) => labels.current.get(String(v)),
    depKey,
  };
}
