// The Map view of a list page: every filtered row with a position on the fleet map, each linked as its row is,
// its state following the realtime channel when the page is live.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { liveChannels } from '../../engine/device/live';
import { applyPointUpdate, type DevicePoint } from '../../engine/device/map';
import { fetchMapPoints } from '../../engine/device/map-fetch';
import { isCancel } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import type { ListState } from '../../engine/pages/list-state';
import { loadErrorText } from '../../engine/pages/load-error';
import { resolvePath, type Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { useDeviceUpdates } from '../pages/useDeviceUpdates';
import { FleetMap } from './FleetMap';

interface Props {
  doc: PageDocument;
  state: ListState;
  scope: Scope;
  /** Changes when the list reloads. */
  reloadToken: number;
}

interface MapLoad {
  points: readonly DevicePoint[];
  total: number;
  loading: boolean;
  error?: string;
}

export function ListMap({ doc, state, scope, reloadToken }: Props) {
  const [load, setLoad] = useState<MapLoad>({ points: [], total: 0, loading: true });
  const link = doc.columns?.find((column) => column.link)?.link;
  const hrefOf = useCallback(
    (point: DevicePoint) => (link && resolvePath(link, { ...point })) || `/devices/${point.id}`,
    [link],
  );
  const queryKey = JSON.stringify({ ...state, page: 1, scope });

  useEffect(() => {
    const controller = new AbortController();
    const { scope: s, ...query } = JSON.parse(queryKey) as ListState & { scope: Scope };
    setLoad((l) => ({ ...l, loading: true, error: undefined }));
    fetchMapPoints(doc, query, s, controller.signal).then(
      ({ points, total }) => setLoad({ points, total, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted || isCancel(error)) return;
        setLoad({
          points: [],
          total: 0,
          loading: false,
          error: loadErrorText(doc, error, t, 'Failed to load the list.'),
        });
      },
    );
    return () => controller.abort();
  }, [doc, queryKey, reloadToken]);

  // Live: a device's status and name change on the map as the server pushes them, the view left where it is.
  const channels = useMemo(() => (doc.live ? liveChannels(load.points) : []), [doc.live, load.points]);
  useDeviceUpdates(channels, (update) => setLoad((l) => ({ ...l, points: applyPointUpdate(l.points, update) })));

  if (load.error) {
    return (
      <p role="alert" className="page-error">
        {load.error}
      </p>
    );
  }
  return (
    <div className="list-map" aria-busy={load.loading}>
      <p className="fleet-map-status" aria-live="polite">
        {load.loading
          ? t('Loading…')
          : t('{shown} of {total} devices have a location', { shown: load.points.length, total: load.total })}
      </p>
      <FleetMap points={load.points} label={t('Map of {title}', { title: doc.title })} hrefOf={hrefOf} />
    </div>
  );
}
