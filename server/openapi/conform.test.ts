import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conformer } from './conform';
import type { OpenApiNode } from './document';

// The wire format the OpenAPI's way: a response is shaped by its schema, with
// what each schema node resolves to worked out once and kept.

const document: OpenApiNode = {
  components: {
    schemas: {
      Base: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, parent_id: { type: 'integer' } },
      },
      Device: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            properties: {
              serial: { type: 'string' },
              note: { type: 'string', nullable: true },
              created_at: { type: 'string', pattern: 'Y-m-d H:i:s' },
              enabled: { type: 'boolean' },
              tags: { type: 'string' },
              ports: { type: 'array', items: { $ref: '#/components/schemas/Base' } },
            },
          },
        ],
      },
      List: { type: 'array', items: { $ref: '#/components/schemas/Device' } },
    },
  },
};
const conform = conformer(document);
const list = { $ref: '#/components/schemas/List' };

describe('conformer', () => {
  it('shapes every row by the merged allOf schema, through $refs', () => {
    const row = {
      id: '7',
      parent_id: null,
      serial: 1100,
      note: null,
      created_at: '2026-11-24T01:02:03.000Z',
      enabled: 1,
      tags: ['north', 'south'],
      ports: [{ id: 1, parent_id: null }],
      extra: null,
    };
    expect(conform([row, { ...row, id: 8 }], list)).toEqual([
      {
        id: 7,
        serial: '1100',
        note: null,
        created_at: '2026-11-24 01:02:03',
        enabled: true,
        tags: 'north, south',
        ports: [{ id: 1 }],
        extra: null,
      },
      expect.objectContaining({ id: 8 }),
    ]);
  });

  it('keeps a required null and leaves values without a schema alone', () => {
    expect(conform({ id: null }, { $ref: '#/components/schemas/Base' })).toEqual({ id: null });
    expect(conform({ anything: [1] }, { type: 'object' })).toEqual({ anything: [1] });
    expect(conform('x', { $ref: '#/components/schemas/Missing' })).toBe('x');
  });

  it('gives the same answer on the first call and every later one (the kept shapes change nothing)', () => {
    const row = fc.record(
      {
        id: fc.integer(),
        parent_id: fc.option(fc.integer()),
        note: fc.option(fc.string()),
        enabled: fc.constantFrom(0, 1),
      },
      { requiredKeys: ['id'] },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows) => {
        const fresh = conformer(document)(rows, list);
        expect(conform(rows, list)).toEqual(fresh);
        for (const [i, shaped] of (fresh as Record<string, unknown>[]).entries()) {
          expect('parent_id' in shaped).toBe(rows[i].parent_id !== null && rows[i].parent_id !== undefined);
        }
      }),
    );
  });

  it("writes a record's updated_at it does not list as its created_at", () => {
    const row = { id: 1, created_at: '2026-11-24T01:02:03.000Z', updated_at: '2026-11-25T01:02:03.000Z' };
    expect(conform([row], list)).toEqual([
      expect.objectContaining({ created_at: '2026-11-24 01:02:03', updated_at: '2026-11-25 01:02:03' }),
    ]);
  });

  it('writes every field of a whole record (a list row or a stored record), null or missing, as its empty value', () => {
    const properties = {
      id: { type: 'integer' },
      name: { type: 'string' },
      note: { type: 'string', nullable: true },
      seen_at: { type: 'string', format: 'date-time' },
      signal: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    };
    const answer = (data: OpenApiNode) => ({
      responses: {
        200: { content: { 'application/json': { schema: { type: 'object', properties: { data } } } } },
      },
    });
    const documentOf: OpenApiNode = {
      paths: {
        '/things': { get: answer({ type: 'array', items: { $ref: '#/components/schemas/Thing' } }) },
        '/rules': { get: answer({ $ref: '#/components/schemas/Rule' }) },
        '/figures': { get: answer({ $ref: '#/components/schemas/Figures' }) },
      },
      components: {
        schemas: {
          Thing: { type: 'object', properties },
          Rule: { properties },
          Figures: { properties: { highest: { type: 'number' } } },
          Other: { properties },
        },
      },
    };
    const whole = conformer(documentOf);
    const empty = { id: null, name: '', note: null, seen_at: null, signal: null, tags: [] };
    const record = { name: null, note: null, seen_at: null, signal: null, tags: null };
    expect(whole(record, { $ref: '#/components/schemas/Thing' })).toEqual(empty);
    expect(whole({ signal: 3, extra: 1 }, { $ref: '#/components/schemas/Thing' })).toEqual({
      ...empty,
      signal: 3,
      extra: 1,
    });
    // An answer whose caller chose its fields (`fields`) keeps to them: nothing is added, a null is still empty.
    const chosen = conformer(documentOf, false);
    expect(chosen({ name: null, signal: 3 }, { $ref: '#/components/schemas/Thing' })).toEqual({ name: '', signal: 3 });
    // A list where the OpenAPI types one record: each row is whole.
    expect(whole([{ name: 'a' }], { $ref: '#/components/schemas/Rule' })).toEqual([{ ...empty, name: 'a' }]);
    // A schema no GET answers as its data leaves out the nulls it does not admit, and adds nothing.
    expect(whole(record, { $ref: '#/components/schemas/Other' })).toEqual({ note: null });
    expect(whole({}, { $ref: '#/components/schemas/Other' })).toEqual({});
    // Nor does a GET answer's data of figures (no id, no created_at): its properties are examples.
    expect(whole({}, { $ref: '#/components/schemas/Figures' })).toEqual({});
  });
});

describe('timestamps of a whole record', () => {
  const answer = (schema: string) => ({
    responses: {
      200: {
        content: {
          'application/json': {
            schema: { properties: { data: { type: 'array', items: { $ref: `#/components/schemas/${schema}` } } } },
          },
        },
      },
    },
  });
  const whole = conformer({
    paths: { '/credits': { get: answer('Credit') } },
    components: {
      schemas: {
        created_at: { type: 'string', pattern: 'Y-m-d H:i:s' },
        Credit: {
          properties: {
            id: { type: 'integer' },
            assigned_at: { type: 'string', example: '2019-07-12 08:43:49 ' },
            note: { type: 'string', example: 'Paid ahead' },
            expire_at: { type: 'string', example: '2021-07-12' },
          },
        },
      },
    },
  });
  const list = { $ref: '#/components/schemas/Credit' };

  it('writes a field the schema marks only by a `Y-m-d H:i:s` example that way, null when it has none', () => {
    expect(whole({ id: 1, assigned_at: '2026-11-01T14:33:00.000Z', expire_at: '2026-12-01' }, list)).toEqual({
      id: 1,
      assigned_at: '2026-11-01 14:33:00',
      expire_at: '2026-12-01',
      note: '',
    });
    // A date (its example a date) without a value is null, not "".
    expect(whole({ id: 1 }, list)).toEqual({ id: 1, assigned_at: null, note: '', expire_at: null });
  });

  it("writes a created_at and updated_at beyond the record's schema as the OpenAPI's created_at", () => {
    const row = { id: 1, created_at: '2026-11-01T14:33:00.000Z', updated_at: '2026-11-02T14:33:00.000Z' };
    expect(whole(row, list)).toEqual({
      ...row,
      created_at: '2026-11-01 14:33:00',
      updated_at: '2026-11-02 14:33:00',
      assigned_at: null,
      note: '',
      expire_at: null,
    });
  });
});

describe('timestamps beyond the schema', () => {
  const whole = conformer({
    paths: {},
    components: {
      schemas: {
        Device: {
          properties: {
            id: { type: 'integer' },
            last_connection_at: { type: 'string', format: 'date-time' },
            created_at: { type: 'string', pattern: 'Y-m-d H:i:s' },
          },
        },
        Login: { properties: { last_login_at: { type: 'string', example: '2020-09-14 05:04:03' } } },
        Automation: {
          properties: { id: { type: 'integer' }, created_at: { type: 'string' }, note: { type: 'string' } },
        },
        Hotspot: { properties: { id: { type: 'integer' }, ssid: { type: 'string' } } },
      },
    },
  });
  const of = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('names each timestamp field one format, the one the OpenAPI gives its name', () => {
    expect(whole.timestampFormat('last_connection_at')).toBe('date-time');
    expect(whole.timestampFormat('last_login_at')).toBe('Y-m-d H:i:s');
    // A name the OpenAPI never types: the vendor's format if it names a moment (`_at`), none otherwise.
    expect(whole.timestampFormat('seen_at')).toBe('Y-m-d H:i:s');
    expect(whole.timestampFormat('interval')).toBeUndefined();
  });

  it("writes a field beyond the schema, and one it types only as a string, in its name's format", () => {
    const row = {
      id: 1,
      ssid: 'Cafe',
      last_connection_at: '2026-11-01 14:33:00',
      last_login_at: '2026-11-01T14:33:00.000Z',
      seen_at: '2026-11-01T14:33:00.000Z',
      interval: '2026-11-01 14:00',
      history: [{ created_at: '2026-11-01T14:33:00.000Z', label: '2026-11-01T14:33:00.000Z' }],
      custom_fields: { checked_at: '2026-11-01T14:33:00.000Z' },
    };
    expect(whole(row, of('Hotspot'))).toEqual({
      ...row,
      last_connection_at: '2026-11-01T14:33:00Z',
      last_login_at: '2026-11-01 14:33:00',
      seen_at: '2026-11-01 14:33:00',
      history: [{ created_at: '2026-11-01 14:33:00', label: '2026-11-01T14:33:00.000Z' }],
    });
    expect(whole({ id: 1, created_at: '2026-11-01T14:33:00.000Z', note: 'x' }, of('Automation'))).toEqual({
      id: 1,
      created_at: '2026-11-01 14:33:00',
      note: 'x',
    });
  });
});
