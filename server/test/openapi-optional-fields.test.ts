import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';
import { sources } from './openapi/conforms';

// Fields the OpenAPI leaves optional that the console's forms ask for (issue
// 29, item 4): an RMS API client leaves them out and the call is taken, with
// the vendor's value (the caller's company, a name made of the moment); an
// edit changes only what it is sent.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let api: Client;
let ownCompany: number;

const NAMED_NOW = /^(Automation|Report) \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const record = async (path: string, id: number) =>
  rows(await api.get(`${path}?limit=100`)).find((r) => r.id === id) as Record<string, unknown>;

beforeAll(async () => {
  api = (await tokenClient(server, admin, TOKEN_SCOPES, 'optional')).client;
  ownCompany = ((await api.get('/api/user')).body.data as { company: { id: number } }).company.id;
});

describe('fields the OpenAPI leaves optional', () => {
  it('POST /automations without a name or company: named for its moment, in the caller’s company', async () => {
    const reply = await api.post('/api/automations', { enabled: false });
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const id = (reply.body.data as { id: number }).id;
    const made = await record('/api/automations', id);
    expect(made).toMatchObject({ company_id: ownCompany, enabled: false });
    expect(made.name).toMatch(NAMED_NOW);
    // A name sent empty is still refused: the default is for a name left out.
    const blank = await api.post('/api/automations', { name: ' ' });
    expect(blank.status).toBe(422);
    expect(sources(blank)).toEqual(['name']);
  });

  it('PUT /automations/{id} is a partial update: a description alone keeps the name and company', async () => {
    const made = await api.post('/api/automations', { name: 'Night watch', company_id: ownCompany });
    const id = (made.body.data as { id: number }).id;
    const reply = await api.put(`/api/automations/${id}`, { description: 'Reboots stalled routers' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await record('/api/automations', id)).toMatchObject({
      name: 'Night watch',
      company_id: ownCompany,
      description: 'Reboots stalled routers',
    });
  });

  it('POST /reports without a name: named for its moment', async () => {
    const reply = await api.post('/api/reports', {
      type: 'single',
      period: 'week',
      parameters: ['signal'],
      applied_by: 'company',
      apply_list: [ownCompany],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const reports = rows(await api.get('/api/reports?limit=100&sort=-id'));
    expect(reports[0].name).toMatch(NAMED_NOW);
  });

  it('POST /vpn/hubs without a company: the caller’s', async () => {
    const reply = await api.post('/api/vpn/hubs', { name: 'Frankfurt edge', hub_zone: 'frankfurt-1' });
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const id = (reply.body.data as { id: number }).id;
    expect(await record('/api/vpn/hubs', id)).toMatchObject({ name: 'Frankfurt edge', company_id: ownCompany });
  });

  it('PUT /devices/tasks/groups/{id} is a partial update: tasks alone keep the name, a name alone the tasks', async () => {
    const made = await api.post('/api/devices/tasks/groups', {
      name: 'Depot checks',
      tasks: [{ name: 'Check disk', type: 'command', timeout: '30', command: 'df -h' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = (made.body.data as { id: number }).id;
    const tasks = async () => rows(await api.get(`/api/devices/tasks?group_id=${id}`)).map((t) => t.name);
    const retasked = await api.put(`/api/devices/tasks/groups/${id}`, {
      tasks: [{ name: 'Uptime', type: 'command', timeout: '10', command: 'uptime' }],
    });
    expect(retasked.status, JSON.stringify(retasked.body)).toBe(200);
    expect((await record('/api/devices/tasks/groups', id)).name).toBe('Depot checks');
    expect(await tasks()).toEqual(['Uptime']);
    const renamed = await api.put(`/api/devices/tasks/groups/${id}`, { name: 'Depot uptime' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await record('/api/devices/tasks/groups', id)).name).toBe('Depot uptime');
    expect(await tasks()).toEqual(['Uptime']);
    // Sent empty, a required field is refused, and nothing changes.
    const emptied = await api.put(`/api/devices/tasks/groups/${id}`, { name: '' });
    expect(emptied.status).toBe(422);
    expect((await record('/api/devices/tasks/groups', id)).name).toBe('Depot uptime');
  });
});
