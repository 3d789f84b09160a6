import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../engine/schema/load-fs';
import { loadedValues } from '../../engine/submit/require-change';
import { shapePayload } from '../../engine/submit/payload';
import { rows, signedIn, useServer, type Client } from './harness';

// The reads of one record that the edit forms load (GET /reports/{id}, /email-configurations/{id},
// /vpn/hubs/{id}, /devices/remote-access/{id}; the RMS API has none of them): the list's permission and
// tenancy, and never a secret. An edit form sent with its password left empty keeps the stored password.

const forms = loadDocuments('schemas').forms;
const {
  server,
  super: superAdmin,
  baltics,
} = useServer({
  super: 'super@example.com',
  baltics: 'baltics.admin@example.com',
});
const READS = ['/reports', '/email-configurations', '/vpn/hubs', '/devices/remote-access'];

/** The id of a record of a list outside Acme Baltics' companies (2 and 3), as the super admin sees them. */
async function foreignId(path: string) {
  const record = rows(await superAdmin.get(`/api${path}?limit=100`)).find(
    (r) => ![2, 3].includes(Number(r.company_id)),
  );
  expect(record, path).toBeDefined();
  return record!.id as number;
}

/** The body an edit form sends when opened on a record and submitted unchanged (its password left empty). */
async function unchangedForm(client: Client, form: string, path: string) {
  const doc = forms.get(form)!;
  const read = await client.get(`/api${path}`);
  expect(read.status).toBe(200);
  const keys = doc.fields.map((f) => f.key);
  return shapePayload(doc, loadedValues(read.body.data, keys));
}

describe('reads of one record', () => {
  let noPermissions: Client;

  beforeAll(async () => {
    // A user whose role grants nothing (the built-in support role).
    const { db } = server.app.ctx;
    const support = await db.selectFrom('roles').select('id').where('name', '=', 'support').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ role_id: support.id }).where('email', '=', 'newbie@example.com').execute();
    noPermissions = await signedIn(server, 'newbie@example.com');
  });

  it('answer the record as its list row shows it', async () => {
    for (const path of READS) {
      const [row] = rows(await superAdmin.get(`/api${path}?limit=1`));
      const reply = await superAdmin.get(`/api${path}/${String(row.id)}`);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toEqual({ success: true, data: row });
    }
  });

  it("answer 404 for another company's record and for an unknown id", async () => {
    for (const path of READS) {
      for (const id of [await foreignId(path), 999999]) {
        const reply = await baltics.get(`/api${path}/${id}`);
        expect(reply.status, `${path}/${id}`).toBe(404);
        expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
      }
    }
  });

  it('answer 403 without the permission', async () => {
    for (const path of READS) {
      const reply = await noPermissions.get(`/api${path}/${await foreignId(path)}`);
      expect(reply.status, path).toBe(403);
      expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'FORBIDDEN' }] });
    }
  });

  it('never answer a password', async () => {
    for (const path of ['/email-configurations', '/devices/remote-access']) {
      const { data } = (await superAdmin.get(`/api${path}/${await foreignId(path)}`)).body;
      // An SMTP configuration may say whether it has a password (password_set), never which.
      const secrets = Object.keys(data as object).filter((key) => key !== 'password_set');
      expect(
        secrets.filter((key) => /password|secret/.test(key)),
        path,
      ).toEqual([]);
    }
  });
});

describe('an edit form with its password left empty', () => {
  it('keeps the remote access password', async () => {
    const { db } = server.app.ctx;
    const id = rows(await baltics.get('/api/devices/remote-access?limit=1'))[0].id as number;
    const path = `/devices/remote-access/${id}`;
    const account = await baltics.put(`/api${path}`, { username: 'root', password: 'admin01' });
    expect(account.status).toBeLessThan(300);
    const stored = () =>
      db.selectFrom('remote_access').select(['username', 'password_secret']).where('id', '=', id).executeTakeFirst();
    const before = await stored();
    expect(before).toMatchObject({ username: 'root', password_secret: expect.any(String) });
    const body = await unchangedForm(baltics, 'edit-remote-access', path);
    expect(body).not.toHaveProperty('password');
    expect((await baltics.put(`/api${path}`, body)).status).toBeLessThan(300);
    // An empty password sent by another client is no change either.
    expect((await baltics.put(`/api${path}`, { password: '' })).status).toBeLessThan(300);
    expect(await stored()).toEqual(before);
  });

  it('keeps the SMTP password', async () => {
    const id = await foreignId('/email-configurations');
    const path = `/email-configurations/${id}`;
    const body = await unchangedForm(superAdmin, 'edit-email-configuration', path);
    expect(body).not.toHaveProperty('password');
    expect((await superAdmin.put(`/api${path}`, { ...body, port: 2465 })).status).toBeLessThan(300);
    const { details } = await server.app.ctx.db
      .selectFrom('records')
      .select('details')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(details)).toMatchObject({ port: 2465, password_set: true });
  });
});
