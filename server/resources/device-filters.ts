import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context';
import { jsonInteger, jsonText } from '../db/dialect';
import { invalid } from '../http/envelope';
import { NO_VALUE, type FieldExpr, type FilterFn } from '../http/list-query';

// The enum-typed filters of GET /devices by the OpenAPI's names (beside
// status, in ./devices-list.ts): each value a condition on what the devices
// reported or what is pending for them; a comma list is any of them; a name
// outside the enum is a 422 on the parameter, never an empty list.
//
// signal (dBm): excellent -70 and above, average -85 to -71, low below -85,
// no_signal none reported. connection_type by the network the modem reported
// (5G/5G-NSA/NR, 4G/LTE, 3G/WCDMA/UMTS/HSPA, 2G/GSM/EDGE/GPRS; unknown for
// anything else). wan_state: wired for Ethernet, wifi for a wireless WAN,
// mobile for a cellular network, unknown otherwise. information_updated by
// the last connection. monitoring_status by the monitoring switch. task by the
// device's scheduled jobs (a firmware or a configuration upload). The devices
// report no roaming state: network_state is unknown for every device.

type Conditions = Record<string, RawBuilder<unknown>>;

/** A filter answering any of the named conditions. */
export function namedFilter(conditions: Conditions): FilterFn {
  return (values, param) => {
    const picked = values.map((value) => {
      const condition = Object.hasOwn(conditions, value) ? conditions[value] : undefined;
      if (!condition) {
        throw invalid([param, `The selected ${param} is invalid. Allowed: ${Object.keys(conditions).join(', ')}.`]);
      }
      return condition;
    });
    return sql`(${sql.join(picked, sql` or `)})`;
  };
}

/** The networks a modem reports, by the OpenAPI's connection_type. */
export const NETWORKS: Record<string, string[]> = {
  '5g': ['5G', '5G-NSA', '5G-SA', 'NR'],
  '4g': ['4G', 'LTE', 'LTE-A'],
  '3g': ['3G', 'WCDMA', 'UMTS', 'HSPA', 'HSPA+', 'HSDPA', 'HSUPA'],
  '2g': ['2G', 'GSM', 'EDGE', 'GPRS'],
};
const CELLULAR = Object.values(NETWORKS).flat();
const WIRELESS_WAN = ['WiFi', 'Wi-Fi', 'WLAN'];

type Expr = RawBuilder<unknown>;
const type = sql.ref('d.connection_type');
const among = (names: string[], column: Expr = type) => sql`${column} in (${sql.join(names)})`;
const noneOf = (names: string[], column: Expr = type) =>
  sql`(${column} is null or ${column} not in (${sql.join(names)}))`;
/** By the network a modem reported (the column of its connection type). */
const connectionTypeFilter = (column: Expr = type) =>
  namedFilter({
    ...Object.fromEntries(Object.entries(NETWORKS).map(([name, networks]) => [name, among(networks, column)])),
    unknown: noneOf(CELLULAR, column),
  });

/** No device reports a roaming state: every device's network state is unknown. */
const UNREPORTED_NETWORK_STATE = namedFilter({ home: sql`1 = 0`, roaming: sql`1 = 0`, unknown: sql`1 = 1` });

export function deviceEnumFilters(ctx: AppContext): Record<string, FilterFn> {
  const signal = sql.ref('d.signal');
  const seen = sql.ref('d.last_connection_at');
  const ago = (ms: number) => new Date(ctx.now().getTime() - ms).toISOString();
  const MINUTE = 60_000;
  /** Whether a device has a scheduled job of these actions (its device action log). */
  const scheduled = (actions: string[]) =>
    sql`exists (select 1 from records r where r.kind = 'device_action_log' and r.status = 'scheduled' and ${jsonText(ctx.db, 'r.details', 'action')} in (${sql.join(actions)}) and ${jsonInteger(ctx.db, 'r.details', 'device_id')} = d.id)`;
  return {
    signal: namedFilter({
      excellent: sql`${signal} >= -70`,
      average: sql`(${signal} < -70 and ${signal} >= -85)`,
      low: sql`${signal} < -85`,
      no_signal: sql`${signal} is null`,
    }),
    connection_type: connectionTypeFilter(),
    wan_state: namedFilter({
      wired: among(['Ethernet']),
      wifi: among(WIRELESS_WAN),
      mobile: among(CELLULAR),
      unknown: noneOf(['Ethernet', ...WIRELESS_WAN, ...CELLULAR]),
    }),
    network_state: UNREPORTED_NETWORK_STATE,
    information_updated: namedFilter({
      never_been_updated: sql`${seen} is null`,
      less_than_5_minutes_ago: sql`${seen} >= ${ago(5 * MINUTE)}`,
      more_than_5_minutes_ago: sql`${seen} < ${ago(5 * MINUTE)}`,
      more_than_1_hour_ago: sql`${seen} < ${ago(60 * MINUTE)}`,
      more_than_1_week_ago: sql`${seen} < ${ago(7 * 24 * 60 * MINUTE)}`,
    }),
    monitoring_status: namedFilter({
      monitored: sql`d.monitoring_enabled = 1`,
      not_monitored: sql`d.monitoring_enabled = 0`,
    }),
    task: namedFilter({
      pending_firmware: scheduled(['firmware_upload']),
      pending_configuration: scheduled(['config_upload']),
      no_pending_task: sql`not ${scheduled(['firmware_upload', 'config_upload'])}`,
    }),
  };
}

/** The modem details the device list filters by (the OpenAPI's names, the second modem's with _2). */
const MODEM_FILTERS = [
  'operator_2',
  'modem_model',
  'modem_model_2',
  'modem_manufacturer',
  'modem_manufacturer_2',
  'modem_firmware',
  'modem_firmware_2',
] as const;
/** Of those, the ones the OpenAPI negates with `ne:` (the manufacturers' with `ne_`). */
export const MODEM_NEGATABLE = ['operator_2', 'modem_firmware', 'modem_firmware_2', 'signal_2'];

/**
 * The modem filters. Devices report one modem's operator and network and no modem details here, so the record's
 * fields are null (NO_VALUE): a value matches no device and its negation every device, and connection_type_2,
 * signal_2 and network_state_2 still refuse a name outside their enum.
 */
export function modemFilters(): Record<string, FieldExpr | FilterFn> {
  const other: FilterFn = (values) => sql`(${NO_VALUE} in (${sql.join(values)})) is not true`;
  return {
    ...Object.fromEntries(MODEM_FILTERS.map((name) => [name, NO_VALUE])),
    ne_modem_manufacturer: other,
    ne_modem_manufacturer_2: other,
    connection_type_2: connectionTypeFilter(NO_VALUE),
    // No second modem reports a signal or a network state: every device has none and an unknown one.
    signal_2: namedFilter({ excellent: sql`1 = 0`, average: sql`1 = 0`, low: sql`1 = 0`, no_signal: sql`1 = 1` }),
    network_state_2: UNREPORTED_NETWORK_STATE,
  };
}
