import { beforeAll, describe, expect, it } from 'vitest';
import { rows, signedIn, useServer } from './harness';

// List query parameters of the RMS API: limit (default 10), offset, q,
// fields, sort with '-', id lists, search-fields; the trigram index answers
// exactly what a substring search would.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let all: Record<string, unknown>[];

beforeAll(async () => {
  all = rows(await admin.get('/api/devices?limit=1000&fields=id,name,serial,mac,imei,company_id'));
});

const contains = (d: Record<string, unknown>, q: string) =>
  ['name', 'serial', 'mac', 'imei'].some((f) =>
    String(d[f] ?? '')
      .toLowerCase()
      .includes(q.toLowerCase()),
  );

describe('list queries', () => {
  it('pages with limit 10 by default, newest first, with the total', async () => {
    const first = await admin.get('/api/devices');
    expect(rows(first)).toHaveLength(10);
    expect((first.body.meta as { total: number }).total).toBe(all.length);
    const ids = rows(first).map((d) => d.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = rows(await admin.get('/api/devices?offset=10&limit=10'));
    expect(second[0].id).toBeLessThan(ids[9]);
  });

  it('selects fields, filters by id lists and sorts by several fields', async () => {
    const picked = rows(await admin.get(`/api/devices?fields=id,name&id=${all[0].id},${all[1].id}`));
    expect(picked.map((d) => Object.keys(d).sort())).toEqual([
      ['id', 'name'],
      ['id', 'name'],
    ]);
    const sorted = rows(await admin.get('/api/devices?sort=status,-name&limit=50&fields=id,status,name'));
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      expect(Number(a.status) < Number(b.status) || (a.status === b.status && String(a.name) >= String(b.name))).toBe(
        true,
      );
    }
  });

  it('searches substrings case-insensitively, through the index and without it', async () => {
    for (const q of [
      'riga',
      'RUTX',
      '00:1E:42:00:00:1',
      'ri',
      '7',
      String(all.find((d) => d.imei)?.imei).slice(3, 11),
    ]) {
      const reply = await admin.get(`/api/devices?q=${encodeURIComponent(q)}&limit=1000&fields=id`);
      const expected = all.filter((d) => contains(d, q)).map((d) => d.id);
      expect(
        rows(reply)
          .map((d) => d.id)
          .sort(),
        q,
      ).toEqual(expected.sort());
      expect((reply.body.meta as { total: number }).total, q).toBe(expected.length);
    }
  });

  it('narrows the search with search-fields as the global search sends them', async () => {
    const reply = await admin.get(
      '/api/devices?q=riga&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color',
    );
    expect(rows(reply).every((d) => String(d.name).toLowerCase().includes('riga'))).toBe(true);
    // A device's name in the global search covers what operators know it by: serial, MAC and IMEI.
    const device = all.find((d) => d.imei)!;
    for (const key of ['serial', 'mac', 'imei']) {
      const found = rows(await admin.get(`/api/devices?q=${String(device[key])}&search-fields=name,email&fields=id`));
      expect(
        found.map((d) => d.id),
        key,
      ).toContain(device.id);
    }
    // One column searched through the index: a name's text is not found in serials.
    const bySerial = rows(await admin.get('/api/devices?q=riga&limit=1000&search-fields=serial&fields=id'));
    expect(bySerial.map((d) => d.id)).toEqual(
      all.filter((d) => String(d.serial).toLowerCase().includes('riga')).map((d) => d.id),
    );
    expect(rows(await admin.get(`/api/devices?q=${String(device.serial)}&search-fields=serial&fields=id`))).toEqual([
      { id: device.id },
    ]);
    const users = rows(await admin.get('/api/users?q=baltics&search-fields=name,email'));
    expect(users.map((u) => u.email)).toEqual(['baltics.admin@example.com']);
  });

  it('keeps the search index in step with renames and removals', async () => {
    const id = all[0].id;
    await admin.put(`/api/devices/${id}`, { name: 'Zanzibar gateway' });
    expect(rows(await admin.get('/api/devices?q=zanzibar&fields=id')).map((d) => d.id)).toEqual([id]);
    await admin.delete('/api/devices', { device_id: [id] });
    await new Promise((r) => setTimeout(r, 300));
    expect(rows(await admin.get('/api/devices?q=zanzibar&fields=id'))).toEqual([]);
  });

  it('never serves a cached total or caller after a write', async () => {
    const total = async () => (await admin.get('/api/tags?limit=1')).body.meta as { total: number };
    const before = (await total()).total;
    expect((await total()).total).toBe(before);
    await admin.post('/api/tags', { company_id: 1, name: 'Cache buster' });
    expect((await total()).total).toBe(before + 1);
    const enduser = await signedIn(server, 'enduser@example.com');
    expect((await enduser.get('/api/devices?limit=1')).status).toBe(200);
    await admin.post('/api/password-confirmation', { password: 'Demo-Password-1' });
    await admin.delete('/api/admin/users/enduser@example.com');
    expect((await enduser.get('/api/devices?limit=1')).status).toBe(401);
  });

  it('roles page with limit and offset (no option twice in a scrolled lookup) and sort by allowed fields only', async () => {
    const everything = await admin.get('/api/roles?limit=100');
    const total = (everything.body.meta as { total: number }).total;
    expect(total).toBeGreaterThan(5);
    const first = rows(await admin.get('/api/roles?limit=5'));
    const next = rows(await admin.get('/api/roles?limit=5&offset=5'));
    expect(first).toHaveLength(5);
    expect(next).toHaveLength(Math.min(5, total - 5));
    expect(first.filter((r) => next.some((n) => n.id === r.id))).toEqual([]);
    const titles = rows(await admin.get('/api/roles?limit=100&sort=-title')).map((r) => String(r.title));
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a)));
    const refused = await admin.get('/api/roles?sort=password');
    expect(refused.status).toBe(422);
    expect((refused.body.errors as { source: string }[])[0].source).toBe('sort');
  });

  it('role permissions, online devices and hub logs sort and search by their allow lists only', async () => {
    const sources = async (url: string) => {
      const reply = await admin.get(url);
      expect(reply.status, url).toBe(422);
      return (reply.body.errors as { source: string }[]).map((e) => e.source);
    };
    const roleId = rows(await admin.get('/api/roles?sort=-permissions_count&limit=1'))[0].id;
    // A hub with clients: its logs hold their seeded week of sessions.
    const hubId = rows(await admin.get('/api/vpn/hubs/users?limit=1'))[0].vpn_hub_id as number;
    const permissions = `/api/roles/${String(roleId)}/permissions`;
    const lists = [permissions, '/api/statistics/devices/online', `/api/vpn/hubs/${String(hubId)}/logs`];
    for (const url of lists) expect(await sources(`${url}?sort=password`)).toEqual(['sort']);
    // Lists without a search refuse q; search-fields outside the list's search are refused.
    for (const url of lists.slice(1)) expect(await sources(`${url}?q=x`)).toEqual(['q']);
    expect(await sources(`${permissions}?q=device&search-fields=password`)).toEqual(['search-fields']);
    expect(await sources('/api/roles?q=x&search-fields=password')).toEqual(['search-fields']);
    const admins = rows(await admin.get('/api/roles?q=ADMIN&limit=100'));
    expect(admins.length).toBeGreaterThan(0);
    for (const r of admins) expect(`${String(r.title)} ${String(r.name)}`.toLowerCase()).toContain('admin');

    const whole = rows(await admin.get(permissions));
    expect(whole.length).toBeGreaterThan(10);
    const byTitle = rows(await admin.get(`${permissions}?sort=-title`)).map((p) => String(p.title));
    expect(byTitle).toHaveLength(whole.length);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => b.localeCompare(a)));
    const searched = rows(await admin.get(`${permissions}?q=DEVICE&search-fields=title`));
    const expected = whole.filter((p) => String(p.title).toLowerCase().includes('device'));
    expect(searched.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(expected.length).toBeGreaterThan(0);

    const online = rows(await admin.get('/api/statistics/devices/online?sort=-total')).map((f) => f.total);
    expect(online.length).toBeGreaterThan(1);
    expect(online).toEqual([...online].sort((a, b) => Number(b) - Number(a)));
    const logs = rows(await admin.get(`/api/vpn/hubs/${String(hubId)}/logs?sort=-created_at`));
    expect(logs).toHaveLength(7);
    const days = logs.map((l) => String(l.created_at));
    expect(days).toEqual([...days].sort().reverse());
  });

  it("statistics add up over the caller's fleet", async () => {
    const general = (await admin.get('/api/statistics')).body.data as Record<string, number>;
    const current = (await admin.get('/api/devices?limit=1')).body.meta as { total: number };
    expect(general.total).toBe(current.total);
    expect(general.online + general.offline + general.pending + general.not_activated).toBe(general.total);
    const models = rows(await admin.get('/api/devices/statistics'));
    expect(models.reduce((n, m) => n + Number(m.total), 0)).toBe(general.total);
  });
});
