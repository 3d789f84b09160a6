import { loadDocument, type OpenApiNode, type Operation } from '../../openapi/document';
import { rows, type Client } from '../harness';
import { parameterValue } from './strict-schema';

// Concrete URLs for the OpenAPI's operations (and the server's other routes,
// spelled the same way), for tests that call every operation: path ids come
// from the operation's own list (the list at the path's start) or from the
// list named below, required query parameters from the OpenAPI's examples.

const document = loadDocument();

/** Where the id of a path comes from when it is not the list at the path's start. */
const ID_SOURCES: Record<string, string> = {
  '/devices/tags/{id}/data': '/tags',
  '/devices/companies/{id}/data': '/companies',
  '/devices/connect/{access_id}/sessions': '/devices/remote-access',
  '/vpn/hubs/{id}/logs': '/vpn/hubs',
  '/vpn/hubs/{id}/logs/user-connections': '/vpn/hubs',
  '/tasks/{id}/devices': '/devices/passwords/generated/tasks',
  '/vpn/quick-hubs/{id}/routes': '/vpn/hubs?quick_hub=1',
  '/vpn/quick-hubs/{id}/users/config': '/vpn/hubs?quick_hub=1',
  '/devices/tags/{id}/group/data': '/tags',
  '/devices/companies/{id}/group/data': '/companies',
  // Devices that answer scans: online ones.
  '/devices/{id}/port-scan/': '/devices?status=1',
  '/devices/{id}/connect-auto-scan/': '/devices?status=1',
  '/devices/{id}/check/esim-bootstrap': '/devices?status=1',
  // The seeded Wi-Fi devices (the first RUT) have a hotspot (index 1) and wireless interfaces.
  '/devices/{id}/hotspots/{index}/users': '/devices?family=RUT&sort=id',
  '/devices/{id}/hotspots/{index}/users/active': '/devices?family=RUT&sort=id',
  '/devices/{device_id}/wireless/graph': '/devices?family=RUT&sort=id',
};

/** A second path id taken from a field of the rows of a list under the first: [list path, field]. */
const CHILD_IDS: Record<string, [string, string]> = {
  '/automations/{id}/logs/{evaluation_id}': ['/automations/{id}/logs', 'evaluation_id'],
};

/** Paths of a record inside another: both ids from one row of a list, [list, the row's field naming the parent]. */
const PARENT_IDS: Record<string, [string, string]> = {
  '/vpn/hubs/{id}/users/{hub_user_id}/logs': ['/vpn/hubs/users', 'vpn_hub_id'],
};

/** Further path parameters whose example names no record: their value. */
const PATH_VALUES: Record<string, string> = { index: '1' };

/** Required query values the OpenAPI gives no usable example for (or misplaces as path parameters). */
const QUERY_VALUES: Record<string, Record<string, string>> = {
  '/devices/tags/{id}/group/data': { parameter: 'temperature' },
  '/devices/companies/{id}/group/data': { parameter: 'temperature' },
  '/devices/{id}/connect-auto-scan/': { ports: '80,443' },
  '/devices/{device_id}/wireless/graph': { wlan: 'wlan0' },
};

/** Query parameters the OpenAPI misplaces (declared as path parameters of a path without them): [param, list]. */
const QUERY_IDS: Record<string, [string, string]> = {
  '/vpn/hubs/routes': ['vpn_hub_id', '/vpn/hubs'],
  '/vpn/hubs/users/config': ['vpn_hub_users', '/vpn/hubs/users'],
};

/** The first row of a list (undefined: no row, or no list there). */
async function firstRow(api: Client, list: string): Promise<Record<string, unknown> | undefined> {
  const data = rows(await api.get(`/api${list}${list.includes('?') ? '&' : '?'}limit=1`)) as unknown;
  return Array.isArray(data) ? (data[0] as Record<string, unknown> | undefined) : undefined;
}

/** The id of a list's first row. */
export const firstId = async (api: Client, list: string) => (await firstRow(api, list))?.id as number | undefined;

/** The operation's path with its ids filled in (null: no record to name), without its query. */
export async function concretePath(api: Client, op: Pick<Operation, 'path' | 'node'>): Promise<string | null> {
  const name = /\{(\w+)\}/.exec(op.path)?.[1];
  const parent = PARENT_IDS[op.path];
  if (parent) {
    const row = await firstRow(api, parent[0]);
    return row ? op.path.replace(/\{\w+\}/, String(row[parent[1]])).replace(/\{\w+\}/, String(row.id)) : null;
  }
  const misplaced = QUERY_IDS[op.path];
  if (misplaced) return `${op.path}?${misplaced[0]}=${await firstId(api, misplaced[1])}`;
  if (!name) return op.path;
  const source = ID_SOURCES[op.path] ?? op.path.slice(0, op.path.indexOf('/{'));
  const id = await firstId(api, source);
  if (!id) return null;
  const child = CHILD_IDS[op.path];
  if (child) {
    const list = child[0].replace(`{${name}}`, String(id));
    const second = (await firstRow(api, list))?.[child[1]] as string | undefined;
    return second ? op.path.replace(`{${name}}`, String(id)).replace(/\{\w+\}/, second) : null;
  }
  // Further path parameters (a hotspot index, a graph type): their first enum value, example or 1.
  return op.path.replace(`{${name}}`, String(id)).replace(/\{(\w+)\}/g, (_, other: string) => {
    const parameter = ((op.node.parameters as OpenApiNode[] | undefined) ?? []).find((p) => p.name === other);
    const schema = (parameter?.schema ?? {}) as OpenApiNode;
    return String(PATH_VALUES[other] ?? (schema.enum as unknown[] | undefined)?.[0] ?? schema.example ?? 1);
  });
}

/** The required query parameters of the operation, from the OpenAPI's examples ('' or '?a=b'). */
export function requiredQuery(op: Pick<Operation, 'path' | 'node'>): string {
  const pairs = ((op.node.parameters as unknown[] | undefined) ?? [])
    .map((p) => parameterValue(document, p))
    .filter((p): p is [string, string] => p !== null)
    .map(([name, value]): [string, string] => [name, QUERY_VALUES[op.path]?.[name] ?? value]);
  for (const [name, value] of Object.entries(QUERY_VALUES[op.path] ?? {})) {
    if (!pairs.some(([n]) => n === name)) pairs.push([name, value]);
  }
  return pairs.length ? `?${new URLSearchParams(pairs)}` : '';
}

/** The operation's URL under /api, ids and required query filled in (null: no record to name). */
export async function concreteUrl(api: Client, op: Pick<Operation, 'path' | 'node'>): Promise<string | null> {
  const path = await concretePath(api, op);
  if (!path) return null;
  const extra = requiredQuery(op);
  return `/api${path}${extra && path.includes('?') ? `&${extra.slice(1)}` : extra}`;
}
