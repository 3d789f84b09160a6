// Device capabilities derived from model and firmware (forms spec §3, §9).
import { firmwareAtLeast, firmwareVersion, versionSatisfies, type Version } from './firmware';
import { deviceSeries, modelFamily, portCount, simCount, type DeviceSeries } from './models';

export interface DeviceCapabilities {
  device_series: DeviceSeries | undefined;
  fw_version: Version | undefined;
  has_wifi: boolean;
  has_wifi_monitoring: boolean;
  has_gps: boolean;
  has_rutos: boolean;
  has_mobile: boolean;
  port_count: number;
  has_lan: boolean;
  has_hotspot: boolean;
  sim_count: number;
  has_io: boolean;
  has_ddns: boolean;
  has_data_usage: boolean;
  has_metrics: boolean;
  has_l2tp: boolean;
  has_second_modem: boolean;
  has_network_map: boolean;
  has_esim: boolean;
  has_webfilter: boolean;
  has_vpn: boolean;
  has_legacy_alerts: boolean;
}

/** Firmware minimums for Wi-Fi monitoring by series (RUT2 01.11.1, RUT9 06.05.1, RUTX 02.01.1). */
export const WIFI_MONITORING_MINIMUMS: Partial<Record<DeviceSeries, string>> = {
  RUT2: '01.11.1',
  RUT9: '06.05.1',
  RUTX: '02.01.1',
};
/** DDNS: 07.00 for RUT2/3/9, 02.04 for RUTX/TRB. */
export const DDNS_MINIMUMS: Partial<Record<DeviceSeries, string>> = {
  RUT2: '07.00',
  RUT3: '07.00',
  RUT9: '07.00',
  RUTX: '02.04',
  TRB: '02.04',
};
/** Legacy alerts when the version is below 07.13. */
export const LEGACY_ALERTS_BELOW = '07.13';

const WITHOUT_WIFI = ['RUT300', 'RUT301', 'RUTX08', 'RUTX09', 'TRB', 'TSW', 'OTD'];
const WITH_GPS = [
  'RUT955',
  'RUT956',
  'RUTX11',
  'RUTX12',
  'RUTX14',
  'RUTX50',
  'RUTM50',
  'TRB245',
  'TRB255',
  'TRB256',
  'OTD',
];
const WITH_IO = ['RUT955', 'RUT956', 'RUT360', 'RUTX', 'RUTM', 'TRB', 'RUT9'];
const WITH_ESIM = ['RUTM', 'TRB500', 'RUTX50'];

const startsWithAny = (model: string, prefixes: readonly string[]) => prefixes.some((p) => model.startsWith(p));

/** Hotspot: 07.00 for RUT360, 07.06 for RUT300 and TRB; Wi-Fi models otherwise. */
function hasHotspot(model: string, firmware: unknown, wifi: boolean): boolean {
  if (model.startsWith('RUT360')) return firmwareAtLeast(firmware, '07.00');
  if (model.startsWith('RUT300') || model.startsWith('TRB')) return firmwareAtLeast(firmware, '07.06');
  return wifi;
}

export function deviceCapabilities(model: unknown, firmware: unknown): DeviceCapabilities {
  const upper = typeof model === 'string' ? model.trim().toUpperCase() : '';
  const series = deviceSeries(upper);
  const family = modelFamily(upper);
  const version = firmwareVersion(firmware);
  const known = !!series;
  const wifi = known && !startsWithAny(upper, WITHOUT_WIFI);
  const sims = simCount(upper);
  const ports = portCount(upper);
  const rutos =
    known && family !== 'TSW' && (series === 'RUTX' || series === 'RUTM' || firmwareAtLeast(firmware, '07.00'));
  const wifiMinimum = series ? WIFI_MONITORING_MINIMUMS[series] : undefined;
  const ddnsMinimum = series ? DDNS_MINIMUMS[series] : undefined;
  return {
    device_series: series,
    fw_version: version,
    has_wifi: wifi,
    has_wifi_monitoring: wifi && (wifiMinimum ? firmwareAtLeast(firmware, wifiMinimum) : rutos),
    has_gps: known && startsWithAny(upper, WITH_GPS),
    has_rutos: rutos,
    has_mobile: sims > 0,
    port_count: ports,
    has_lan: ports > 1,
    has_hotspot: known && hasHotspot(upper, firmware, wifi),
    sim_count: sims,
    has_io: known && startsWithAny(upper, WITH_IO),
    has_ddns: !!ddnsMinimum && firmwareAtLeast(firmware, ddnsMinimum),
    has_data_usage: sims > 0,
    has_metrics: rutos,
    has_l2tp: rutos,
    has_second_modem: upper.startsWith('RUTX12') || upper.startsWith('RUTM5'),
    has_network_map: rutos,
    has_esim: known && startsWithAny(upper, WITH_ESIM),
    has_webfilter: rutos,
    has_vpn: known && family !== 'TSW',
    has_legacy_alerts: !!version && versionSatisfies(version, '<', firmwareVersion(LEGACY_ALERTS_BELOW)!),
  };
}
