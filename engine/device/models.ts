// Model families, series, port and SIM counts (forms spec §3, §9). The spec
// names the families and the possible port counts (0, 1, 2, 4, 5, 10) but not
// the per-model mapping; this table follows the vendor's public data sheets.
export const MODEL_FAMILIES = ['RUT', 'TRB', 'TCR', 'TAP', 'TSW', 'OTD', 'DAP'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

export type DeviceSeries = 'RUT2' | 'RUT3' | 'RUT9' | 'RUTX' | 'RUTM' | 'TRB' | 'TCR' | 'TAP' | 'TSW' | 'OTD' | 'DAP';

export function modelFamily(model: unknown): ModelFamily | undefined {
  if (typeof model !== 'string') return undefined;
  const upper = model.trim().toUpperCase();
  return MODEL_FAMILIES.find((f) => upper.startsWith(f));
}

export function deviceSeries(model: unknown): DeviceSeries | undefined {
  const family = modelFamily(model);
  if (!family) return undefined;
  if (family !== 'RUT') return family;
  const upper = String(model).trim().toUpperCase();
  if (upper.startsWith('RUTX')) return 'RUTX';
  if (upper.startsWith('RUTM')) return 'RUTM';
  const digit = upper.charAt(3);
  if (digit === '2') return 'RUT2';
  if (digit === '3') return 'RUT3';
  if (digit === '9') return 'RUT9';
  return undefined;
}

/** Ethernet port counts by model prefix; longest prefix wins, series default otherwise. */
const PORTS_BY_MODEL: Readonly<Record<string, number>> = {
  RUT200: 2,
  RUT240: 2,
  RUT241: 2,
  RUT260: 2,
  RUT300: 5,
  RUT360: 2,
  RUT901: 4,
  RUT906: 4,
  RUT950: 4,
  RUT955: 4,
  RUT956: 4,
  RUTX08: 5,
  RUTX09: 5,
  RUTX10: 5,
  RUTX11: 5,
  RUTX12: 5,
  RUTX14: 5,
  RUTX50: 5,
  RUTM50: 5,
  TRB140: 1,
  TRB141: 0,
  TRB142: 0,
  TRB143: 0,
  TRB145: 0,
  TRB245: 1,
  TRB255: 1,
  TRB256: 1,
  TRB500: 1,
  TCR100: 2,
  TAP100: 1,
  TAP200: 1,
  TSW100: 5,
  TSW110: 5,
  TSW200: 10,
  TSW210: 10,
  OTD140: 1,
  OTD500: 1,
  DAP140: 1,
};

const PORTS_BY_SERIES: Readonly<Record<DeviceSeries, number>> = {
  RUT2: 2,
  RUT3: 5,
  RUT9: 4,
  RUTX: 5,
  RUTM: 5,
  TRB: 1,
  TCR: 2,
  TAP: 1,
  TSW: 5,
  OTD: 1,
  DAP: 1,
};

function byPrefix<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  const upper = model.toUpperCase();
  const key = Object.keys(table)
    .filter((k) => upper.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : table[key];
}

export function portCount(model: unknown): number {
  if (typeof model !== 'string') return 0;
  const series = deviceSeries(model);
  return byPrefix(PORTS_BY_MODEL, model) ?? (series ? PORTS_BY_SERIES[series] : 0);
}

/** SIM slots by series group: dual-SIM groups, single-SIM groups, no cellular. */
const SIM_BY_SERIES: Readonly<Record<DeviceSeries, number>> = {
  RUT2: 1,
  RUT3: 1,
  RUT9: 2,
  RUTX: 2,
  RUTM: 2,
  TRB: 1,
  TCR: 1,
  OTD: 2,
  TAP: 0,
  TSW: 0,
  DAP: 0,
};

const NO_MODEM = ['RUT300', 'RUT301', 'RUTX08', 'RUTX10', 'TSW', 'TAP', 'DAP'];

export function simCount(model: unknown): number {
  if (typeof model !== 'string') return 0;
  const upper = model.toUpperCase();
  if (NO_MODEM.some((p) => upper.startsWith(p))) return 0;
  if (upper.startsWith('RUT360') || upper.startsWith('RUT2')) return 1;
  const series = deviceSeries(model);
  return series ? SIM_BY_SERIES[series] : 0;
}
