// The fleet map (Leaflet, loaded lazily with its CSS): devices as links, nearby devices as clusters of the
// spec's grid, each coloured by its worst status with the split on hover and focus; a cluster zooms to its
// devices or, when no zoom splits it, lists them under the map. The bundled basemap names its countries and
// larger cities.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  clusterClick,
  clusterOptions,
  MAP_MAX_ZOOM,
  pointBounds,
  samePlaces,
  type DevicePoint,
} from '../../engine/device/map';
import { statusCounting, statusSplit, worstStatus, type StatusCounts } from '../../engine/device/map-status';
import { labelsAtZoom, placeLabels, type PlaceLabel } from '../../engine/device/map-labels';
import { centredBox, citiesAtZoom, type City } from '../../engine/device/map-cities';
import { connectionStatus, statusClass } from '../../engine/device/status';
import { t } from '../../engine/i18n/i18n';
import { BASEMAP_ATTRIBUTION, loadCities, loadCountries, TILE_ATTRIBUTION, TILE_URL } from './basemap';
import './map.css';

interface Props {
  points: readonly DevicePoint[];
  /** Accessible name of the map. */
  label: string;
  /** Console path of a device's page. */
  hrefOf: (point: DevicePoint) => string;
  /** Zoom when the map shows one device: streets with tiles, the country around it on the bundled outlines. */
  singleZoom?: number;
}

type Index = Supercluster<DevicePoint, StatusCounts>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function deviceIcon(point: DevicePoint, href: string): L.DivIcon {
  const status = connectionStatus(point.status);
  const name = `${point.name}, ${t(status)}`;
  return L.divIcon({
    className: 'fleet-marker-icon',
    iconSize: [22, 22],
    html: `<a class="fleet-marker ${statusClass(status)}" href="${escape(href)}" aria-label="${escape(name)}" title="${escape(name)}"></a>`,
  });
}

/** A cluster: its count on the colour of its worst status, the split as its description, shown on hover and focus. */
function clusterIcon(id: number, count: number, counts: StatusCounts, prefix: string): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  const name = t('{count} devices', { count });
  const splitId = `${prefix}-${id}`;
  return L.divIcon({
    className: 'fleet-marker-icon',
    iconSize: [size, size],
    html:
      `<button type="button" class="fleet-cluster ${statusClass(worstStatus(counts))}" data-cluster="${id}" ` +
      `aria-label="${escape(name)}" aria-describedby="${splitId}">${count}</button>` +
      `<span role="tooltip" id="${splitId}" class="fleet-cluster-split">${escape(statusSplit(counts, t))}</span>`,
  });
}

/** A country's name on the basemap: for the eye only (the map's region and markers carry the names a reader needs). */
function labelIcon(label: PlaceLabel): L.DivIcon {
  return L.divIcon({
    className: 'fleet-map-label',
    iconSize: [0, 0],
    html: `<span aria-hidden="true">${escape(label.name)}</span>`,
  });
}

/** A city on the basemap: a dot and its name to the right, for the eye only as the countries' names. */
function cityIcon([name]: City): L.DivIcon {
  return L.divIcon({
    className: 'fleet-map-city',
    iconSize: [0, 0],
    html: `<span aria-hidden="true">${escape(name)}</span>`,
  });
}

/** A place name's marker in the labels' pane: never in the way of a click or the keyboard. */
const nameMarker = (latitude: number, longitude: number, icon: L.DivIcon) =>
  L.marker([latitude, longitude], { icon, pane: 'fleet-labels', interactive: false, keyboard: false });

let mapCount = 0;

function indexOf(points: readonly DevicePoint[]): Index {
  const index: Index = new Supercluster<DevicePoint, StatusCounts>({ ...clusterOptions(), ...statusCounting });
  index.load(
    points.map((point) => ({
      type: 'Feature',
      properties: point,
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    })),
  );
  return index;
}

function basemap(map: L.Map): () => void {
  if (TILE_URL) {
    const tiles = L.tileLayer(TILE_URL, { attribution: escape(TILE_ATTRIBUTION), maxZoom: MAP_MAX_ZOOM }).addTo(map);
    return () => tiles.remove();
  }
  let layer: L.GeoJSON | undefined;
  let live = true;
  // The names above the land and below the markers, never in the way of a click.
  const pane = map.createPane('fleet-labels');
  pane.style.zIndex = '450';
  pane.style.pointerEvents = 'none';
  const names = L.layerGroup().addTo(map);
  let labels: PlaceLabel[] = [];
  let places: readonly City[] = [];
  // The countries' names, then the cities' in the view, largest first, none over another name.
  const drawLabels = () => {
    names.clearLayers();
    const zoom = Math.round(map.getZoom());
    const at = (latitude: number, longitude: number) => map.project([latitude, longitude], zoom);
    const countries = labelsAtZoom(labels, zoom);
    for (const label of countries) nameMarker(label.latitude, label.longitude, labelIcon(label)).addTo(names);
    const pixels = map.getPixelBounds();
    const view = { left: pixels.min!.x, top: pixels.min!.y, right: pixels.max!.x, bottom: pixels.max!.y };
    const taken = countries.map((label) => centredBox(label.name, at(label.latitude, label.longitude)));
    for (const city of citiesAtZoom(places, zoom, at, view, taken))
      nameMarker(city[1], city[2], cityIcon(city)).addTo(names);
  };
  map.attributionControl.addAttribution(BASEMAP_ATTRIBUTION);
  loadCountries().then(
    (countries) => {
      if (!live) return;
      layer = L.geoJSON(countries, { style: { className: 'fleet-map-land' }, interactive: false }).addTo(map);
      labels = placeLabels(countries.features);
      drawLabels();
      map.on('moveend', drawLabels);
    },
    () => undefined, // Markers without outlines still place the devices.
  );
  // The cities' names come with their own module, after the outlines or before them; a map without them still works.
  loadCities().then(
    (loaded) => {
      if (!live) return;
      places = loaded;
      drawLabels();
    },
    () => undefined,
  );
  return () => {
    live = false;
    map.off('moveend', drawLabels);
    names.remove();
    layer?.remove();
  };
}

export function FleetMap({ points, label, hrefOf, singleZoom = TILE_URL ? 13 : 6 }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | undefined>(undefined);
  const navigate = useNavigate();
  // The devices of a cluster no zoom splits, listed under the map: kept by id, so they follow live changes.
  const [listedIds, setListedIds] = useState<ReadonlySet<DevicePoint['id']>>(new Set());
  const listed = useMemo(() => points.filter((point) => listedIds.has(point.id)), [points, listedIds]);
  const listRef = useRef<HTMLDivElement>(null);
  // The points the view was last fitted to: a live change of state redraws the markers in the user's view.
  const fitted = useRef<readonly DevicePoint[]>([]);
  // Ids of the clusters' descriptions, unique on the page.
  const prefix = useMemo(() => `fleet-cluster-split-${++mapCount}`, []);

  useEffect(() => {
    if (listedIds.size) listRef.current?.focus();
  }, [listedIds]);

  // The map itself, once.
  useEffect(() => {
    const map = L.map(element.current!, {
      maxZoom: MAP_MAX_ZOOM,
      minZoom: 1,
      worldCopyJump: true,
      attributionControl: true,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: t('Zoom in'), zoomOutTitle: t('Zoom out') }).addTo(map);
    map.attributionControl.setPrefix(false);
    map.setView([20, 0], 2);
    mapRef.current = map;
    const dropBasemap = basemap(map);
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element.current!);
    return () => {
      resize.disconnect();
      dropBasemap();
      map.remove();
      mapRef.current = undefined;
    };
  }, []);

  // The devices: clusters redrawn for each view; the view fitted to the devices when their set or places change.
  useEffect(() => {
    const map = mapRef.current!;
    const index = indexOf(points);
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const item of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = item.geometry.coordinates;
        const props = item.properties as (ClusterProperties & StatusCounts) | DevicePoint;
        const icon =
          'cluster' in props && props.cluster
            ? clusterIcon(props.cluster_id, props.point_count, props, prefix)
            : deviceIcon(props as DevicePoint, hrefOf(props as DevicePoint));
        L.marker([lat, lng], { icon, keyboard: false }).addTo(layer);
      }
    };
    // Clicks are taken before Leaflet's: a device link goes through the router, a cluster zooms or lists.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const link = target.closest<HTMLAnchorElement>('a.fleet-marker');
      if (link) {
        event.preventDefault();
        navigate(link.getAttribute('href')!);
        return;
      }
      const cluster = target.closest<HTMLButtonElement>('button.fleet-cluster');
      if (!cluster) return;
      event.stopPropagation();
      const id = Number(cluster.dataset.cluster);
      const leaves = index.getLeaves(id, Infinity).map((leaf) => leaf.properties);
      const expansion = index.getClusterExpansionZoom(id);
      if (clusterClick(expansion) === 'list') {
        setListedIds(new Set(leaves.map((leaf) => leaf.id)));
        return;
      }
      const bounds = L.latLngBounds(pointBounds(leaves)!);
      const zoom = Math.min(MAP_MAX_ZOOM, Math.max(expansion, map.getBoundsZoom(bounds, false, L.point(40, 40))));
      setListedIds(new Set());
      map.setView(bounds.getCenter(), zoom);
      // The clicked button is redrawn away: keep the keyboard on the map, one Tab before its markers.
      container.focus({ preventScroll: true });
    };
    const container = map.getContainer();
    container.addEventListener('click', onClick, true);
    map.on('moveend', draw);
    if (!samePlaces(fitted.current, points)) {
      fitted.current = points;
      const bounds = pointBounds(points);
      if (points.length === 1) map.setView([points[0].latitude, points[0].longitude], singleZoom);
      else if (bounds) map.fitBounds(bounds, { padding: [40, 40], maxZoom: MAP_MAX_ZOOM });
    }
    draw();
    return () => {
      container.removeEventListener('click', onClick, true);
      map.off('moveend', draw);
      layer.remove();
    };
  }, [points, hrefOf, navigate, singleZoom, prefix]);

  return (
    <div className="fleet-map-wrap">
      <div ref={element} className="fleet-map" role="region" aria-label={label} />
      {listed.length > 0 && (
        <div
          ref={listRef}
          tabIndex={-1}
          className="fleet-map-listed"
          role="region"
          aria-label={t('Devices at this spot')}
        >
          <h3>{t('Devices at this spot')}</h3>
          <ul>
            {listed.map((point) => (
              <li key={point.id}>
                <Link to={hrefOf(point)}>{point.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
