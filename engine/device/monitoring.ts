// Monitoring configurations (forms spec §3, §9): one per kind of monitoring a
// device reports, each with its period in seconds (default, bounds 60 to
// 31536000), the size of one report down and up in bytes, and the device
// capability it needs with the notice shown for it (firmware minimums of §9).
// The spec gives the defaults and bounds; it names the size estimates without
// their values, so `down` and `up` are this product's estimates of one report.
import type { DeviceCapabilities } from './capabilities';

export const MONITORING_MIN = 60;
export const MONITORING_MAX = 31536000;

export type MonitoringKey = 'dynamic' | 'static' | 'hotspot' | 'io' | 'gps' | 'wireless' | 'ddns' | 'l2tp';

export interface MonitoringConfig {
  label: string;
  key: MonitoringKey;
  /** Bytes one report takes down (to the device) and up (from it): estimates. */
  down: number;
  up: number;
  min: number;
  max: number;
  /** The chosen period in seconds (a template's, else the default). */
  period: number;
  config_id: number;
  default: number;
  /** The device capability this monitoring needs; devices without it do not report it. */
  compatKey?: keyof DeviceCapabilities;
  compatNotice?: string;
}

type Row = Pick<MonitoringConfig, 'label' | 'key' | 'down' | 'up' | 'default' | 'compatKey' | 'compatNotice'>;

const ROWS: Row[] = [
  { key: 'dynamic', label: 'Dynamic data', default: 300, down: 300, up: 1500 },
  { key: 'static', label: 'Static data', default: 1296000, down: 300, up: 6000 },
  {
    key: 'hotspot',
    label: 'Hotspot',
    default: 300,
    down: 200,
    up: 1000,
    compatKey: 'has_hotspot',
    compatNotice: 'Hotspot monitoring needs firmware 07.00 on RUT360 and 07.06 on RUT300 and TRB.',
  },
  {
    key: 'io',
    label: 'I/O',
    default: 300,
    down: 150,
    up: 400,
    compatKey: 'has_io',
    compatNotice: 'Only devices with inputs and outputs report I/O.',
  },
  {
    key: 'gps',
    label: 'GPS',
    default: 300,
    down: 150,
    up: 300,
    compatKey: 'has_gps',
    compatNotice: 'Only devices with GPS report their position.',
  },
  {
    key: 'wireless',
    label: 'Wireless',
    default: 300,
    down: 200,
    up: 2000,
    compatKey: 'has_wifi_monitoring',
    compatNotice: 'Wireless monitoring needs firmware 01.11.1 on RUT2, 06.05.1 on RUT9 and 02.01.1 on RUTX.',
  },
  {
    key: 'ddns',
    label: 'DDNS',
    default: 300,
    down: 150,
    up: 300,
    compatKey: 'has_ddns',
    compatNotice: 'DDNS monitoring needs firmware 07.00 on RUT2, RUT3 and RUT9, and 02.04 on RUTX and TRB.',
  },
  {
    key: 'l2tp',
    label: 'L2TP',
    default: 300,
    down: 150,
    up: 400,
    compatKey: 'has_l2tp',
    compatNotice: 'Only devices with L2TP report its instances.',
  },
];

/** The monitoring configurations at their default periods, config_id 1 to 8 in this order. */
export const MONITORING_CONFIGS: readonly MonitoringConfig[] = ROWS.map((row, i) => ({
  ...row,
  min: MONITORING_MIN,
  max: MONITORING_MAX,
  period: row.default,
  config_id: i + 1,
}));

/** Default periods by key (forms spec §9). */
export const MONITORING_DEFAULTS = Object.fromEntries(MONITORING_CONFIGS.map((c) => [c.key, c.default])) as Record<
  MonitoringKey,
  number
>;

export function isValidMonitoringPeriod(seconds: unknown): boolean {
  return (
    typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= MONITORING_MIN && seconds <= MONITORING_MAX
  );
}

/** The configurations with a template's periods (form values by key); a missing or invalid one is the default. */
export function monitoringConfigs(periods: Readonly<Record<string, unknown>>): MonitoringConfig[] {
  return MONITORING_CONFIGS.map((c) => {
    const raw = periods[c.key];
    const seconds = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    return { ...c, period: isValidMonitoringPeriod(seconds) ? (seconds as number) : c.default };
  });
}

const THIRTY_DAYS = 30 * 86400;

/** Bytes one device's monitoring takes down and up in 30 days at these configurations' periods. */
export function monitoringData(configs: readonly MonitoringConfig[]): { down: number; up: number } {
  let down = 0;
  let up = 0;
  for (const c of configs) {
    down += (THIRTY_DAYS / c.period) * c.down;
    up += (THIRTY_DAYS / c.period) * c.up;
  }
  return { down, up };
}
