import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { deref } from '../openapi/conform';
import { loadDocument, operations } from '../openapi/document';
import { concreteUrl } from './openapi/paths';
import { signedIn, tokenClient, useServer, type Client } from './harness';

// Query parameters as the OpenAPI types them (issue 29, item 5), for every
// enum-typed query parameter of every GET operation: each of the OpenAPI's
// values is taken (a success), and a value outside the enum is a 422 with the
// parameter as its source, never a silently empty list. Sent with a token, as
// an RMS API client sends them.

const document = loadDocument();

/** "GET /path parameter": [every enum value of it] of the OpenAPI. */
const enumParameters = operations(document)
  .filter((op) => op.method === 'GET')
  .flatMap((op) =>
    ((op.node.parameters as unknown[] | undefined) ?? [])
      .map((node) => deref(document, node)!)
      .filter((p) => p.in === 'query')
      .map((p) => {
        const schema = deref(document, p.schema) ?? {};
        const values = (schema.enum ?? deref(document, schema.items)?.enum) as string[] | undefined;
        return { op, name: String(p.name), values };
      })
      .filter((p): p is typeof p & { values: string[] } => Array.isArray(p.values)),
  );

/**
 * "GET /path parameter=value" of the OpenAPI's values this server refuses, or "GET /path parameter" of the
 * parameters it does not check (docs/api-compatibility.md, "Query parameters"): any other fails the test.
 */
const KEPT = ['GET /devices/statistics charts'];

const { server } = useServer({}, { apiTokensPerMinute: 100_000 });
let api: Client;

beforeAll(async () => {
  api = (await tokenClient(server, await signedIn(server, 'super@example.com'), TOKEN_SCOPES, 'enums')).client;
});

/** The URL with the query parameter set to the value. */
function withParameter(url: string, name: string, value: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${path}?${params.toString().replaceAll('%3A', ':')}`;
}

describe('enum-typed query parameters', () => {
  it('take every value the OpenAPI gives, and answer a value outside the enum with a 422 on the parameter', async () => {
    expect(enumParameters.length).toBeGreaterThan(30);
    const differences: string[] = [];
    for (const { op, name, values } of enumParameters) {
      const url = await concreteUrl(api, op);
      expect(url, `${op.key}: no record to name`).not.toBeNull();
      for (const value of values) {
        const reply = await api.raw('GET', withParameter(url!, name, value));
        expect(reply.status, `${op.key} ${name}=${value}`).toBeLessThan(500);
        if (reply.status >= 300) differences.push(`GET ${op.path} ${name}=${value}`);
        // Read whole: an answer cut off mid-stream throws here.
        await reply.arrayBuffer();
      }
      const outside = await api.get(withParameter(url!, name, 'not-in-the-enum'));
      const sources = ((outside.body.errors ?? []) as { source: string | null }[]).map((e) => e.source);
      if (outside.status !== 422 || !sources.includes(name)) differences.push(`GET ${op.path} ${name}`);
    }
    expect(differences.sort()).toEqual(KEPT);
  }, 120_000);
});
