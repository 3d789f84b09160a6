import { feature } from 'topojson-client';
import countries50m from 'world-atlas/countries-50m.json';
import { describe, expect, it } from 'vitest';
import { labelsAtZoom, placeLabels, type PlaceLabel } from './map-labels';

// The bundled basemap's own data (the file the console serves), converted as the console does.
type Topology = Parameters<typeof feature>[0] & { objects: { countries: Parameters<typeof feature>[1] } };
const topology = countries50m as unknown as Topology;
const collection = feature(topology, topology.objects.countries) as unknown as GeoJSON.FeatureCollection;
const labels = placeLabels(collection.features);
const labelOf = (name: string) => labels.find((label) => label.name === name)!;

/** Whether a point lies on the land of a polygon (even-odd over its rings). */
function inside(rings: number[][][], [x, y]: [number, number]) {
  let hit = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) / (y2 - y1)) * (x2 - x1)) hit = !hit;
    }
  }
  return hit;
}

function onLand(label: PlaceLabel): boolean {
  const country = collection.features.find((f) => f.properties?.name === label.name)!;
  const geometry = country.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some((polygon) => inside(polygon, [label.longitude, label.latitude]));
}

describe('place labels from the bundled countries', () => {
  it('names every named country once', () => {
    const named = new Set(collection.features.map((f) => f.properties?.name).filter(Boolean));
    expect(labels.length).toBe(named.size);
    expect(new Set(labels.map((l) => l.name)).size).toBe(labels.length);
  });

  it('puts each label on its country’s land, concave and island countries too', () => {
    for (const name of ['Latvia', 'Lithuania', 'Estonia', 'Norway', 'Croatia', 'Chile', 'Indonesia', 'Russia']) {
      expect(onLand(labelOf(name)), name).toBe(true);
    }
    const offLand = labels.filter((label) => !onLand(label)).map((l) => l.name);
    expect(offLand).toEqual([]);
    // Latvia's label is in Latvia (55.7-58.1 N, 20.9-28.3 E), not in the sea or Russia.
    const latvia = labelOf('Latvia');
    expect(latvia.latitude).toBeGreaterThan(55.7);
    expect(latvia.latitude).toBeLessThan(58.1);
    expect(latvia.longitude).toBeGreaterThan(20.9);
    expect(latvia.longitude).toBeLessThan(28.3);
  });

  it('shows a country from the zoom at which its name fits in it: the large ones first, all when close', () => {
    const names = (zoom: number) => new Set(labelsAtZoom(labels, zoom).map((l) => l.name));
    expect(names(2).has('Russia')).toBe(true);
    expect(names(2).has('Latvia')).toBe(false);
    expect(names(6).has('Latvia')).toBe(true);
    for (let zoom = 1; zoom < 10; zoom++) {
      for (const name of names(zoom)) expect(names(zoom + 1).has(name), `${name} at ${zoom + 1}`).toBe(true);
    }
  });

  it('skips features without a name or without land', () => {
    expect(
      placeLabels([
        { properties: {}, geometry: { type: 'Polygon', coordinates: [] } },
        { properties: { name: 'Nowhere' }, geometry: null },
        { properties: { name: 'Line' }, geometry: { type: 'LineString', coordinates: [[0, 0]] } },
      ]),
    ).toEqual([]);
  });
});
