import { beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../engine/permissions/can';
import { loadDocuments } from '../../engine/schema/load-fs';
import type { SessionUser } from '../../engine/session/user';
import { signedIn, useServer, type Client } from './harness';

// Every form carries the permission of the call it makes, so the console
// never offers a guest a form the server refuses: the document's permission
// is held exactly when the server lets the call through.

const forms = [...loadDocuments('schemas').forms];
/** Any signed-in user may create personal access tokens for themselves. */
const OPEN_TO_EVERY_USER = new Set(['new-api-token']);
/** Calls whose route schema refuses an empty body (422) before the permission guard runs. */
const BODY_CHECKED_FIRST = new Set(['edit-company', 'edit-device']);
/**
 * 403s that are business rules, not the permission: the empty body is a partial update of role 1 (no title, so
 * the edit-role form does not apply), a default role, which no one may change.
 */
const RULE_REFUSALS = new Set(['Default roles cannot be changed.']);
const ruleRefusal = (body: unknown) =>
  RULE_REFUSALS.has(((body as { errors?: { message: string }[] } | undefined)?.errors ?? [])[0]?.message ?? '');

const { server } = useServer({});
const clients: Record<string, { client: Client; user: SessionUser }> = {};

beforeAll(async () => {
  for (const email of ['guest@example.com', 'advguest@example.com', 'admin@example.com', 'enduser@example.com']) {
    const client = await signedIn(server, email);
    clients[email] = { client, user: (await client.get('/api/user')).body.data as SessionUser };
  }
});

const fill = (endpoint: string) => endpoint.replace(/\{email\}/g, 'nobody@example.com').replace(/\{\w+\}|:\w+/g, '1');

describe('form permissions', () => {
  for (const [name, doc] of forms) {
    if (OPEN_TO_EVERY_USER.has(name)) continue;
    it(`${name} carries the permission of ${(doc.method ?? 'post').toUpperCase()} ${doc.endpoint}`, async () => {
      expect(doc.permission, name).toBeDefined();
      for (const [email, { client, user }] of Object.entries(clients)) {
        const method = (doc.method ?? 'post').toUpperCase();
        const url = `/api${fill(doc.endpoint)}`;
        const reply =
          doc.encoding === 'multipart'
            ? await client
                .raw(method, url, { body: new FormData() })
                .then((r) => ({ status: r.status, body: undefined }))
            : await client.request(method, url, method === 'DELETE' ? undefined : {});
        const opens = can(user, doc.permission);
        const refused =
          (reply.status === 403 && !ruleRefusal(reply.body)) ||
          (BODY_CHECKED_FIRST.has(name) && !opens && reply.status === 422);
        expect(refused, `${name} as ${email}: console opens ${opens}, server ${reply.status}`).toBe(!opens);
      }
    });
  }

  it('a guest opens no form but the personal token one', () => {
    const { user } = clients['guest@example.com'];
    expect(forms.filter(([name, doc]) => !OPEN_TO_EVERY_USER.has(name) && can(user, doc.permission))).toEqual([]);
  });
});
