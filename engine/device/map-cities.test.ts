import { describe, expect, it } from 'vitest';
import { mapCities } from '../../scripts/map-cities';
import { centredBox, cityBox, citiesAtZoom, type Box, type City } from './map-cities';

// The data the build ships (vite.config.ts, the virtual:map-cities module).
const cities = mapCities();
const named = (list: readonly City[]) => list.map(([name]) => name);

/** Web Mercator world pixels at a zoom (256 px tiles), as Leaflet's map.project gives them. */
const project = (zoom: number) => (latitude: number, longitude: number) => {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((longitude + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
};
/** The view of a 1,280 x 720 map centred on a point, in world pixels. */
const viewAround = (zoom: number, latitude: number, longitude: number): Box => {
  const { x, y } = project(zoom)(latitude, longitude);
  return { left: x - 640, top: y - 360, right: x + 640, bottom: y + 360 };
};
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('city names on the bundled basemap', () => {
  it('names no city on the world view and more of them zoomed in', () => {
    const world: Box = { left: 0, top: 0, right: 1024, bottom: 1024 };
    expect(citiesAtZoom(cities, 2, project(2), world)).toEqual([]);
    // The same region (the Baltics, 53-60 N, 20-29 E) at each zoom: more room, more cities.
    const baltics = (zoom: number): Box => {
      const [nw, se] = [project(zoom)(60, 20), project(zoom)(53, 29)];
      return { left: nw.x, top: nw.y, right: se.x, bottom: se.y };
    };
    const counts = [5, 6, 7, 8].map((zoom) => citiesAtZoom(cities, zoom, project(zoom), baltics(zoom)).length);
    expect(counts[0]).toBeGreaterThan(0);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]);
    expect(counts[3]).toBeGreaterThan(counts[0]);
    expect(named(citiesAtZoom(cities, 7, project(7), viewAround(7, 56, 24)))).toEqual(
      expect.arrayContaining(['Riga', 'Vilnius', 'Kaunas']),
    );
  });

  it('draws only the cities in the view, none over another or over a country name', () => {
    const zoom = 6;
    const at = project(zoom);
    const view = viewAround(zoom, 50, 10);
    const country = centredBox('Germany', at(51, 10.4));
    const shown = citiesAtZoom(cities, zoom, at, view, [country]);
    expect(shown.length).toBeGreaterThan(5);
    const boxes = shown.map(([name, latitude, longitude]) => cityBox(name, at(latitude, longitude)));
    for (const [i, box] of boxes.entries()) {
      expect(overlaps(box, view)).toBe(true);
      expect(overlaps(box, country)).toBe(false);
      for (const other of boxes.slice(i + 1)) expect(overlaps(box, other)).toBe(false);
    }
    // The larger of two close cities wins: Berlin is named, and nothing covers it.
    expect(named(shown)).toContain('Berlin');
  });
});
