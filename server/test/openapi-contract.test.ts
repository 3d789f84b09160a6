import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { deref, wholeRecords } from '../openapi/conform';
import { loadDocument, operations, type OpenApiNode, type Operation } from '../openapi/document';
import { concretePath, concreteUrl, firstId, requiredQuery } from './openapi/paths';
import { mend } from './openapi/mends';
import { requestOf } from './openapi/sample';
import { strictValidator } from './openapi/strict-schema';
import { timestampChecker } from './openapi/timestamps';
import { rows, signedIn, tokenClient, useServer, type Client, type Reply } from './harness';
import { closeSockets, completed } from './sockets';

// The OpenAPI-driven contract test (issue 29, Tests): every operation of the
// vendor's OpenAPI, called with a personal access token as an RMS API client
// calls it, its request built from the OpenAPI's request schema (openapi/sample.ts), answers a success the OpenAPI lists for it, and the answer is
// checked strictly against the response schema of that status
// (openapi/strict-schema.ts: every required field, every type, the vendor's
// date pattern, every field of a whole record), its timestamps too
// (openapi/timestamps.ts). The server tests run on SQLite and on PostgreSQL
// (vite.config.ts), so this one does on both.
//
// Where the OpenAPI's example names a record of the vendor's (a company
// 7811, a device 46920) the request names one of ours instead (CASES): the
// record a write needs is found or made first. Nothing else of the request
// is changed unless CASES says why.

const document = loadDocument();

/** The statuses the OpenAPI lists for an operation. */
const statusesOf = (op: Operation) =>
  Object.keys((op.node.responses ?? {}) as OpenApiNode)
    .filter((status) => /^\d{3}$/.test(status))
    .map(Number);

/** A multipart body of an object's fields (a list as repeated `name[]`, a file as a small CSV). */
function multipart(body: Record<string, unknown>, files: Record<string, Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (files[name]) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, String(item));
    else if (value !== undefined) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) form.append(name, file, (file as File).name ?? name);
  return form;
}

/** What a case changes of the OpenAPI's request: the path, the body, the files of a multipart body. */
interface Case {
  /** The path under /api (with its query), instead of one made from the operation's list. */
  path?: () => Promise<string | null>;
  /** The body, given the one built from the OpenAPI. */
  body?: (built: Record<string, unknown>) => Promise<unknown> | unknown;
  files?: () => Record<string, Blob>;
}

const { server } = useServer({}, { apiTokensPerMinute: 100_000 });
let api: Client;
/** The same super admin signed in (a session): what a case sets up, following channels on the socket. */
let session: Client;

/** The id of a list's first row (the list under /api, with its query). */
async function idOf(list: string): Promise<number> {
  const id = await firstId(api, list);
  if (id === undefined) throw new Error(`no row in ${list}`);
  return id;
}
/** The ids of a list's rows. */
const idsOf = async (list: string, limit = 2) =>
  rows(await api.get(`/api${list}${list.includes('?') ? '&' : '?'}limit=${limit}&fields=id`)).map(
    (r) => r.id as number,
  );
/** A record made for the call, answered `data: {id}` or `data: [{id}]`. */
async function made(path: string, body: unknown): Promise<number> {
  const reply = await api.post(`/api${path}`, body);
  const data = reply.body.data as { id: number } | { id: number }[] | undefined;
  const id = Array.isArray(data) ? data[0]?.id : data?.id;
  if (reply.status >= 300 || !id) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return id;
}
/** Our devices of company 1 that answer (online). */
const online = (limit = 2) => idsOf('/devices?company_id=1&status=1&sort=id', limit);
let serial = 1700000000;
let uploadSerial = '';
let smtpOf = { id: 0, company_id: 0 };
const csv = (text: string, name: string) => new File([text], name, { type: 'text/csv' });

/** Fields the OpenAPI names that the server refuses (docs/api-compatibility.md, "Kept differences"): left out. */
const without =
  (...fields: string[]) =>
  (built: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(built).filter(([name]) => !fields.includes(name)));

const hubPath = (rest: string) => async () => `/api/vpn/hubs/${await idOf('/vpn/hubs?company_id=1')}/${rest}`;

const CASES: Record<string, Case> = {
  'GET /tasks/{}/download/passwords': {
    path: async () => {
      const data = (await online(1)).map((id) => ({ id, length: 12, use_special: 0 }));
      await completed(server.url, session, await session.post('/api/devices/passwords/generate', { data }));
      return `/api/tasks/${await idOf('/devices/passwords/generated/tasks')}/download/passwords`;
    },
  },
  'GET /images/{}': { path: async () => `/api/images/${await image()}` },
  'GET /images/{}/thumbnail': { path: async () => `/api/images/${await image()}/thumbnail` },
  'POST /companies': { body: (b) => ({ ...b, parent_id: 1 }) },
  'POST /companies/move': {
    body: async () => ({ source: await made('/companies', { name: 'Moved', parent_id: 1 }), target: 2 }),
  },
  // Its example's e-mail address starts with a space; one not yet invited.
  'POST /users/invite': { body: (b) => ({ ...b, company_id: 1, email: 'invited.contract@example.com' }) },
  'POST /tags': { body: (b) => ({ ...b, company_id: 1, name: 'Contract tag' }) },
  'PUT /devices': {
    body: async (b) => {
      const [device] = b.data as Record<string, unknown>[];
      return { data: [{ ...device, id: (await online(1))[0], tag_id: [await idOf('/tags?company_id=1')] }] };
    },
  },
  // A serial, MAC and IMEI not yet added; the example's firmware, configuration and tag ids are the vendor's.
  'POST /devices': {
    body: (b) => ({
      data: (b.data as Record<string, unknown>[]).map((device) => ({
        ...device,
        company_id: 1,
        serial: String(serial++),
        mac: '00:1E:42:AA:00:01',
        imei: '356000000000017',
        firmware_file_id: undefined,
        config_file_id: undefined,
        tag_id: undefined,
      })),
    }),
  },
  // Its `tag_id` example names the vendor's tags: one of ours.
  'PUT /devices/{}': { body: async (b) => ({ ...b, tag_id: [await idOf('/tags?company_id=1')] }) },
  'POST /devices/move': { body: async () => ({ device_id: await online(1), company_id: 2 }) },
  'POST /devices/import': {
    body: (b) => ({ ...b, company_id: 1, firmware_file_id: undefined, config_file_id: undefined, tag_id: undefined }),
    files: () => ({ file: csv(`serial,mac\n${serial++},00:1E:42:AA:00:02\n`, 'devices.csv') }),
  },
  'POST /devices/tags': {
    path: async () => {
      uploadSerial = String(rows(await api.get('/api/devices?company_id=1&limit=1&fields=serial'))[0].serial);
      return '/api/devices/tags';
    },
    body: async (b) => ({ ...b, first_parameter: 'serial', tag_id: [await idOf('/tags?company_id=1')] }),
    files: () => ({ file: csv(`serial\n${uploadSerial}\n`, 'devices.csv') }),
  },
  'PUT /devices/tags/assign': { body: async () => ({ data: [await deviceTags()] }) },
  'PUT /devices/tags/overwrite': { body: async () => ({ data: [await deviceTags()] }) },
  'PUT /devices/tags/unassign': { body: async () => ({ data: [await deviceTags()] }) },
  'POST /rms-connect/restart': {
    body: async () => {
      const { link_id, url } = await connectSession();
      await session.delete(`/api/devices/connect/sessions/${link_id}`);
      return { url };
    },
  },
  'POST /devices/{}/connect/webui': {
    path: async () => `/api/devices/${(await access('https')).device_id}/connect/webui`,
  },
  'POST /devices/{}/connect/cli': { path: async () => `/api/devices/${(await access('ssh')).device_id}/connect/cli` },
  'POST /devices/connect/{}': { path: async () => `/api/devices/connect/${(await access('ssh')).id}` },
  'POST /devices/connect/status': { body: async () => ({ id: [(await connectSession()).link_id] }) },
  'DELETE /devices/connect/sessions/{}': {
    path: async () => `/api/devices/connect/sessions/${(await connectSession()).link_id}`,
  },
  'POST /devices/remote-access': {
    // The list shape is a kept difference: one entry, flat.
    body: async (b) => ({ ...(b.data as Record<string, unknown>[])[0], device_id: (await online(1))[0] }),
  },
  // `tag_id` is a kept difference; the example's `device_id` (1) names a device of the vendor's: the entry
  // stays on its own.
  'PUT /devices/remote-access/{}': { body: without('tag_id', 'device_id') },
  'POST /devices/actions': { body: async () => ({ action: 'update_metrics_data', device_id: await online(1) }) },
  'POST /devices/updates/set': {
    body: async (b) => {
      const [row] = b.data as Record<string, unknown>[];
      // Its example's action (upload_backup) takes a configuration file.
      return { data: [{ ...row, id: (await online(1))[0], file_id: await idOf('/files?type=config') }] };
    },
  },
  'POST /devices/updates/cancel': {
    body: async () => {
      const data = [
        {
          id: (await online(1))[0],
          action: 'update_firmware',
          file_id: await idOf('/files?type=firmware'),
          offline: true,
        },
      ];
      await completed(server.url, session, await session.post('/api/devices/updates/set', { data }));
      const [job] = rows(await api.get('/api/devices/updates/pending?limit=1'));
      if (!job) throw new Error('no pending update');
      return { data: [{ id: job.device_id, job_id: [job.id] }] };
    },
  },
  'POST /devices/passwords/upload': {
    path: async () => {
      const device = rows(await api.get('/api/devices?company_id=1&limit=1&fields=serial'))[0];
      uploadSerial = String(device.serial);
      return '/api/devices/passwords/upload';
    },
    files: () => ({ file: csv(`serial,password\n${uploadSerial},Contract-Password-1\n`, 'passwords.csv') }),
  },
  'PUT /devices/credit': {
    // The OpenAPI requires `credit_type_id` beside `data` (and names it in each item too).
    body: async () => {
      const type = rows(await api.get('/api/credits?company_id=1&limit=1'))[0];
      const credit_type_id = Number(type?.credit_type_id ?? type?.license_type_id ?? 1);
      const device_id = (await online(1))[0];
      return { credit_type_id, data: [{ device_id, auto_extend_credit: 0, credit_enabled: 1, credit_type_id }] };
    },
  },
  // Its example's dates have spaces around them (" 2019-08-22 00:00:00 ").
  'POST /reports': { body: (b) => ({ ...b, start_date: '2026-11-01 00:00:00', end_date: '2026-11-02 00:00:00' }) },
  'PUT /reports/{}': { body: (b) => ({ ...b, start_date: '2026-11-01 00:00:00', end_date: '2026-11-02 00:00:00' }) },
  'POST /credits/move': { body: (b) => ({ ...b, source: 1, target: 2, amount: 1, credit_type_name: 'Paid Credit' }) },
  'POST /credits/codes': { body: (b) => ({ ...b, company_id: 1, amount: 1, credit_type_name: 'Paid Credit' }) },
  'POST /credits/codes/activate': {
    body: async () => {
      await api.post('/api/credits/codes', { company_id: 1, amount: 1, credit_type_name: 'Paid Credit' });
      const code = rows(await api.get('/api/credits/codes?sort=-id&limit=1'))[0];
      return { code: code.code };
    },
  },
  'PUT /credits/codes/{}': { path: async () => `/api/credits/codes/${await freshCode()}` },
  'DELETE /credits/codes/{}': { path: async () => `/api/credits/codes/${await freshCode()}` },
  'PUT /alerts-configurations/{}': {
    // An alert configuration and an SMTP configuration of one company.
    path: async () => {
      const smtps = rows(await api.get('/api/email-configurations?limit=100'));
      const alert = rows(await api.get('/api/alerts-configurations?limit=100')).find((a) =>
        smtps.some((c) => c.company_id === a.company_id),
      );
      if (!alert) throw new Error('no alert configuration of a company with an SMTP configuration');
      smtpOf = smtps.find((c) => c.company_id === alert.company_id) as { id: number; company_id: number };
      return `/api/alerts-configurations/${String(alert.id)}`;
    },
    body: (b) => ({ ...b, smtp_config_id: smtpOf.id }),
  },
  'POST /files': {
    body: (b) => ({ ...b, type: 'custom_file', company_id: 1 }),
    files: () => ({ file: new File(['contract'], 'contract.txt', { type: 'text/plain' }) }),
  },
  'POST /files/download/zip': { body: async () => ({ files: await idsOf('/files') }) },
  'POST /devices/tasks/groups/{}': {
    path: async () => `/api/devices/tasks/groups/${await idOf('/devices/tasks/groups')}`,
    body: async () => ({ device_id: await online(1) }),
  },
  // The OpenAPI's multipart body, `company_id[]` and `permission_id[]` as the vendor's PHP API reads lists.
  'POST /roles': { body: (b) => ({ ...b, title: 'Contract role', company_id: [1], permission_id: [1] }) },
  'PUT /roles/{}': {
    path: async () => `/api/roles/${await role()}`,
    body: (b) => ({ ...b, id: undefined, permission_id: [1] }),
  },
  'PUT /roles/permissions': { body: async () => ({ role_id: [await role()], permission_id: [1] }) },
  // `credits` has no example: one credit, as the integer the OpenAPI types.
  'POST /companies/data': { body: () => ({ company_id: 1, credits: 1 }) },
  'POST /vpn/hubs': {
    body: (b) => ({ ...without('description', 'hub_zone', 'vpn_type', 'tag_id')(b), company_id: 1 }),
  },
  'POST /vpn/hubs/connect': {
    body: async (b) => ({
      ...b,
      company_id: 1,
      tag_id: [],
      endpoint: (await online(2)).map((device_id) => ({ device_id })),
    }),
  },
  'POST /vpn/hubs/{}/devices/{}/rules': {
    path: async () => `/api/vpn/hubs/${(await hubDevice()).join('/devices/')}/rules`,
  },
  'POST /vpn/hubs/{}/devices/{}/sync': {
    path: async () => `/api/vpn/hubs/${(await hubDevice()).join('/devices/')}/sync`,
  },
  // Its `tag_id` example names the vendor's tags: none.
  'PUT /vpn/hubs/{}': { body: (b) => ({ ...b, tag_id: [] }) },
  'PUT /vpn/hubs/{}/toggle': { body: without('duration') },
  // Its `ip_address` has no example (a static one must be a host of the hub's network): the other mode.
  'POST /vpn/hubs/users/{}': { body: () => ({ mode: 'dhcp' }) },
  'POST /vpn/hubs/routes': {
    body: async () => {
      const user = rows(await api.get('/api/vpn/hubs/users?limit=100')).find((u) => u.type === 'custom_user');
      return {
        vpn_hub_id: user?.vpn_hub_id,
        ip_address: '172.21.0.0',
        netmask: '255.255.0.0',
        vpn_hub_user_id: user?.id,
      };
    },
  },
  // Its schema gives no example: a Wi-Fi setting of one of our devices.
  'POST /devices/configurator/configure': {
    body: async () => ({
      configuration: [
        {
          device_id: await online(1),
          path: '/api/wireless/interfaces/config/default_radio0',
          method: 'put',
          content_type: 'application/json',
          request_data: [JSON.stringify({ ssid: 'Contract' })],
        },
      ],
    }),
  },
  'POST /devices/configurator/templates/{}/use': { body: async () => ({ device_id: await online(1) }) },
  // The example's company is the vendor's.
  'POST /automations': { body: (b) => ({ ...b, company_id: 1 }) },
  'PUT /automations/{}': { body: (b) => ({ ...b, company_id: 1 }) },
  'PUT /automations/{}/devices': { body: async () => [{ devices: await online(1) }] },
  'PUT /automations/activate': { body: async () => [{ enable: true, automations: [await idOf('/automations')] }] },
  'PUT /automations/{}/devices/activation': {
    path: async () => `/api/automations/${await automationWithDevice()}/devices/activation`,
    body: async () => [{ enable: true, devices: await online(1) }],
  },
  'PUT /automations/devices/assign': { body: async () => ({ data: [await automationDevices()] }) },
  'PUT /automations/devices/unassign': { body: async () => ({ data: [await automationDevices()] }) },
  'PUT /devices/automations/overwrite': { body: async () => ({ data: [await deviceAutomations()] }) },
  'PUT /automations/devices/overwrite': { body: async () => ({ data: [await deviceAutomations()] }) },
  // The example of its `data` names a variable `description` its own schema does not have, and no URL.
  'PUT /data-collect/configs/{}': { body: () => dataCollect() },
  'PUT /data-collect/configs/assign': {
    body: async () => ({
      configs: [
        { id: String(await idOf('/data-collect/configs')), device_id: await online(1), period: 60, enabled: true },
      ],
    }),
  },
  'PUT /data-collect/configs/{}/unassign': {
    path: async () => {
      const id = await idOf('/data-collect/configs');
      await api.put('/api/data-collect/configs/assign', {
        configs: [{ id: String(id), device_id: await online(1), period: 60, enabled: true }],
      });
      return `/api/data-collect/configs/${id}/unassign`;
    },
    body: async () => ({ device_id: await online(1) }),
  },
  'POST /images': {
    body: (b) => ({ ...b, company_id: 1 }),
    files: () => ({ image: new File([PNG], 'logo.png', { type: 'image/png' }) }),
  },
  'PUT /images/{}': { path: async () => `/api/images/${await image()}` },
  'DELETE /images/{}': { path: async () => `/api/images/${await image()}` },
  'DELETE /companies/{}': {
    path: async () => `/api/companies/${await made('/companies', { name: 'Gone', parent_id: 1 })}`,
  },
  'DELETE /users/{}': {
    path: async () => `/api/users/${rows(await api.get('/api/users?company_id=4&sort=-id&limit=1'))[0].id}`,
  },
  'DELETE /devices': {
    body: async () => {
      const device = { company_id: 1, device_series: 'rut', serial: String(serial++), mac: '00:1E:42:AA:00:03' };
      return {
        device_id: [
          await made('/devices', { data: [{ ...device, name: 'Gone', password_confirmation: 'Password123' }] }),
        ],
      };
    },
  },
  'DELETE /devices/remote-access': { body: async () => ({ id: [await idOf('/devices/remote-access')] }) },
  'DELETE /devices/{}/hotspots/{}/users': {
    path: async () => {
      const [device] = await idsOf('/devices?family=RUT&sort=id', 1);
      await api.post(`/api/devices/${device}/hotspots/1/users`, { username: 'contract', password: 'Contract-1' });
      return `/api/devices/${device}/hotspots/1/users?username=contract`;
    },
  },
  'DELETE /devices/{}/alerts-configurations/{}': {
    path: async () => {
      const [device] = await online(1);
      // One made from the OpenAPI's own example of POST /devices/alerts-configurations.
      const create = operations(document).find((op) => op.key === 'POST /devices/alerts-configurations')!;
      const [row] = (requestOf(create)!.body as { data: Record<string, unknown>[] }).data;
      await made('/devices/alerts-configurations', { data: [{ ...row, device_id: device }] }).catch(() => undefined);
      // Its id from the database: the list answers on a channel.
      const alert = await server.app.ctx.db
        .selectFrom('device_alert_configurations')
        .select('id')
        .where('device_id', '=', device)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return `/api/devices/${device}/alerts-configurations/${String(alert.id)}`;
    },
  },
  'POST /vpn/hubs/{}/devices': { path: hubPath('devices'), body: async () => ({ device_id: await online(1) }) },
  'DELETE /vpn/hubs/{}/devices': {
    path: async () => {
      const [hub, device] = await hubDevice();
      deviceOfHub = device;
      return `/api/vpn/hubs/${hub}/devices`;
    },
    body: () => ({ device_id: [deviceOfHub] }),
  },
  'DELETE /vpn/hubs/routes/{}': {
    path: async () => {
      const user = rows(await api.get('/api/vpn/hubs/users?limit=100')).find((u) => u.type === 'custom_user')!;
      route = { ip_address: '172.22.0.0', netmask: '255.255.0.0', vpn_hub_user_id: user.id as number };
      await completed(
        server.url,
        session,
        await session.post('/api/vpn/hubs/routes', { ...route, vpn_hub_id: user.vpn_hub_id }),
      );
      return `/api/vpn/hubs/routes/${String(user.vpn_hub_id)}`;
    },
    body: () => route,
  },
  'DELETE /roles/{}': { path: async () => `/api/roles/${await role()}` },
  'DELETE /automations/{}/devices': {
    path: async () => `/api/automations/${await automationWithDevice()}/devices`,
    body: async () => [{ devices: await online(1) }],
  },
};

/** An unused credit code of company 1. */
async function freshCode(): Promise<number> {
  await api.post('/api/credits/codes', { company_id: 1, amount: 1, credit_type_name: 'Paid Credit' });
  return idOf('/credits/codes?is_used=0&sort=-id');
}
/** A remote access entry of company 1 of a protocol (https: WebUI, ssh: CLI). */
async function access(protocol: string) {
  const entry = rows(await api.get('/api/devices/remote-access?limit=100')).find(
    (e) => e.company_id === 1 && e.protocol === protocol,
  );
  if (!entry) throw new Error(`no ${protocol} remote access`);
  return entry as { id: number; device_id: number };
}
/** An open RMS Connect session of an ssh entry: its link id and url. */
async function connectSession(): Promise<{ link_id: number; url: string }> {
  const { id } = await access('ssh');
  const done = await completed(
    server.url,
    session,
    await session.post(`/api/devices/connect/${id}`, { duration: 120 }),
  );
  return done.data as { link_id: number; url: string };
}

/** A one-pixel PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
let imageId: number | undefined;
async function image(): Promise<number> {
  const form = new FormData();
  form.append('company_id', '1');
  form.append('type', 'device_dashboard');
  form.append('image', new File([PNG], 'logo.png', { type: 'image/png' }));
  const response = await api.raw('POST', '/api/images', { body: form });
  const body = (await response.json()) as { data?: { id: number } };
  imageId = body.data?.id ?? imageId;
  if (!imageId) throw new Error(`image: ${response.status} ${JSON.stringify(body)}`);
  return imageId;
}
/** A role of our own (the default ones are not to be changed). */
async function role(): Promise<number> {
  return made('/roles', { title: `Contract role ${serial++}`, company_id: [1], permission_id: [1] });
}
async function deviceTags() {
  return { device_id: (await online(1))[0], tag_id: [await idOf('/tags?company_id=1')] };
}
async function automationDevices() {
  return { automation_id: await idOf('/automations?company_id=1'), device_id: await online(1) };
}
async function deviceAutomations() {
  return { device_id: (await online(1))[0], automation_id: [await idOf('/automations?company_id=1')] };
}
async function automationWithDevice(): Promise<number> {
  const automation = await idOf('/automations?company_id=1');
  await api.put(`/api/automations/${automation}/devices`, [{ devices: await online(1) }]);
  return automation;
}
let deviceOfHub = 0;
let route: Record<string, unknown> = {};
/** A hub of company 1 with one of our devices: [hub, device]. */
async function hubDevice(): Promise<[number, number]> {
  const hub = await idOf('/vpn/hubs?company_id=1');
  const [device] = await online(1);
  await api.post(`/api/vpn/hubs/${hub}/devices`, { device_id: [device] });
  return [hub, device];
}
const dataCollect = () => ({
  name: 'Signal quality',
  company_id: 1,
  api_version: '1.0',
  api_system: 'rutos',
  period: 60,
  enabled: true,
  device_documentation_id: 1,
  data: [{ url: '/modems/status', variables: [{ id: 'rsrp', type: 'number', filter: '$.data.rsrp' }] }],
});

const validate = strictValidator(document, mend);
const checkTimestamps = timestampChecker(document);

beforeAll(async () => {
  session = await signedIn(server, 'super@example.com');
  api = (await tokenClient(server, session, TOKEN_SCOPES, 'contract')).client;
});
afterAll(closeSockets);

interface Outcome {
  status: number;
  body: unknown;
  contentType: string;
}

async function call(op: Operation): Promise<Outcome | string> {
  const special = CASES[op.key];
  const path = special?.path ? await special.path() : op.method === 'GET' ? await concreteUrl(api, op) : null;
  const url = path ?? (op.method === 'GET' ? null : await concretePath(api, op).then((p) => p && `/api${p}`));
  if (!url) return 'no record to name in its path';
  const query = op.method !== 'GET' && !special?.path ? requiredQuery(op) : '';
  const request = requestOf(op);
  let built = request?.body;
  if (special?.body) built = await special.body((built ?? {}) as Record<string, unknown>);
  let init: { body?: BodyInit; headers?: Record<string, string> } = {};
  if (request?.type === 'multipart/form-data') {
    init = { body: multipart((built ?? {}) as Record<string, unknown>, special?.files?.() ?? {}) };
  } else if (built !== undefined) {
    init = { body: JSON.stringify(built), headers: { 'content-type': 'application/json' } };
  }
  const full = `${url}${query && url.includes('?') ? `&${query.slice(1)}` : query}`;
  const response = await api.raw(op.method, full, init);
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const body: unknown = contentType.includes('json') && text ? JSON.parse(text) : text;
  return { status: response.status, body, contentType };
}

/** What is wrong with an operation's answer ('' when nothing). */
function wrong(op: Operation, outcome: Outcome): string {
  const { status, body } = outcome;
  const brief = JSON.stringify(body).slice(0, 300);
  if (status >= 300) return `answered ${status}: ${brief}`;
  if (!statusesOf(op).includes(status)) return `answered ${status}, the OpenAPI lists ${statusesOf(op).join(', ')}`;
  const check = validate(op, status);
  if (!check) {
    // A file (a CSV, a PDF, a ZIP) or an answer without a body: its media type as the OpenAPI gives it.
    const response = deref(document, (op.node.responses as OpenApiNode)[String(status)]);
    // Compared without parameters (charset); `application/octet-stream` is any file's bytes.
    const media = (type: string) => type.split(';')[0].trim();
    const types = Object.keys((response?.content ?? {}) as OpenApiNode).map(media);
    const type = media(outcome.contentType);
    const any = types.some((t) => t === type || t === '*/*' || t === 'application/octet-stream');
    return types.length && !any ? `${type}, the OpenAPI gives ${types.join(', ')}` : '';
  }
  if (!check(body)) return `${status} not of its schema: ${JSON.stringify(check.errors?.slice(0, 3))} ${brief}`;
  const stamps = checkTimestamps(body, deref(document, validateSchema(op, status)), '');
  return stamps.length ? stamps.slice(0, 3).join('; ') : '';
}

function validateSchema(op: Operation, status: number): OpenApiNode | undefined {
  const response = deref(document, (op.node.responses as OpenApiNode)[String(status)]);
  const content = (response?.content as OpenApiNode | undefined)?.['application/json'] as OpenApiNode | undefined;
  return deref(document, content?.schema);
}

const records = wholeRecords(document);
/** Whether an operation's 200 answer is a whole record, or a list of them (conform.ts wholeRecords). */
function recordRead(op: Operation): boolean {
  const data = deref(document, (validateSchema(op, 200)?.properties as OpenApiNode | undefined)?.data);
  const record = data?.type === 'array' ? deref(document, data.items) : data;
  return Boolean(record && records.has(record));
}

/**
 * The record reads that still answer no record after the writes, for the records this test names (so no record
 * of theirs is checked field by field here; their empty answers are checked): not yet given data by the test
 * (the information history of a given moment, a VPN hub's logs and its users' logs after the writes removed the
 * hubs, a quick hub's routes, a configurator run's log, a device's automations and custom data). Open: each should
 * get a record made first and leave this list; a read that starts answering rows fails the test until it does.
 */
const NO_RECORD_TO_READ = [
  'GET /devices/{}/information-history',
  'GET /devices/{}/information-history/parameter',
  'GET /vpn/quick-hubs/{}/routes',
  'GET /vpn/hubs/{}/logs',
  'GET /vpn/hubs/{}/logs/user-connections',
  'GET /vpn/hubs/{}/users/{}/logs',
  'GET /devices/{}/configurator/logs/{}',
  'GET /devices/{}/automations',
  'GET /devices/{}/custom-data',
];

/** Reads first, then writes, deletions last (they may remove the records later calls name). */
const ORDER = (op: Operation) => (op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : 1);

describe('OpenAPI contract (every operation, with a token)', () => {
  it('every operation answers a success the OpenAPI lists, of its schema', async () => {
    const all = operations(document).sort((a, b) => ORDER(a) - ORDER(b));
    expect(all.length).toBe(229);
    const failures: string[] = [];
    for (const op of all) {
      const outcome = await call(op).catch((error: Error) => `could not be set up: ${error.message}`);
      const problem = typeof outcome === 'string' ? outcome : wrong(op, outcome);
      if (problem) failures.push(`${op.key}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('reads every record again after the writes, each checked strictly with a record in it (or listed)', async () => {
    // The reads once the writes made their records (device logs, sessions, pending updates, credit history,
    // images): a list with no row checks no record's fields. The device of a device's reads is one the writes
    // touched, the dates a range around the seeded data.
    const [device] = await online(1);
    // A session open on an ssh entry and one on an https entry's device (the links and sessions reads).
    const ssh = await access('ssh');
    await connectSession();
    const https = await access('https');
    await completed(
      server.url,
      session,
      await session.post(`/api/devices/${https.device_id}/connect/webui`, { duration: 600 }),
      201,
    );
    const [wifi] = await idsOf('/devices?family=RUT&sort=id', 1);
    const AGAIN: Record<string, string> = {
      'GET /devices/{}/links': `/api/devices/${https.device_id}/links?type=webui`,
      'GET /devices/connect/{}/sessions': `/api/devices/connect/${ssh.id}/sessions`,
      'GET /devices/{}/hotspots': `/api/devices/${wifi}/hotspots`,
      'GET /devices/{}/wireless': `/api/devices/${wifi}/wireless`,
    };
    const reads = operations(document).filter((op) => op.method === 'GET' && recordRead(op));
    const empty: string[] = [];
    const failures: string[] = [];
    for (const op of reads) {
      const url = await concreteUrl(api, op);
      if (!url) {
        empty.push(op.key);
        continue;
      }
      const again =
        AGAIN[op.key] ??
        url
          .replace(/^\/api\/devices\/\d+\//, `/api/devices/${device}/`)
          .replace(/start_date=[^&]*/, 'start_date=2026-10-01+00%3A00%3A00')
          .replace(/end_date=[^&]*/, 'end_date=2026-12-31+23%3A59%3A59');
      const none = (reply: Reply) => (Array.isArray(reply.body.data) ? !reply.body.data.length : !reply.body.data);
      let reply = await api.get(url);
      if (none(reply) && again !== url) {
        const other = await api.get(again);
        if (other.status === 200) reply = other;
      }
      const problem = wrong(op, { status: reply.status, body: reply.body, contentType: 'application/json' });
      if (problem) failures.push(`${url}: ${problem}`);
      if (none(reply)) empty.push(op.key);
    }
    expect(failures).toEqual([]);
    expect(empty).toEqual(NO_RECORD_TO_READ);
  }, 120_000);
});
