// Monitoring defaults and bounds in seconds (forms spec §9).
export const MONITORING_DEFAULTS = {
  dynamic: 300,
  static: 1296000,
  hotspot: 300,
  io: 300,
  gps: 300,
  wireless: 300,
  ddns: 300,
  l2tp: 300,
} as const;

export const MONITORING_MIN = 60;
export const MONITORING_MAX = 31536000;

export function isValidMonitoringPeriod(seconds: unknown): boolean {
  return (
    typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= MONITORING_MIN && seconds <= MONITORING_MAX
  );
}

export function clampMonitoringPeriod(seconds: number): number {
  if (!Number.isFinite(seconds)) return MONITORING_MIN;
  return Math.min(MONITORING_MAX, Math.max(MONITORING_MIN, Math.round(seconds)));
}
