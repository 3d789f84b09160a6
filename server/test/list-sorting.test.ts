import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { endpointKey } from '../../engine/contract/endpoint';
import { loadDocument, operations, type Operation } from '../openapi/document';
import { concreteUrl } from './openapi/paths';
import { signedIn, tokenClient, useServer, type Client } from './harness';

// Every sortable field of every list sorts, both ways, on both databases (the
// postgres project runs it on PostgreSQL, where ORDER BY a constant is an
// error, not a no-op): each GET route of the server is asked for an unknown
// sort field, and a list answers 422 naming the fields it sorts by; each of
// those must then answer 200, ascending and descending.

const { server } = useServer({}, { apiTokensPerMinute: 100_000 });
let api: Client;
const byKey = new Map(operations(loadDocument()).map((op) => [op.key, op]));

beforeAll(async () => {
  api = (await tokenClient(server, await signedIn(server, 'super@example.com'), TOKEN_SCOPES, 'sorting')).client;
});

/** The route as an operation: the OpenAPI's own where it has one (its path names and query), else the route's path. */
const operationOf = (path: string): Pick<Operation, 'path' | 'node'> =>
  byKey.get(endpointKey('GET', path)) ?? { path, node: {} };

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

describe('list sorting', () => {
  it('every sortable field of every list sorts both ways', async () => {
    const routes = server.app.ctx.routes.list().filter((r) => r.method === 'GET');
    const lists: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const url = await concreteUrl(api, operationOf(route.path));
      if (!url) continue;
      const probe = await api.raw('GET', withQuery(url, 'sort=no_such_field&limit=1'));
      if (probe.status !== 422) {
        await probe.arrayBuffer();
        continue;
      }
      const error = ((await probe.json()) as { errors: { source: string; message: string }[] }).errors[0];
      const named = error.source === 'sort' && /Sortable fields: (.*)\.$/.exec(error.message);
      if (!named) continue;
      lists.push(route.path);
      const sorts = named[1].split(', ').flatMap((field) => [field, `-${field}`]);
      await Promise.all(
        sorts.map(async (sort) => {
          const reply = await api.raw('GET', withQuery(url, `sort=${sort}&limit=5`));
          if (reply.status !== 200) failures.push(`${url} sort=${sort}: ${reply.status} ${await reply.text()}`);
          // Read to its end: an answer left unread holds its connection, and the server's close waits for it.
          else await reply.arrayBuffer();
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(lists.length, lists.join(' ')).toBeGreaterThanOrEqual(55);
  }, 180_000);
});
