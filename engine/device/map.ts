// The fleet map without the DOM (forms spec §9): cluster grid 60, minimum cluster size 2, coordinates to
// 6 decimals; which rows have a usable position, the points the map draws and where a cluster spreads to.

/** Cluster grid in screen pixels (the supercluster radius). */
export const MAP_CLUSTER_GRID = 60;
/** Fewest devices that form a cluster. */
export const MAP_MIN_CLUSTER_SIZE = 2;
/** Deepest zoom: a cluster still standing here is listed instead of zoomed. */
export const MAP_MAX_ZOOM = 18;

export interface ClusterOptions {
  radius: number;
  minPoints: number;
  maxZoom: number;
}

/** Supercluster options: clusters up to the map's deepest zoom, so devices on one spot stay one listable cluster. */
export function clusterOptions(maxZoom: number = MAP_MAX_ZOOM): ClusterOptions {
  return { radius: MAP_CLUSTER_GRID, minPoints: MAP_MIN_CLUSTER_SIZE, maxZoom };
}

export interface DevicePoint {
  id: number | string;
  name: string;
  latitude: number;
  longitude: number;
  status?: number;
  /** The device's company: its realtime channel carries the device's live updates. */
  company_id?: number | string;
}

function finite(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A position the map can draw: both numbers within the globe. 0, 0 is what a modem without a GPS fix reports,
 * so it counts as no position rather than a device in the Gulf of Guinea.
 */
export function validCoordinates(latitude: unknown, longitude: unknown): [number, number] | undefined {
  const lat = finite(latitude);
  const lng = finite(longitude);
  if (lat === undefined || lng === undefined) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  if (lat === 0 && lng === 0) return undefined;
  return [lat, lng];
}

/** The rows (devices) with a usable position, as map points; the others are left out. */
export function devicePoints(rows: readonly Record<string, unknown>[]): DevicePoint[] {
  const points: DevicePoint[] = [];
  for (const row of rows) {
    const position = validCoordinates(row.latitude, row.longitude);
    if (!position || (typeof row.id !== 'number' && typeof row.id !== 'string')) continue;
    const status = finite(row.status);
    const company = row.company_id;
    points.push({
      id: row.id,
      name: String(row.name ?? row.serial ?? row.id),
      latitude: position[0],
      longitude: position[1],
      ...(status === undefined ? {} : { status }),
      ...(typeof company === 'number' || typeof company === 'string' ? { company_id: company } : {}),
    });
  }
  return points;
}

/** [[south, west], [north, east]] around the points; undefined for none. */
export function pointBounds(points: readonly Pick<DevicePoint, 'latitude' | 'longitude'>[]) {
  if (points.length === 0) return undefined;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const { latitude, longitude } of points) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    [south, west],
    [north, east],
  ] as [[number, number], [number, number]];
}

/** What a cluster click does: zoom in while the cluster can still split, else list its devices. */
export function clusterClick(expansionZoom: number, maxZoom: number = MAP_MAX_ZOOM): 'zoom' | 'list' {
  return expansionZoom <= maxZoom ? 'zoom' : 'list';
}

/**
 * A configured tile source ({z}/{x}/{y} template over http(s) or this origin); anything else is no source and
 * the bundled basemap is drawn. Without one the map never asks another host for anything.
 */
export function tileSource(url: string | undefined): string | undefined {
  const value = url?.trim();
  if (!value || !['{z}', '{x}', '{y}'].every((part) => value.includes(part))) return undefined;
  return /^(https?:\/\/|\/)/.test(value) ? value : undefined;
}

/**
 * The points with a live update applied to the point of its id (status and name; a position is not live):
 * the same array when no point changes, so an unchanged map does not redraw.
 */
export function applyPointUpdate(points: readonly DevicePoint[], update: { id: number } & Record<string, unknown>) {
  const index = points.findIndex((point) => Number(point.id) === update.id);
  if (index < 0) return points;
  const [next] = devicePoints([{ ...points[index], ...update, id: points[index].id }]);
  const before = points[index];
  if (next.status === before.status && next.name === before.name) return points;
  const copy = points.slice();
  copy[index] = next;
  return copy;
}

/** Whether two point lists hold the same devices at the same places (the view is fitted only when not). */
export function samePlaces(a: readonly DevicePoint[], b: readonly DevicePoint[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => p.id === b[i].id && p.latitude === b[i].latitude && p.longitude === b[i].longitude)
  );
}
