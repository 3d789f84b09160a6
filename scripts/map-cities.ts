// The basemap's city names as the build ships them (vite.config.ts, the `virtual:map-cities` module): the larger
// of Natural Earth's populated places from the city-timezones package (1.9 MB), cut to about 2,900 cities in
// some 40 KB gzip. The console places them (engine/device/map-cities.ts).
import records from 'city-timezones/data/cityMap.json' with { type: 'json' };
import { MIN_POPULATION, type City } from '../engine/device/map-cities';

/** The populated place records of the data package (only the fields read). */
export interface PlaceRecord {
  city: string;
  lat: number;
  lng: number;
  pop: number;
}

/** The cities the console ships: the larger ones, largest first, positions to about a kilometre. */
export function compactCities(records: readonly PlaceRecord[]): City[] {
  const round = (n: number) => Math.round(n * 100) / 100;
  return records
    .filter((r) => r.pop >= MIN_POPULATION && r.city.trim() && Number.isFinite(r.lat) && Number.isFinite(r.lng))
    .sort((a, b) => b.pop - a.pop || a.city.localeCompare(b.city))
    .map((r) => [r.city.trim(), round(r.lat), round(r.lng), Math.round(r.pop)] as const);
}

/** The cities of the data package, as the console receives them. */
export const mapCities = (): City[] => compactCities(records);
