import { useEffect, useMemo, useState } from 'react';
import type { OptionsSource } from '../../engine/schema/types';
import type { FormRunContext } from '../form/context';
import { useDependencyKey } from '../form/useFormController';
import { isLookupRef, loadLookupPage, lookupDependencies, staticOptions, type LookupOption } from './lookup';
import { useActiveSource } from './useActiveSource';

/** Every option of a source (a lookup's first page of 100; a switch's chosen one), reloaded when a followed value changes. */
export function useOptions(switched: OptionsSource | undefined, ctx: FormRunContext) {
  const source = useActiveSource(switched, ctx.store);
  const depKey = useDependencyKey(ctx.store, lookupDependencies(switched));
  const fixed = useMemo(() => staticOptions(source, ctx.functionContext()), [source, ctx]);
  const [loaded, setLoaded] = useState<{ key: string; options: LookupOption[]; error?: string }>();

  useEffect(() => {
    if (!isLookupRef(source)) return;
    const controller = new AbortController();
    loadLookupPage(source, ctx.functionContext(), { signal: controller.signal })
      .then((page) => setLoaded({ key: depKey, options: page.options }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ key: depKey, options: [], error: String(error) });
      });
    return () => controller.abort();
  }, [source, ctx, depKey]);

  if (fixed) return { options: fixed as LookupOption[], loading: false };
  const current = loaded?.key === depKey ? loaded : undefined;
  return { options: current?.options ?? [], loading: !current, error: current?.error };
}
