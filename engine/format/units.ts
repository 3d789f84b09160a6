// Measurement formatting of forms spec §9: signal in dBm, temperature in °C (from its tenths), coordinates to 6
// decimals.
function numeric(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function formatDbm(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : `${n} dBm`;
}

/** A temperature in tenths of a degree, as devices report it and the RMS API answers it (389: '38.9 °C'). */
export function formatCelsius(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : `${Math.round(n) / 10} °C`;
}

export function formatCoordinate(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : n.toFixed(6);
}
