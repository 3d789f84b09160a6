// A detail page's item (a device) on the fleet map, its coordinates kept as text in the fields below.
import { useMemo } from 'react';
import { devicePoints } from '../../engine/device/map';
import { t } from '../../engine/i18n/i18n';
import { FleetMap } from './FleetMap';

const hrefOf = (point: { id: number | string }) => `/devices/${point.id}`;

export function ItemMap({ item }: { item: Record<string, unknown> }) {
  const points = useMemo(() => devicePoints([item]), [item]);
  if (points.length === 0) return <p className="fleet-map-status">{t('No location reported.')}</p>;
  return <FleetMap points={points} label={t('Location of {name}', { name: points[0].name })} hrefOf={hrefOf} />;
}
