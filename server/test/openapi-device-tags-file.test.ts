import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Reply, rows, signedIn, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';

// POST /devices/tags over real HTTP: a CSV file names devices by serial or
// MAC and the given tags are set on them; lines naming no device of the
// caller's companies come back as errors (207), refused calls tag nothing.

const document = loadDocument();
const validate = strictValidator(document);
const operation = operations(document).find((op) => op.key === 'POST /devices/tags')!;

const { server, admin } = useServer({ admin: 'admin@example.com' });
let devices: { id: number; serial: string; mac: string }[];
let tags: number[];
let foreign: { serial: string; tag: number };

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&limit=3&fields=id,serial,mac')) as typeof devices;
  tags = rows(await admin.get('/api/tags?company_id=1&limit=2')).map((t) => t.id as number);
  const globex = await signedIn(server, 'globex.admin@example.com');
  foreign = {
    serial: String(rows(await globex.get('/api/devices?limit=1&fields=serial'))[0].serial),
    tag: rows(await globex.get('/api/tags?limit=1'))[0].id as number,
  };
});

async function upload(fields: Record<string, string>, text?: string): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (text !== undefined) form.append('file', new Blob([text], { type: 'text/csv' }), 'devices.csv');
  const response = await admin.raw('POST', '/api/devices/tags', { body: form });
  const reply = { status: response.status, body: (await response.json()) as Record<string, unknown> } as Reply;
  const check = validate(operation, reply.status);
  expect(check, `no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
  return reply;
}

async function tagsOf(id: number) {
  const value = rows(await admin.get(`/api/devices?id=${id}&fields=id,tags`))[0].tags as { id: number }[];
  return value.map((t) => t.id).sort();
}

describe('POST /devices/tags (CSV file)', () => {
  it('sets tags on the devices a file names by serial, answering 207 with the lines it refused', async () => {
    const [a, b] = devices;
    const file = ['serial', a.serial, b.serial, '0000000000', foreign.serial, a.serial].join('\n');
    const reply = await upload({ first_parameter: 'serial', tag_id: tags.join(',') }, file);
    expect(reply.status).toBe(207);
    expect(reply.body.data).toEqual([a.id, b.id]);
    expect((reply.body.errors as { source: string }[]).map((e) => e.source).sort()).toEqual(
      ['0000000000', foreign.serial, a.serial].sort(),
    );
    expect(await tagsOf(a.id)).toEqual(expect.arrayContaining(tags));
    expect(await tagsOf(b.id)).toEqual(expect.arrayContaining(tags));
  });

  it('finds devices by MAC in any case, answering 200 when every line is taken', async () => {
    const c = devices[2];
    const reply = await upload(
      { first_parameter: 'mac', tag_id: JSON.stringify([tags[0]]) },
      `${c.mac.toLowerCase()}\r\n`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([c.id]);
    expect(await tagsOf(c.id)).toContain(tags[0]);
  });

  it('refuses bad calls with their source, tagging nothing', async () => {
    const c = devices[2];
    const before = await tagsOf(c.id);
    const cases: [Record<string, string>, string | undefined, string][] = [
      [{ first_parameter: 'serial', tag_id: String(foreign.tag) }, c.serial, 'tag_id'],
      [{ first_parameter: 'name', tag_id: String(tags[1]) }, c.serial, 'first_parameter'],
      [{ first_parameter: 'serial', tag_id: 'x' }, c.serial, 'tag_id'],
      [{ first_parameter: 'serial', tag_id: String(tags[1]) }, undefined, 'file'],
      [{ first_parameter: 'serial', tag_id: String(tags[1]) }, `0000000000\n${foreign.serial}`, '0000000000'],
      [{ first_parameter: 'serial', tag_id: String(tags[1]) }, 'serial\n', 'file'],
    ];
    for (const [fields, text, source] of cases) {
      const reply = await upload(fields, text);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toContain(source);
    }
    expect(await tagsOf(c.id)).toEqual(before);
    const guest = await signedIn(server, 'advguest@example.com');
    const form = new FormData();
    form.append('first_parameter', 'serial');
    expect((await guest.raw('POST', '/api/devices/tags', { body: form })).status).toBe(403);
  });
});
