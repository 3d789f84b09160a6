import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, signedIn, useServer } from './harness';
import { tableChecksums } from './bad-input-snapshot';

// Property of PUT /devices (bulk update), against a model of its rules: a
// body of rows mixing good and bad values (other tenants' devices and tags,
// a device twice, intervals under a minute, names of blanks, coordinates
// off the globe, values of the wrong type) is taken whole (201, every row
// reads back as written) exactly when every row keeps the rules; otherwise
// it answers 422 naming a source inside `data` and no table changes.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let mine: number[];
let theirs: number;
let tag: number;
let foreignTag: number;
/** Bodies the property saw taken. */
let taken = 0;

beforeAll(async () => {
  mine = rows(await admin.get('/api/devices?company_id=1&limit=3&fields=id')).map((d) => d.id as number);
  tag = rows(await admin.get('/api/tags?company_id=1&limit=1'))[0].id as number;
  const globex = await signedIn(server, 'globex.admin@example.com');
  theirs = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
  foreignTag = rows(await globex.get('/api/tags?limit=1'))[0].id as number;
});

/** A value and whether the rules take it. */
type Choice = [unknown, boolean];

/** Per field, values the rules take and values they refuse. */
const choices = (): Record<string, Choice[]> => ({
  id: [...mine.map((id): Choice => [id, true]), [theirs, false], [0, false], ['1', false]],
  name: [
    ['Depot', true],
    ['  Edge  ', true],
    ['', false],
    ['   ', false],
    ['x'.repeat(101), false],
    [7, false],
  ],
  description: [
    ['Rack 2', true],
    ['', true],
    ['y'.repeat(501), false],
    [null, false],
  ],
  dynamic_monitoring: [
    [0, true],
    [60, true],
    [86400, true],
    [30, false],
    [86401, false],
    ['60', false],
  ],
  user_set_latitude: [
    [null, true],
    [-45.25, true],
    [90, true],
    [90.5, false],
    ['north', false],
  ],
  tag_id: [
    [[], true],
    [[tag], true],
    [[foreignTag], false],
    [[tag, tag], false],
    [tag, false],
  ],
});

/** A row of good values only (ids may still repeat across rows), or of any values. */
const row = (good: boolean) =>
  fc.record(
    Object.fromEntries(
      Object.entries(choices()).map(([key, list]) => [key, fc.constantFrom(...list.filter(([, ok]) => ok || !good))]),
    ),
    { requiredKeys: ['id'] },
  );

/** One field of one row set to a value the rules refuse. */
const oneBad = fc
  .constant(null)
  .chain(() =>
    fc.constantFrom(
      ...Object.entries(choices()).flatMap(([key, list]) => list.filter(([, ok]) => !ok).map((bad) => ({ key, bad }))),
    ),
  );

/** Bodies of good rows, good rows but one bad value, and any rows: both outcomes, and each rule alone. */
const bodies = fc
  .constantFrom('good', 'one bad', 'any')
  .chain((mode) =>
    fc
      .tuple(fc.array(row(mode !== 'any'), { minLength: 1, maxLength: 3 }), oneBad, fc.nat())
      .map(([rows, { key, bad }, at]) =>
        mode === 'one bad' ? rows.map((r, i) => (i === at % rows.length ? { ...r, [key]: bad } : r)) : rows,
      ),
  );

describe('PUT /devices against its rules', () => {
  it(
    'takes a body whole exactly when every row keeps the rules, else changes nothing',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const rowsChosen = body.map((choice) => Object.entries(choice) as [string, Choice][]);
          const data = rowsChosen.map((row): Record<string, unknown> =>
            Object.fromEntries(row.map(([key, [value]]) => [key, value])),
          );
          const ids = data.map((r) => r.id);
          const valid = rowsChosen.every((row) => row.every(([, [, ok]]) => ok)) && new Set(ids).size === ids.length;
          const before = await tableChecksums(server);
          const reply = await admin.put('/api/devices', { data });
          const what = `${JSON.stringify(data)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
          if (!valid) {
            expect(reply.status, what).toBe(422);
            const sources = (reply.body.errors as { source: unknown }[]).map((e) => e.source);
            expect(
              sources.every((s) => typeof s === 'string' && s.startsWith('data')),
              what,
            ).toBe(true);
            expect(await tableChecksums(server), what).toEqual(before);
            return;
          }
          expect(reply.status, what).toBe(201);
          taken += 1;
          for (const written of data) {
            const device = (await admin.get(`/api/devices/${String(written.id)}`)).body.data as Record<string, unknown>;
            const { tag_id, ...columns } = written;
            if (typeof columns.name === 'string') columns.name = columns.name.trim();
            for (const [key, value] of Object.entries(columns)) {
              // A null the OpenAPI does not mark nullable is left out of the answer.
              if (value === null) expect(device[key] ?? null, what).toBeNull();
              else expect(device[key], `${what}: ${key}`).toEqual(value);
            }
            if (tag_id !== undefined) {
              expect(
                (device.tags as { id: number }[]).map((t) => t.id),
                what,
              ).toEqual(tag_id);
            }
          }
        }),
        { numRuns: 80, interruptAfterTimeLimit: 45_000 },
      );
      expect(taken).toBeGreaterThan(0);
    },
  );
});
