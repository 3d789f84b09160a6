import { describe, expect, it } from 'vitest';
import { Client, rows, tokenClient, useServer } from './harness';
import { statusCompleted, type StatusMessages } from './status';

// The vendor's HTTP Status API (issue 29, item 2): GET /status/channel/{channel}
// under the status base URL, with the session cookie or a personal access
// token, answers an action channel's messages so far keyed by device id or
// "-1", by the socket's channel rules.

const { server, admin, globex, enduser } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  enduser: 'enduser@example.com',
});

type Status = { success: boolean; data: StatusMessages };

async function tagAssign(client: Client): Promise<string> {
  const devices = rows(await admin.get('/api/devices?company_id=1&limit=3&fields=id')).map((d) => d.id);
  const reply = await client.post<{ meta: { channel: string } }>('/api/devices/tags/assign', {
    device_id: devices,
    tag_id: 2,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.meta.channel;
}

describe('the HTTP status channel', () => {
  it("answers a bulk job's messages so far, with the session cookie and with a token", async () => {
    const channel = await tagAssign(admin);
    const data = await statusCompleted(admin, channel);
    expect(data['-1'].at(-1)).toEqual({
      status: 'completed',
      value: 'Action executed successfully.',
      total: 3,
      done: 3,
      failed: 0,
    });
    // The same channel, polled with a token of the same user (whatever its scopes), and from a token's own call.
    const { client: reader } = await tokenClient(server, admin, ['tags:read'], 'status reader');
    expect((await reader.get<Status>(`/status/channel/${channel}`)).body).toEqual({ success: true, data });
    const { client: writer } = await tokenClient(server, admin, ['devices:write'], 'status writer');
    const own = await statusCompleted(writer, await tagAssign(writer));
    expect(own['-1'].at(-1)).toMatchObject({ status: 'completed', done: 3 });
  });

  it("refuses another user's channel (403), an unknown one (404), and a caller signed out or with a bad token (401)", async () => {
    const channel = await tagAssign(admin);
    await statusCompleted(admin, channel);
    const foreign = await globex.get(`/status/channel/${channel}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      success: false,
      errors: [{ code: 'FORBIDDEN', message: 'You are not allowed to subscribe to this channel.', source: null }],
    });
    const { client: foreignToken } = await tokenClient(server, globex, ['devices:read'], 'foreign');
    expect((await foreignToken.get(`/status/channel/${channel}`)).status).toBe(403);
    const unknown = await admin.get('/status/channel/action.00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
    expect((await new Client(server.url).get(`/status/channel/${channel}`)).status).toBe(401);
    expect((await new Client(server.url, 'rms_pat_not-a-token').get(`/status/channel/${channel}`)).status).toBe(401);
  });

  it("follows the socket's rules for the live channels: one's own notifications and companies, nothing kept", async () => {
    const me = (await enduser.get<{ data: { id: number } }>('/api/user')).body.data.id;
    expect((await enduser.get(`/status/channel/notifications.${me}`)).body).toEqual({ success: true, data: {} });
    expect((await enduser.get(`/status/channel/notifications.${me + 1}`)).status).toBe(403);
    expect((await admin.get('/status/channel/company.1')).status).toBe(200);
    expect((await globex.get('/status/channel/company.1')).status).toBe(403);
    expect((await admin.get('/status/channel/nothing.1')).status).toBe(403);
  });

  it('answers an unknown path under the status base in the envelope', async () => {
    const reply = await admin.get('/status/nothing');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
  });
});
