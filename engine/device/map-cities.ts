// City names on the bundled basemap (issue 32: place labels from bundled data, no tiles): Natural Earth's
// populated places, as the city-timezones package ships them, cut at build time to the larger cities
// (scripts/map-cities.ts) and placed per zoom, largest first, never one label over another (`citiesAtZoom`).

/** A city as the console receives it: name, latitude, longitude, population. */
export type City = readonly [name: string, latitude: number, longitude: number, population: number];

/** Cities smaller than this are left out of the console's data (about 2,900 cities remain). */
export const MIN_POPULATION = 100_000;

/** The smallest population named at a zoom: none on the world view, more cities as the map zooms in. */
export function minPopulationAt(zoom: number): number {
  if (zoom < 4) return Infinity;
  if (zoom < 5) return 1_000_000;
  if (zoom < 6) return 500_000;
  if (zoom < 7) return 200_000;
  return MIN_POPULATION;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Rough width of a label's character in pixels (the label's font is 11-12 px), and a label's height. */
const CHAR_PX = 7;
const LINE_PX = 16;

/** The box a city's dot and name take on screen: the dot at the point, the name to its right. */
export function cityBox(name: string, at: Point): Box {
  return {
    left: at.x - 4,
    top: at.y - LINE_PX / 2,
    right: at.x + 8 + name.length * CHAR_PX,
    bottom: at.y + LINE_PX / 2,
  };
}

/** The box of a label centred on its point (the countries' names). */
export function centredBox(name: string, at: Point): Box {
  const half = (name.length * CHAR_PX) / 2 + 4;
  return { left: at.x - half, top: at.y - LINE_PX / 2, right: at.x + half, bottom: at.y + LINE_PX / 2 };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The cities named at a zoom inside `view` (world pixels at that zoom), largest first: each city big enough
 * for the zoom whose label would not cover one already placed (`taken`: the country names, drawn first).
 */
export function citiesAtZoom(
  cities: readonly City[],
  zoom: number,
  project: (latitude: number, longitude: number) => Point,
  view: Box,
  taken: readonly Box[] = [],
): City[] {
  const min = minPopulationAt(zoom);
  const placed = [...taken];
  const shown: City[] = [];
  for (const city of cities) {
    if (city[3] < min) break; // largest first: the rest are smaller still
    const box = cityBox(city[0], project(city[1], city[2]));
    if (!overlaps(box, view) || placed.some((other) => overlaps(box, other))) continue;
    placed.push(box);
    shown.push(city);
  }
  return shown;
}
