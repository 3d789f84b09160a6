import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { NETWORKS } from '../resources/device-filters';
import { rows, tokenClient, useServer, type Client } from './harness';
import { sources } from './openapi/conforms';
import { statusCompleted } from './status';

// The enum-typed filters of GET /devices by the OpenAPI's names (issue 29,
// item 5), each checked against the devices' own fields; a name outside the
// enum is a 422 on the parameter.

const { server, superAdmin } = useServer({ superAdmin: 'super@example.com' });
let api: Client;
type Device = {
  id: number;
  signal: number | null;
  connection_type: string | null;
  last_connection_at: string | null;
  monitoring_enabled: number | boolean;
};
let all: Device[];

const FIELDS = 'id,signal,connection_type,last_connection_at,monitoring_enabled';
const ids = (devices: Device[]) => devices.map((d) => d.id);
const found = async (query: string) => {
  const reply = await api.get(`/api/devices?limit=1000&fields=id&sort=-id&${query}`);
  expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(200);
  expect((reply.body.meta as { total: number }).total, query).toBe(rows(reply).length);
  return rows(reply).map((d) => d.id as number);
};

beforeAll(async () => {
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'filters')).client;
  // The OpenAPI's wire format leaves out a null of a field it does not mark nullable.
  all = rows(await api.get(`/api/devices?limit=1000&sort=-id&fields=${FIELDS}`)).map((d) => ({
    ...d,
    signal: d.signal ?? null,
    connection_type: d.connection_type ?? null,
    last_connection_at: d.last_connection_at ?? null,
  })) as Device[];
});

const CELLULAR = NETWORKS;
const mobile = Object.values(CELLULAR).flat();
const seenAgo = (d: Device) => (d.last_connection_at ? Date.now() - Date.parse(d.last_connection_at) : null);
const MINUTE = 60_000;

const cases: [string, string, (d: Device) => boolean][] = [
  ['signal', 'excellent', (d) => d.signal !== null && d.signal >= -70],
  ['signal', 'average', (d) => d.signal !== null && d.signal < -70 && d.signal >= -85],
  ['signal', 'low', (d) => d.signal !== null && d.signal < -85],
  ['signal', 'no_signal', (d) => d.signal === null],
  ...Object.entries(CELLULAR).map(
    ([name, networks]) =>
      ['connection_type', name, (d: Device) => networks.includes(d.connection_type ?? '')] as [
        string,
        string,
        (d: Device) => boolean,
      ],
  ),
  ['connection_type', 'unknown', (d) => !mobile.includes(d.connection_type ?? '')],
  ['wan_state', 'wired', (d) => d.connection_type === 'Ethernet'],
  ['wan_state', 'mobile', (d) => mobile.includes(d.connection_type ?? '')],
  ['wan_state', 'unknown', (d) => d.connection_type === null || !['Ethernet', ...mobile].includes(d.connection_type)],
  ['network_state', 'unknown', () => true],
  ['network_state', 'roaming', () => false],
  ['information_updated', 'never_been_updated', (d) => d.last_connection_at === null],
  ['information_updated', 'more_than_1_week_ago', (d) => (seenAgo(d) ?? 0) > 7 * 24 * 60 * MINUTE],
  ['monitoring_status', 'monitored', (d) => Number(d.monitoring_enabled) === 1],
  ['monitoring_status', 'not_monitored', (d) => Number(d.monitoring_enabled) === 0],
];

describe('GET /devices enum filters by name', () => {
  it.each(cases)('%s=%s', async (param, value, matches) => {
    expect(await found(`${param}=${value}`)).toEqual(ids(all.filter(matches)));
  });

  it('has devices in the classes it checks, takes comma lists and ne:signal', async () => {
    for (const [param, value] of [
      ['signal', 'excellent'],
      ['signal', 'no_signal'],
      ['connection_type', '4g'],
      ['wan_state', 'wired'],
      ['monitoring_status', 'monitored'],
    ]) {
      expect((await found(`${param}=${value}`)).length, `${param}=${value}`).toBeGreaterThan(0);
    }
    const some = await found('signal=excellent,low');
    expect(some).toEqual(ids(all.filter((d) => d.signal !== null && (d.signal >= -70 || d.signal < -85))));
    expect((await found('ne:signal=no_signal')).length).toBe(all.filter((d) => d.signal !== null).length);
  });

  it("filters by the devices' scheduled firmware and configuration uploads", async () => {
    const chosen = ids(all.slice(0, 2));
    const file = rows(await api.get('/api/files?type=firmware&limit=1'))[0];
    const set = await api.post<{ meta: { channel: string } }>('/api/devices/updates/set', {
      file_id: file.id,
      device_id: chosen,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await statusCompleted(api, set.body.meta.channel);
    expect((await found('task=pending_firmware')).sort()).toEqual([...chosen].sort());
    const pending = rows(await api.get('/api/devices/updates/pending?limit=1000'));
    const firmware = await found('task=pending_firmware');
    const configuration = await found('task=pending_configuration');
    const none = await found('task=no_pending_task');
    expect(new Set([...firmware, ...configuration]).size + none.length).toBe(all.length);
    expect(none.some((id) => firmware.includes(id) || configuration.includes(id))).toBe(false);
    const withJobs = new Set(pending.map((job) => Number(job.device_id)));
    expect(new Set([...firmware, ...configuration])).toEqual(withJobs);
  });

  it('a name outside the enum is a 422 on the parameter', async () => {
    for (const [query, source] of [
      ['signal=strong', 'signal'],
      ['ne:signal=strong', 'ne:signal'],
      ['connection_type=4G', 'connection_type'],
      ['wan_state=fibre', 'wan_state'],
      ['network_state=away', 'network_state'],
      ['information_updated=yesterday', 'information_updated'],
      ['monitoring_status=1', 'monitoring_status'],
      ['task=pending', 'task'],
    ]) {
      const reply = await api.get(`/api/devices?${query}`);
      expect(reply.status, query).toBe(422);
      expect(sources(reply), query).toEqual([source]);
    }
  });
});
