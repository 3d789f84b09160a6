// Place names on the bundled basemap, from the very data it draws (Natural Earth countries, with their names):
// each country labelled once, inside its largest part, and shown from the zoom at which that part is wide
// enough on screen for its name. No tiles, no other host.

type Ring = readonly (readonly number[])[];
type Polygon = readonly Ring[];

interface CountryFeature {
  properties?: { name?: unknown } | null;
  geometry?: { type: string; coordinates?: unknown } | null;
}

export interface PlaceLabel {
  name: string;
  latitude: number;
  longitude: number;
  /** Width in degrees of longitude of the part the label sits in. */
  span: number;
}

/** Pixels one degree of longitude takes at zoom 0 (a 256 px world). */
const PX_PER_DEGREE = 256 / 360;
/** Rough width of a label's character in pixels (the label's font is 11-12 px). */
const CHAR_PX = 7;

/** Planar area of a ring in square degrees (absolute, shoelace). */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return Math.abs(sum / 2);
}

/** The polygons of a Polygon or MultiPolygon geometry; none for anything else. */
function polygonsOf(geometry: CountryFeature['geometry']): Polygon[] {
  if (geometry?.type === 'Polygon') return [geometry.coordinates as Polygon];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates as Polygon[];
  return [];
}

/** Where a horizontal line at `latitude` crosses the polygon's rings, west to east. */
function crossings(polygon: Polygon, latitude: number): number[] {
  const xs: number[] = [];
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      if (y1 > latitude !== y2 > latitude) xs.push(x1 + ((latitude - y1) / (y2 - y1)) * (x2 - x1));
    }
  }
  return xs.sort((a, b) => a - b);
}

/**
 * A point inside the polygon for its label: on a few lines across the middle of its extent, the middle of the
 * widest stretch of land (holes left out); a concave country (Norway, Croatia) keeps its label on its land.
 */
function labelPoint(polygon: Polygon): { latitude: number; longitude: number; span: number } {
  const outer = polygon[0];
  const lats = outer.map((p) => p[1]);
  const lngs = outer.map((p) => p[0]);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const span = Math.max(...lngs) - Math.min(...lngs);
  let best = { latitude: (south + north) / 2, longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2, width: -1 };
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    const latitude = south + (north - south) * f;
    const xs = crossings(polygon, latitude);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const width = xs[k + 1] - xs[k];
      // The middle line wins unless another is clearly wider: labels sit near the middle where they can.
      if (width > best.width * 1.25) best = { latitude, longitude: (xs[k] + xs[k + 1]) / 2, width };
    }
  }
  return { latitude: best.latitude, longitude: best.longitude, span };
}

/** One label per named country, in its largest part. */
export function placeLabels(features: readonly CountryFeature[]): PlaceLabel[] {
  const labels: PlaceLabel[] = [];
  for (const feature of features) {
    const name = feature.properties?.name;
    if (typeof name !== 'string' || !name.trim()) continue;
    const polygons = polygonsOf(feature.geometry).filter((p) => p.length > 0 && p[0].length >= 4);
    if (!polygons.length) continue;
    const largest = polygons.reduce((a, b) => (ringArea(b[0]) > ringArea(a[0]) ? b : a));
    labels.push({ name: name.trim(), ...labelPoint(largest) });
  }
  return labels;
}

/** The labels whose country is wide enough at this zoom for its name to sit inside it. */
export function labelsAtZoom(labels: readonly PlaceLabel[], zoom: number): PlaceLabel[] {
  const pxPerDegree = PX_PER_DEGREE * 2 ** zoom;
  return labels.filter((label) => label.span * pxPerDegree >= label.name.length * CHAR_PX + 8);
}
