// The item of a detail document: loaded from its endpoint, reloaded after a
// finished form or action (and after a route change cancelled its load), and (live documents) patched in place from the
// DeviceUpdated events of its company channel.
import { useCallback, useEffect, useState } from 'react';
import { applyDeviceUpdate, companyChannel } from '../../engine/device/live';
import { isCancel } from '../../engine/http/client';
import { fetchItem } from '../../engine/pages/fetch-list';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { onReloadData } from '../../engine/submit/events';
import { useDeviceUpdates } from './useDeviceUpdates';

export function useDetailItem(doc: PageDocument, scope: Scope) {
  const [item, setItem] = useState<Record<string, unknown> | undefined>();
  const [error, setError] = useState<unknown>();
  const [token, setToken] = useState(0);
  const reload = useCallback(() => setToken((n) => n + 1), []);
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    fetchItem(doc, JSON.parse(scopeKey) as Scope, controller.signal).then(
      (next) => {
        setItem(next);
        setError(undefined);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        // A route change cancels pending requests (shell spec §4); an item still shown after it (a detail
        // route's header above its tabs) is asked for again.
        if (isCancel(e)) return reload();
        setError(e ?? new Error('Failed'));
      },
    );
    return () => controller.abort();
  }, [doc, scopeKey, token, reload]);
  useEffect(() => onReloadData(reload), [reload]);
  const company = item?.company_id;
  useDeviceUpdates(doc.live && company !== undefined ? [companyChannel(company)] : [], (update) =>
    setItem((current) => (current ? applyDeviceUpdate([current], update)[0] : current)),
  );
  return { item, error, reload };
}
