import { describe, expect, it } from 'vitest';
import { Client, useServer } from './harness';

// The time zone is the user's, kept with the account (issue 32): chosen in one
// browser, every other browser the user signs in on shows dates in it.

const { server, admin } = useServer({ admin: 'admin@example.com' });
const zoneOf = async (client: Client) =>
  ((await client.get('/api/user')).body.data as { time_zone: unknown }).time_zone;

describe('the time zone of an account', () => {
  it('follows the user to another browser, refuses a zone that does not exist, and resets to the browser’s', async () => {
    expect(await zoneOf(admin)).toBeNull();
    const set = await admin.put('/api/account/user', { time_zone: 'Asia/Tokyo' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe('Timezone updated successfully');
    const elsewhere = new Client(server.url);
    await elsewhere.login('admin@example.com');
    expect(await zoneOf(elsewhere)).toBe('Asia/Tokyo');

    const bad = await admin.put('/api/account/user', { time_zone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The selected time zone is invalid.', source: 'time_zone' },
    ]);
    expect(await zoneOf(elsewhere)).toBe('Asia/Tokyo');
    // Without the anti-forgery header the cookie call changes nothing.
    expect((await admin.request('PUT', '/api/account/user', { time_zone: 'UTC' }, { xsrf: false })).status).toBe(403);
    expect(await zoneOf(admin)).toBe('Asia/Tokyo');

    expect((await elsewhere.put('/api/account/user', { time_zone: null })).status).toBe(200);
    expect(await zoneOf(admin)).toBeNull();
  });
});
