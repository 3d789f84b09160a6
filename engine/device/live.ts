// Live device state: the server pushes DeviceUpdated {data: {id, ...fields}}
// on the channel of the device's company; open lists and the device page
// patch the matching rows in place instead of reloading.

/** The fields a DeviceUpdated carries besides the id. */
export const LIVE_DEVICE_FIELDS = [
  'status',
  'last_connection_at',
  'router_uptime',
  'signal',
  'name',
  'temperature',
  'operator',
  'connection_type',
  'connection_state',
  'wan_ip',
] as const;

export type DeviceUpdate = { id: number } & Partial<Record<(typeof LIVE_DEVICE_FIELDS)[number], unknown>>;

/** The realtime channel of a company's devices. */
export const companyChannel = (companyId: unknown) => `company.${String(companyId)}`;

/** The update a DeviceUpdated payload carries: its id and only the live fields; undefined when malformed. */
export function readDeviceUpdate(payload: unknown): DeviceUpdate | undefined {
  const data = (payload as { data?: unknown } | null | undefined)?.data as Record<string, unknown> | undefined;
  const id = Number(data?.id);
  if (!data || !Number.isInteger(id)) return undefined;
  const update: DeviceUpdate = { id };
  for (const key of LIVE_DEVICE_FIELDS) if (key in data) update[key] = data[key];
  return update;
}

/** The rows with the update applied to the row of its id; the same array when no row matches. */
export function applyDeviceUpdate<T extends Record<string, unknown>>(rows: T[], update: DeviceUpdate): T[] {
  const index = rows.findIndex((row) => Number(row.id) === update.id);
  if (index < 0) return rows;
  const next = rows.slice();
  next[index] = { ...rows[index], ...update, id: rows[index].id };
  return next;
}

/** The company channels of the rows (each once, in order), for the subscriptions of an open list. */
export function liveChannels(rows: readonly { company_id?: unknown }[]): string[] {
  const ids = rows.map((row) => row.company_id).filter((id) => id !== undefined && id !== null && id !== '');
  return [...new Set(ids.map(companyChannel))];
}
