import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, signedIn, useServer, type Client } from './harness';
import { closeSockets, completed, type Completed } from './sockets';

// Device access of the RMS API over real HTTP: editing and bulk-removing
// remote access entries, the check action, RMS Connect sessions (connect,
// links, sessions, status, close, logs) with their expiry on the server's
// clock, each asynchronous answer completed on its channel; another tenant's
// records are refused and bad input changes nothing.

let clock = Date.parse('2026-11-20T10:00:00.000Z');
const { server, admin, baltics } = useServer(
  { admin: 'admin@example.com', baltics: 'baltics.admin@example.com' },
  { now: () => new Date(clock) },
);
afterAll(closeSockets);

const entriesOf = async (client: Client, query: string) =>
  rows(await client.get(`/api/devices/remote-access?limit=100&${query}`));

let ssh: Record<string, unknown>;
let https: Record<string, unknown>;
let foreign: Record<string, unknown>;
/** A tag of the foreign entry's company. */
let globexTag: number;

beforeAll(async () => {
  const own = await entriesOf(admin, 'company_id=1');
  ssh = own.find((e) => e.protocol === 'ssh')!;
  https = own.find((e) => e.protocol === 'https')!;
  const superAdmin = await signedIn(server, 'super@example.com');
  // Globex Telecom: a separate tenant.
  foreign = (await entriesOf(superAdmin, 'q=')).find((e) => String(e.company_name).startsWith('Globex'))!;
  expect([ssh, https, foreign].every(Boolean)).toBe(true);
  globexTag = rows(await superAdmin.get(`/api/tags?company_id=${String(foreign.company_id)}&limit=1`))[0].id as number;
});

describe('remote access entries', () => {
  it('updates an entry and refuses bad input and other tenants without a change', async () => {
    const url = `/api/devices/remote-access/${ssh.id}`;
    const ownTag = rows(await admin.get('/api/tags?company_id=1&limit=1'))[0].id as number;
    const done = await completed(
      server.url,
      admin,
      await admin.put(url, { name: 'Core switch SSH', destination_port: 2222 }),
    );
    expect(done).toMatchObject({ total: 1, done: 1, status: 'completed' });
    const [after] = await entriesOf(admin, `id=${ssh.id}`);
    expect(after).toMatchObject({ name: 'Core switch SSH', destination_port: 2222, protocol: 'ssh' });
    for (const [body, source] of [
      [{ destination_ip: '300.1.1.1' }, 'destination_ip'],
      [{ destination_port: 70000 }, 'destination_port'],
      [{ protocol: 'gopher' }, 'protocol'],
      [{ name: '  x  ' }, 'name'],
      [{ tag_id: [globexTag] }, 'tag_id'],
      [{ tag_id: [ownTag, ownTag] }, 'tag_id'],
      [{ name: 'Tagged and refused', tag_id: [ownTag, globexTag] }, 'tag_id'],
      [{ device_id: foreign.device_id }, 'device_id'],
    ] as const) {
      const reply = await admin.put(url, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source).toBe(source);
    }
    expect(await entriesOf(admin, `id=${ssh.id}`)).toEqual([after]);
    expect(after.tags).toEqual([]);

    // Tags (the OpenAPI's tag_id): overwritten with tags of the entry's company, answered as {id, name}.
    const tags = rows(await admin.get('/api/tags?company_id=1&limit=2&sort=id')).map((t) => ({
      id: t.id,
      name: t.name,
    }));
    await completed(server.url, admin, await admin.put(url, { tag_id: tags.map((t) => t.id).reverse() }));
    expect((await entriesOf(admin, `id=${ssh.id}`))[0]).toMatchObject({ name: 'Core switch SSH', tags });
    await completed(server.url, admin, await admin.put(url, { destination_port: 2223 }));
    expect((await entriesOf(admin, `id=${ssh.id}`))[0].tags).toEqual(tags);
    await completed(server.url, admin, await admin.put(url, { tag_id: [] }));
    expect((await entriesOf(admin, `id=${ssh.id}`))[0]).toMatchObject({ destination_port: 2223, tags: [] });
    expect((await baltics.put(url, { name: 'Taken over' })).status).toBe(404);
    expect((await admin.put(`/api/devices/remote-access/${foreign.id}`, { name: 'Taken over' })).status).toBe(404);
  });

  it('creates entries from the RMS API’s list body, each checked as the form’s, all or nothing', async () => {
    const count = async () => (await entriesOf(admin, 'company_id=1')).length;
    const before = await count();
    const entry = (name: string, extra: Record<string, unknown> = {}) => ({
      device_id: ssh.device_id,
      name,
      destination_ip: '192.168.1.20',
      destination_port: 8000,
      protocol: 'http',
      ...extra,
    });
    const post = (body: unknown) => admin.post('/api/devices/remote-access', body);
    // One bad entry: nothing is created, and each error names its entry.
    const bad = await post({
      data: [entry('List one'), entry('x'), entry('List three', { device_id: foreign.device_id })],
    });
    expect(bad.status).toBe(422);
    const sources = (bad.body.errors as { source: string }[]).map((e) => e.source);
    expect(sources).toContain('data.1.name');
    expect(await count()).toBe(before);
    const foreignDevice = await post({
      data: [entry('List one'), entry('List three', { device_id: foreign.device_id })],
    });
    expect(foreignDevice.status).toBe(422);
    expect(foreignDevice.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The selected device is invalid.', source: 'data.1.device_id' },
    ]);
    expect((await post({ data: [] })).body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'Give at least one item.', source: 'data' },
    ]);
    expect(await count()).toBe(before);
    const reply = await post({
      data: [entry('List one'), entry('List two', { protocol: 'https', credentials_required: true })],
    });
    const result = await completed(server.url, admin, reply, 201);
    expect(result).toMatchObject({ total: 2, done: 2, failed: 0 });
    const { ids } = result.data as { ids: number[] };
    const made = await entriesOf(admin, `id=${ids.join(',')}`);
    const summary = made.map((e) => [e.name, e.protocol, e.destination_port, e.credentials_required]);
    expect(summary.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['List one', 'http', 8000, false],
      ['List two', 'https', 8000, true],
    ]);
    expect(await count()).toBe(before + 2);
    await completed(server.url, admin, await admin.delete('/api/devices/remote-access', { id: ids }));
  });

  it('bulk-removes entries all or nothing', async () => {
    const [a, b] = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const reply = await admin.post('/api/devices/remote-access', {
          device_id: ssh.device_id,
          name: `Bulk ${name}`,
          protocol: 'http',
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        return (reply.body.data as { id: number }).id;
      }),
    );
    // One id outside the caller's companies: nothing is removed.
    const mixed = await admin.delete('/api/devices/remote-access', { id: [a, foreign.id] });
    expect(mixed.status).toBe(422);
    expect((mixed.body.errors as { source: string }[])[0].source).toBe('id');
    expect((await entriesOf(admin, `id=${a},${b}`)).length).toBe(2);
    for (const body of [{ id: [] }, { id: [a, a] }, { id: ['x'] }, {}]) {
      expect((await admin.delete('/api/devices/remote-access', body)).status, JSON.stringify(body)).toBe(422);
    }
    const done = await completed(server.url, admin, await admin.delete('/api/devices/remote-access', { id: [a, b] }));
    expect(done).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(await entriesOf(admin, `id=${a},${b}`)).toEqual([]);
  });

  it('checks whether the device entries are reachable; nothing is ever blocked', async () => {
    const url = `/api/devices/${ssh.device_id}/remote-access`;
    const done = await completed(server.url, admin, await admin.post(`${url}/check`));
    const entries = await entriesOf(admin, `device_id=${ssh.device_id}`);
    expect(done.total).toBe(entries.length);
    expect((done.data as { id: number; reachable: boolean }[]).map((e) => e.id).sort()).toEqual(
      entries.map((e) => e.id).sort(),
    );
    expect((await admin.post(`${url}/unblock`)).status).toBe(422);
    expect((await admin.post(`${url}/open`)).status).toBe(422);
    expect((await baltics.post(`${url}/check`)).status).toBe(404);
  });
});

describe('RMS Connect sessions', () => {
  const link = (done: Completed) => done.data as { link_id: number; url: string; ttl: number };

  it('opens a session with a link on the rms-connect page and expires it on the clock', async () => {
    const done = await completed(
      server.url,
      admin,
      await admin.post(`/api/devices/connect/${ssh.id}`, { duration: 60 }),
    );
    const { link_id, url, ttl } = link(done);
    expect(url).toMatch(new RegExp(`^/rms-connect/ssh\\?access_id=${ssh.id}&key=[\\w-]{20,}$`));
    expect(ttl).toBe(60);
    const sessions = async (query = '') => rows(await admin.get(`/api/devices/connect/${ssh.id}/sessions${query}`));
    const [session] = await sessions('?active=true');
    expect(session).toMatchObject({ id: link_id, url, ttl: 60, start_time: Math.floor(clock / 1000) });
    expect(session.username).toBeTypeOf('string');
    clock += 30_000;
    expect((await sessions('?active=true'))[0]).toMatchObject({ id: link_id, ttl: 30 });
    const status = await completed(
      server.url,
      admin,
      await admin.post('/api/devices/connect/status', { id: [link_id] }),
    );
    expect(status.data).toEqual([{ id: link_id, active: true, ttl: 30 }]);
    clock += 31_000;
    expect((await sessions('?active=true')).map((s) => s.id)).not.toContain(link_id);
    expect((await sessions('?active=false')).map((s) => s.id)).toContain(link_id);
  });

  it('answers the WebUI and CLI links of a device and closes a session', async () => {
    const device = https.device_id;
    const web = link(
      await completed(
        server.url,
        admin,
        await admin.post(`/api/devices/${device}/connect/webui`, { duration: 600 }),
        201,
      ),
    );
    expect(web.url).toMatch(/^\/rms-connect\/webui\/[\w-]+\/$/);
    const links = rows(await admin.get(`/api/devices/${device}/links?type=webui`));
    // The links' url is a URI (the OpenAPI's `format: uri`): the session's path on the console's address.
    expect(links).toEqual([
      expect.objectContaining({ link_id: web.link_id, url: `${server.url}${web.url}`, ttl: 600, active: 1 }),
    ]);
    expect(rows(await admin.get(`/api/devices/${device}/links?type=cli`))).toEqual([]);
    expect((await admin.get(`/api/devices/${device}/links`)).status).toBe(422);
    const closed = await completed(
      server.url,
      admin,
      await admin.delete(`/api/devices/connect/sessions/${web.link_id}`),
    );
    expect(closed).toMatchObject({ done: 1, failed: 0 });
    expect(rows(await admin.get(`/api/devices/${device}/links?type=webui`))).toEqual([]);
    // Closing it twice changes nothing more.
    expect(
      await completed(server.url, admin, await admin.delete(`/api/devices/connect/sessions/${web.link_id}`)),
    ).toMatchObject({
      done: 0,
      failed: 1,
    });
  });

  it('refuses bad durations, devices without an entry of the kind and other tenants', async () => {
    const count = async () =>
      (await admin.get('/api/devices/connect/logs?start_date=2000-01-01&end_date=2100-01-01')).body.meta as {
        total: number;
      };
    const before = (await count()).total;
    for (const duration of [9, 86_401, '60', null]) {
      const reply = await admin.post(`/api/devices/connect/${ssh.id}`, { duration });
      expect(reply.status, String(duration)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source).toBe('duration');
    }
    expect((await admin.post(`/api/devices/connect/${ssh.id}`, {})).status).toBe(422);
    expect((await baltics.post(`/api/devices/connect/${ssh.id}`, { duration: 60 })).status).toBe(404);
    expect((await admin.post(`/api/devices/connect/${foreign.id}`, { duration: 60 })).status).toBe(404);
    expect((await baltics.post(`/api/devices/${ssh.device_id}/connect/cli`, { duration: 60 })).status).toBe(404);
    // The seed gives each device one entry: the HTTPS entry's device has no CLI one.
    expect(await entriesOf(admin, `device_id=${https.device_id}`)).toHaveLength(1);
    expect((await admin.post(`/api/devices/${https.device_id}/connect/cli`, { duration: 60 })).status).toBe(422);
    expect((await admin.post('/api/devices/connect/status', { id: [999_999] })).status).toBe(422);
    expect((await baltics.delete('/api/devices/connect/sessions/1')).status).toBe(404);
    expect((await count()).total).toBe(before);
  });

  it('lists the connection logs by date, type, activity and an allow-listed sort', async () => {
    const logs = (query: string) => admin.get(`/api/devices/connect/logs?${query}`);
    const all = await logs('start_date=2000-01-01&end_date=2100-01-01&limit=100');
    expect(all.status).toBe(200);
    const data = rows(all);
    expect(data.length).toBeGreaterThan(0);
    expect(Object.keys(data[0]).sort()).toEqual(
      ['company_name', 'end_time', 'id', 'input_data', 'output_data', 'start_time', 'type', 'username'].sort(),
    );
    const today = new Date(clock).toISOString().slice(0, 10);
    // The vendor's Y-m-d H:i:s bounds: the WebUI session opened at the clock's time, not a second before.
    const moment = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');
    const webuiUntil = async (at: number) =>
      rows(await logs(`start_date=${today} 00:00:00&end_date=${moment(at)}&type=webui`)).length;
    expect([await webuiUntil(clock - 1000), await webuiUntil(clock)]).toEqual([0, 1]);
    const ours = rows(await logs(`start_date=${today}&end_date=${today}&limit=100`));
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(ours.every((row) => String(row.start_time).startsWith(today))).toBe(true);
    expect(rows(await logs(`start_date=${today}&end_date=${today}&type=lan-webui`))).toEqual([]);
    expect(rows(await logs(`start_date=${today}&end_date=${today}&type=webui`)).length).toBe(1);
    const sorted = rows(await logs('start_date=2000-01-01&end_date=2100-01-01&sort=start_date&limit=100'));
    const starts = sorted.map((row) => String(row.start_time));
    expect(starts).toEqual([...starts].sort());
    for (const query of [
      'end_date=2100-01-01',
      'start_date=2000-01-01',
      'start_date=2000-02-30&end_date=2100-01-01',
      'start_date=yesterday&end_date=2100-01-01',
      'start_date=2000-01-01&end_date=2100-01-01&sort=password',
      'start_date=2000-01-01&end_date=2100-01-01&type=ftp',
    ]) {
      const reply = await logs(query);
      expect(reply.status, query).toBe(422);
      expect((reply.body.errors as { source: string | null }[])[0].source, query).toBeTruthy();
    }
    // A page is bounded whatever the limit asks for.
    expect(rows(await logs('start_date=2000-01-01&end_date=2100-01-01&limit=100000')).length).toBeLessThanOrEqual(100);
    // Another tenant sees none of these sessions.
    const theirs = rows(await baltics.get(`/api/devices/connect/logs?start_date=${today}&end_date=${today}`));
    expect(theirs.map((row) => row.id)).not.toContain(ours[0].id);
  });
});
