// Measurement formatting of forms spec §9: signal in dBm, temperature in °C, coordinates to 6 decimals.
function numeric(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function formatDbm(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : `${n} dBm`;
}

export function formatCelsius(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : `${n} °C`;
}

export function formatCoordinate(value: unknown): string {
  const n = numeric(value);
  return n === undefined ? '' : n.toFixed(6);
}
