import fc from 'fast-check';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { clusterOptions, type DevicePoint } from './map';
import { STATUS_SEVERITY, statusCounting, statusSplit, worstStatus, type StatusCounts } from './map-status';
import { connectionStatus } from './status';

const at = (id: number, status: number | undefined, longitude = 24.1, latitude = 56.9): DevicePoint => ({
  id,
  name: `Device ${id}`,
  latitude,
  longitude,
  ...(status === undefined ? {} : { status }),
});

function clustersOf(points: DevicePoint[], zoom = 3) {
  const index = new Supercluster<DevicePoint, StatusCounts>({ ...clusterOptions(), ...statusCounting });
  index.load(
    points.map((p) => ({
      type: 'Feature',
      properties: p,
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })),
  );
  return index.getClusters([-180, -85, 180, 85], zoom);
}

describe('a cluster by its devices’ statuses', () => {
  it('is as bad as its worst device: offline, then pending, then not activated, then online', () => {
    const [cluster] = clustersOf([at(1, 1), at(2, 1), at(3, 0, 24.11), at(4, 2), at(5, undefined)]);
    const counts = cluster.properties as StatusCounts & { point_count: number };
    expect(counts.point_count).toBe(5);
    expect(worstStatus(counts)).toBe('Offline');
    expect(statusSplit(counts, (s) => s)).toBe('Offline: 1, Pending: 1, Not Activated: 1, Online: 2');
    expect(worstStatus({ Offline: 0, Pending: 0, 'Not Activated': 3, Online: 1 })).toBe('Not Activated');
    expect(worstStatus({ Offline: 0, Pending: 0, 'Not Activated': 0, Online: 7 })).toBe('Online');
  });

  it('tells the split in the console’s language, worst first, leaving out the statuses none has', () => {
    const words: Record<string, string> = { Offline: 'Frakoblet', Online: 'Tilkoblet' };
    expect(statusSplit({ Offline: 2, Pending: 0, 'Not Activated': 0, Online: 14 }, (s) => words[s] ?? s)).toBe(
      'Frakoblet: 2, Tilkoblet: 14',
    );
  });

  it('counts every device once, whatever the zoom, and colours by the worst of them (property)', () => {
    const point = fc.record({
      status: fc.option(fc.integer({ min: -1, max: 4 }), { nil: undefined }),
      longitude: fc.double({ min: 20, max: 30, noNaN: true }),
      latitude: fc.double({ min: 54, max: 60, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 8 }), (raw, zoom) => {
        const points = raw.map((p, i) => at(i, p.status, p.longitude, p.latitude));
        const total: StatusCounts = { Offline: 0, Pending: 0, 'Not Activated': 0, Online: 0 };
        for (const item of clustersOf(points, zoom)) {
          const props = item.properties as Partial<StatusCounts> & DevicePoint & { cluster?: boolean };
          if (props.cluster) for (const s of STATUS_SEVERITY) total[s] += props[s]!;
          else total[connectionStatus(props.status)] += 1;
        }
        for (const s of STATUS_SEVERITY) {
          expect(total[s]).toBe(points.filter((p) => connectionStatus(p.status) === s).length);
        }
        const worst = STATUS_SEVERITY.find((s) => points.some((p) => connectionStatus(p.status) === s));
        expect(worstStatus(total)).toBe(worst);
      }),
      { numRuns: 60 },
    );
  });
});
