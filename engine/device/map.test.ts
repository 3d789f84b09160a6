import { afterEach, describe, expect, it, vi } from 'vitest';
import Supercluster from 'supercluster';
import { http } from '../http/client';
import type { PageDocument } from '../pages/types';
import fc from 'fast-check';
import {
  applyPointUpdate,
  clusterClick,
  clusterOptions,
  devicePoints,
  MAP_CLUSTER_GRID,
  MAP_MIN_CLUSTER_SIZE,
  pointBounds,
  samePlaces,
  tileSource,
  validCoordinates,
} from './map';
import { fetchMapPoints, MAP_PAGE_SIZE } from './map-fetch';

describe('map clustering options (forms spec §9)', () => {
  it('uses the grid 60 and minimum cluster size 2 up to the deepest zoom', () => {
    expect(MAP_CLUSTER_GRID).toBe(60);
    expect(MAP_MIN_CLUSTER_SIZE).toBe(2);
    expect(clusterOptions(12)).toEqual({ radius: 60, minPoints: 2, maxZoom: 12 });
  });

  it('clusters two nearby devices, leaves a lone one alone and splits them at a deeper zoom', () => {
    const index = new Supercluster(clusterOptions());
    const feature = (lng: number, lat: number) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [lng, lat] },
    });
    index.load([feature(25.28, 54.68), feature(25.29, 54.69), feature(-74, 40.7)]);
    const world = index.getClusters([-180, -85, 180, 85], 3);
    expect(world.map((f) => f.properties.point_count ?? 1).sort()).toEqual([1, 2]);
    const cluster = world.find((f) => f.properties.cluster)!;
    const zoom = index.getClusterExpansionZoom(cluster.properties.cluster_id as number);
    expect(clusterClick(zoom)).toBe('zoom');
    expect(index.getClusters([-180, -85, 180, 85], zoom).length).toBe(3);
  });

  it('lists a cluster that no zoom splits (devices on one spot)', () => {
    const index = new Supercluster(clusterOptions());
    const spot = {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [1, 1] },
    };
    index.load([spot, spot]);
    const [cluster] = index.getClusters([-180, -85, 180, 85], 18);
    expect(cluster.properties.point_count).toBe(2);
    expect(clusterClick(index.getClusterExpansionZoom(cluster.properties.cluster_id as number))).toBe('list');
  });
});

describe('coordinates', () => {
  it('accepts numbers and numeric strings within the globe', () => {
    expect(validCoordinates(54.687157, '25.279652')).toEqual([54.687157, 25.279652]);
    expect(validCoordinates(-90, 180)).toEqual([-90, 180]);
  });

  it('refuses missing, out-of-range and the no-fix 0, 0 positions', () => {
    for (const [lat, lng] of [
      [null, 25],
      [54, undefined],
      ['', 1],
      [91, 0],
      [0, -181],
      [0, 0],
      ['x', 2],
      [true, 2],
      [Number.NaN, 1],
    ]) {
      expect(validCoordinates(lat, lng)).toBeUndefined();
    }
  });

  it('makes map points of the rows with a position only', () => {
    const rows = [
      { id: 1, name: 'RUT1', status: 1, latitude: 54.1, longitude: 25.2 },
      { id: 2, name: 'RUT2', latitude: null, longitude: null },
      { id: 3, serial: '1100', status: '0', latitude: '55', longitude: '21.5' },
      { name: 'no id', latitude: 1, longitude: 1 },
    ];
    expect(devicePoints(rows)).toEqual([
      { id: 1, name: 'RUT1', status: 1, latitude: 54.1, longitude: 25.2 },
      { id: 3, name: '1100', status: 0, latitude: 55, longitude: 21.5 },
    ]);
    expect(devicePoints([{ ...rows[0], company_id: 4 }])[0].company_id).toBe(4);
  });

  it('applies a live update to its point: status and name, never the place; unchanged points stay the same array', () => {
    const points = devicePoints([
      { id: 1, name: 'RUT1', status: 1, latitude: 54.1, longitude: 25.2, company_id: 4 },
      { id: 2, name: 'RUT2', status: 1, latitude: 55, longitude: 21 },
    ]);
    const offline = applyPointUpdate(points, { id: 1, status: 0, last_connection_at: '2026-11-23 10:00:00' });
    expect(offline[0]).toEqual({ id: 1, name: 'RUT1', status: 0, latitude: 54.1, longitude: 25.2, company_id: 4 });
    expect(offline[1]).toBe(points[1]);
    expect(samePlaces(points, offline)).toBe(true);
    expect(applyPointUpdate(points, { id: 1, status: 1 })).toBe(points);
    expect(applyPointUpdate(points, { id: 9, status: 0 })).toBe(points);
    expect(applyPointUpdate(points, { id: 2, name: 'Gateway' })[1].name).toBe('Gateway');
  });

  it('tells a changed set of places from a live change of state (the view is refitted only then)', () => {
    const point = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      name: fc.string(),
      latitude: fc.double({ min: -89, max: 89, noNaN: true }),
      longitude: fc.double({ min: -179, max: 179, noNaN: true }),
      status: fc.integer({ min: 0, max: 2 }),
    });
    // The points a map holds: devicePoints leaves out 0, 0 (no GPS fix).
    const placed = point.filter((p) => validCoordinates(p.latitude, p.longitude) !== undefined);
    fc.assert(
      fc.property(fc.array(placed, { maxLength: 20 }), fc.integer({ min: 0, max: 2 }), (points, status) => {
        for (const p of points) {
          expect(samePlaces(points, applyPointUpdate(points, { id: p.id, status }))).toBe(true);
        }
        if (points.length > 0) {
          const moved = points.map((p, i) => (i === 0 ? { ...p, latitude: p.latitude + 0.5 } : p));
          expect(samePlaces(points, moved)).toBe(false);
          expect(samePlaces(points, points.slice(1))).toBe(false);
        }
      }),
    );
  });

  it('bounds the points', () => {
    expect(pointBounds([])).toBeUndefined();
    expect(
      pointBounds([
        { latitude: 54, longitude: 25 },
        { latitude: 56, longitude: 21 },
      ]),
    ).toEqual([
      [54, 21],
      [56, 25],
    ]);
  });
});

describe('tile source', () => {
  it('takes a {z}/{x}/{y} template over http(s) or this origin, else none', () => {
    expect(tileSource('https://tile.example/{z}/{x}/{y}.png')).toBe('https://tile.example/{z}/{x}/{y}.png');
    expect(tileSource(' /tiles/{z}/{x}/{y}.png ')).toBe('/tiles/{z}/{x}/{y}.png');
    expect(tileSource(undefined)).toBeUndefined();
    expect(tileSource('')).toBeUndefined();
    expect(tileSource('https://tile.example/{z}/{x}.png')).toBeUndefined();
    expect(tileSource('javascript:{z}{x}{y}')).toBeUndefined();
  });
});

describe('fetchMapPoints', () => {
  afterEach(() => vi.restoreAllMocks());
  const doc = {
    $schema: '',
    title: 'Devices',
    kind: 'list',
    endpoint: '/devices',
    filters: [{ key: 'status', label: 'Status' }],
  } satisfies PageDocument;

  it('asks every page of the filtered list for the marker fields and keeps the positioned devices', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation((_url, config) => {
      const offset = Number(config?.params?.offset);
      const data = Array.from({ length: offset === 0 ? MAP_PAGE_SIZE : 5 }, (_, i) => ({
        id: offset + i,
        name: `d${offset + i}`,
        latitude: i % 2 ? 54 : null,
        longitude: 25,
      }));
      return Promise.resolve({ data: { data, meta: { total: MAP_PAGE_SIZE + 5 } } } as never);
    });
    const state = { page: 3, pageSize: 10, sort: '-name', q: 'rut', filters: { status: '1' } };
    const { points, total } = await fetchMapPoints(doc, state, {});
    expect(total).toBe(MAP_PAGE_SIZE + 5);
    expect(points).toHaveLength(MAP_PAGE_SIZE / 2 + 2);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1][0]).toBe('/devices');
    expect(get.mock.calls[1][1]?.params).toEqual({
      limit: MAP_PAGE_SIZE,
      offset: MAP_PAGE_SIZE,
      sort: '-name',
      q: 'rut',
      status: '1',
      fields: 'id,name,serial,status,latitude,longitude,company_id',
    });
  });
});
