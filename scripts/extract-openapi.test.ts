import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOURCE,
  DOCUMENT_FILE,
  ENDPOINTS,
  EXTRACT_FILE,
  REPO_ROOT,
  extractSchemas,
  inlineRefs,
  renderDocument,
  renderExtract,
} from './extract-openapi';

const committed = readFileSync(EXTRACT_FILE, 'utf8');
const hasReference = existsSync(DEFAULT_SOURCE);

const MINI = `
openapi: 3.0.0
paths:
  /things:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/things'
        '401':
          $ref: '#/components/responses/unauthorized'
components:
  responses:
    unauthorized:
      description: Unauthorized
      content:
        application/json:
          schema:
            type: object
            properties:
              success: { type: boolean, example: false }
  schemas:
    thing:
      type: object
      description: A thing.
      properties:
        id: { type: integer, example: 7 }
        description: { type: string, description: A property named description. }
    things:
      type: object
      properties:
        data: { type: array, items: { $ref: '#/components/schemas/thing' } }
`;

describe('extract-openapi', () => {
  it('inlines schema and response $refs and leaves annotations out, not properties named like them', () => {
    const { schemas } = extractSchemas(MINI, ['GET /things 401', 'GET /things 200']);
    expect(Object.keys(schemas)).toEqual(['GET /things 200', 'GET /things 401']);
    expect(schemas['GET /things 200']).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, description: { type: 'string' } } },
        },
      },
    });
    expect(schemas['GET /things 401']).toEqual({ type: 'object', properties: { success: { type: 'boolean' } } });
  });

  it('refuses a $ref cycle, an unknown $ref and a missing response', () => {
    const document = { a: { items: { $ref: '#/b' } }, b: { items: { $ref: '#/a' } } };
    expect(() => inlineRefs({ $ref: '#/a' }, document)).toThrow('$ref cycle #/a -> #/b -> #/a');
    expect(() => inlineRefs({ $ref: '#/missing' }, document)).toThrow('unresolvable $ref #/missing');
    expect(() => extractSchemas(MINI, ['GET /things 404'])).toThrow('GET /things 404 has no application/json');
  });

  it('a schema referenced twice (no cycle) is inlined at both places', () => {
    const document = { s: { type: 'string' } };
    expect(inlineRefs({ a: { $ref: '#/s' }, b: [{ $ref: '#/s' }] }, document)).toEqual({
      a: { type: 'string' },
      b: [{ type: 'string' }],
    });
  });

  it('the committed extract has exactly the listed endpoints', () => {
    expect(Object.keys(JSON.parse(committed).schemas)).toEqual([...ENDPOINTS].sort());
  });

  it.skipIf(!hasReference)(
    `the committed extract is what the script generates from ${relative(REPO_ROOT, DEFAULT_SOURCE)}` +
      (hasReference ? '' : ' (skipped: the reference OpenAPI is not beside this clone)'),
    async () => {
      const yamlText = readFileSync(DEFAULT_SOURCE, 'utf8');
      const generated = await renderExtract(yamlText);
      expect(JSON.parse(committed), 'stale or hand-edited: run npx tsx scripts/extract-openapi.ts').toEqual(
        JSON.parse(generated),
      );
      expect(committed, 'formatting differs: run npx tsx scripts/extract-openapi.ts').toBe(generated);
      expect(readFileSync(DOCUMENT_FILE, 'utf8') === renderDocument(yamlText), 'stale document: run the script').toBe(
        true,
      );
    },
    30_000,
  );
});
