// The build's module of the basemap's city names (vite.config.ts, mapCities).
declare module 'virtual:map-cities' {
  const cities: readonly import('../../engine/device/map-cities').City[];
  export default cities;
}
