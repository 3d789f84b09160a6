import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rows, signedIn, startServer, type TestServer } from '../test/harness';

// The record lists the tabbed pages filter: reports by period (the report
// period tabs) and VPN hub users by hub (the hub's Clients tab).

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer({ devices: 10 });
  admin = await signedIn(server, 'super@example.com');
});
afterAll(() => server.close());

describe('record list filters', () => {
  it('lists reports of one period', async () => {
    const all = rows(await admin.get('/api/reports?limit=100'));
    const periods = [...new Set(all.map((r) => r.period))];
    expect(periods.length).toBeGreaterThan(1);
    for (const period of periods) {
      const reply = await admin.get(`/api/reports?limit=100&period=${period}`);
      expect(reply.status).toBe(200);
      const listed = rows(reply);
      expect(listed.length).toBe(all.filter((r) => r.period === period).length);
      for (const r of listed) expect(r.period).toBe(period);
    }
    expect(rows(await admin.get('/api/reports?period=single'))).toEqual([]);
  });

  it('lists the users of one VPN hub', async () => {
    const hubs = rows(await admin.get('/api/vpn/hubs?limit=100'));
    const users = rows(await admin.get('/api/vpn/hubs/users?limit=100'));
    expect(users.length).toBeGreaterThan(1);
    let matched = 0;
    for (const hub of hubs) {
      const reply = await admin.get(`/api/vpn/hubs/users?limit=100&vpn_hub_id=${hub.id}`);
      expect(reply.status).toBe(200);
      const listed = rows(reply);
      for (const user of listed) expect(user.hub).toBe(hub.name);
      expect(listed.length).toBe(users.filter((u) => u.hub === hub.name && u.company_id === hub.company_id).length);
      matched += listed.length;
    }
    expect(matched).toBe(users.length);
    expect(rows(await admin.get('/api/vpn/hubs/users?vpn_hub_id=999999'))).toEqual([]);
    expect((await admin.get('/api/vpn/hubs/users?vpn_hub_id=abc')).status).toBe(200);
  });
});
