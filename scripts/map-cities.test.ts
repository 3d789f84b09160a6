import { describe, expect, it } from 'vitest';
import { MIN_POPULATION, type City } from '../engine/device/map-cities';
import { compactCities, mapCities } from './map-cities';

const cities = mapCities();
const named = (list: readonly City[]) => list.map(([name]) => name);

describe('the city names the build ships', () => {
  it('ships the larger cities, largest first, the Baltic capitals among them', () => {
    expect(cities.length).toBeGreaterThan(2000);
    expect(cities.every((city) => city[3] >= MIN_POPULATION)).toBe(true);
    expect(cities.every((city, i) => i === 0 || cities[i - 1][3] >= city[3])).toBe(true);
    for (const name of ['Riga', 'Vilnius', 'Tallinn', 'Oslo', 'Tokyo', 'Kyiv']) expect(named(cities)).toContain(name);
    const riga = cities.find(([name]) => name === 'Riga')!;
    expect(riga[1]).toBeCloseTo(56.95, 0);
    expect(riga[2]).toBeCloseTo(24.1, 0);
  });

  it('leaves out records without a name or a position', () => {
    const made = compactCities([
      { city: ' ', lat: 1, lng: 1, pop: 500_000 },
      { city: 'Nowhere', lat: Number.NaN, lng: 1, pop: 500_000 },
      { city: 'Small', lat: 1, lng: 1, pop: 99_999 },
      { city: ' Big ', lat: 1.23456, lng: 2.34567, pop: 700_000.4 },
    ]);
    expect(made).toEqual([['Big', 1.23, 2.35, 700_000]]);
  });
});
