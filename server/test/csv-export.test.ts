import { describe, expect, it } from 'vitest';
import { csvField } from '../http/csv-export';
import { rows, signedIn, useServer, type Client } from './harness';

// CSV export of the filtered device list: every page, the caller's devices only, bad queries refused.

const { server, admin } = useServer({ admin: 'admin@example.com' }, { devices: 2400 });

async function csv(client: Client, query: string) {
  const response = await client.raw('GET', `/api/devices/export/csv?${query}`);
  return { response, lines: (await response.text()).split('\r\n').filter(Boolean) };
}

describe('device CSV export', () => {
  it('streams every row of the filtered list, beyond one page', async () => {
    const total = (await admin.get('/api/devices?status=1&limit=1')).body.meta as { total: number };
    expect(total.total).toBeGreaterThan(1000);
    const { response, lines } = await csv(admin, 'status=1&fields=id,name,serial,status&sort=name&limit=10');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="devices-.*\.csv"/);
    expect(lines[0]).toBe('id,name,serial,status');
    expect(lines).toHaveLength(total.total + 1);
    const first = rows(await admin.get('/api/devices?status=1&fields=id&sort=name&limit=1'))[0];
    expect(lines[1].startsWith(`${first.id},`)).toBe(true);
    expect(lines.slice(1).every((line) => line.endsWith(',1'))).toBe(true);
  });

  it("exports only the caller's tenancy and refuses bad queries", async () => {
    const globex = await signedIn(server, 'globex.admin@example.com');
    const { lines } = await csv(globex, 'fields=company_name');
    expect(new Set(lines.slice(1))).toEqual(new Set(['Globex Telecom']));
    expect((await csv(admin, 'sort=password')).response.status).toBe(422);
    expect((await server.app.inject({ method: 'GET', url: '/api/devices/export/csv' })).statusCode).toBe(401);
  });

  it('quotes what CSV needs quoted and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-55)).toBe('-55');
    expect(csvField([{ name: 'Riga' }, { name: 'Oslo' }])).toBe('"Riga, Oslo"');
    expect(csvField(null)).toBe('');
  });
});
