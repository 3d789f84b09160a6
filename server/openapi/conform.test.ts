import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conformer, DEVICE_RECORD_SCHEMA } from './conform';
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

  it('writes every null of a whole record (the device record) as its empty value', () => {
    const properties = {
      name: { type: 'string' },
      note: { type: 'string', nullable: true },
      seen_at: { type: 'string', format: 'date-time' },
      signal: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    };
    const whole = conformer({ components: { schemas: { [DEVICE_RECORD_SCHEMA]: { type: 'object', properties } } } });
    const record = { name: null, note: null, seen_at: null, signal: null, tags: null };
    expect(whole(record, { $ref: `#/components/schemas/${DEVICE_RECORD_SCHEMA}` })).toEqual({
      name: '',
      note: null,
      seen_at: null,
      signal: null,
      tags: [],
    });
    // Another record leaves out the nulls its schema does not admit.
    const other = conformer({ components: { schemas: { Other: { type: 'object', properties } } } });
    expect(other(record, { $ref: '#/components/schemas/Other' })).toEqual({ note: null });
  });
});
