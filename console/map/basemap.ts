// The bundled basemap: Natural Earth countries (world-atlas, 1:50m) served from this origin as a file of the
// build and converted to GeoJSON on the way in, so the map needs no tile server. A deployment that has one names
// it in VITE_MAP_TILE_URL ({z}/{x}/{y} template; the server's CSP img-src must then allow its host).
import { feature } from 'topojson-client';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { tileSource } from '../../engine/device/map';
import type { City } from '../../engine/device/map-cities';

export const TILE_URL = tileSource(import.meta.env.VITE_MAP_TILE_URL as string | undefined);
export const TILE_ATTRIBUTION = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '';
export const BASEMAP_ATTRIBUTION = 'Natural Earth';

type CountriesTopology = Parameters<typeof feature>[0] & { objects: { countries: Parameters<typeof feature>[1] } };

/** `load` run once per session; a failed load is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** The countries as GeoJSON, fetched once per session. */
export const loadCountries = once(() =>
  fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`Basemap ${response.status}`);
      return response.json() as Promise<CountriesTopology>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as unknown as GeoJSON.FeatureCollection),
);

/** The city names, largest first, loaded once per session with their own module. */
export const loadCities = once(() => import('virtual:map-cities').then((module): readonly City[] => module.default));
