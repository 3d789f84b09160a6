import { describe, expect, it } from 'vitest';
import { useServer } from '../test/harness';
import { HISTORY_LIMIT } from '../services/device-history';
import { PRUNE_EVERY, Recorder } from './recorder';

// The recorder writes a flush of many devices at once (one transaction, one
// history insert): each device gets its own values, one snapshot, and the
// ones that were not online come online (onOnline hears of each); a
// device's history stays within HISTORY_LIMIT + PRUNE_EVERY - 1 over many
// flushes and is back at HISTORY_LIMIT on each prune.

describe('device recorder', () => {
  const { server } = useServer({});

  const history = async (id: number) =>
    Number(
      (
        await server.app.ctx.db
          .selectFrom('device_history')
          .select((e) => e.fn.countAll().as('n'))
          .where('device_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes each device of one flush: its values, one snapshot, online', async () => {
    const { ctx } = server.app;
    const devices = await ctx.db.selectFrom('devices').select(['id', 'status']).orderBy('id').limit(40).execute();
    const offline = devices.slice(0, 10).map((d) => d.id);
    await ctx.db.updateTable('devices').set({ status: 0 }).where('id', 'in', offline).execute();
    await ctx.db
      .updateTable('devices')
      .set({ status: 1 })
      .where(
        'id',
        'in',
        devices.slice(10).map((d) => d.id),
      )
      .execute();
    const before = new Map(await Promise.all(devices.map(async (d) => [d.id, await history(d.id)] as const)));
    const online: number[] = [];
    const recorder = new Recorder(
      ctx,
      (message) => expect.fail(message),
      (id) => online.push(id),
    );
    for (const { id } of devices) {
      recorder.seen(id, 'uptime', 1000 + id);
      recorder.seen(id, 'operator', `Op ${id}`);
    }
    await recorder.close();
    const after = await ctx.db
      .selectFrom('devices')
      .select(['id', 'status', 'router_uptime', 'operator'])
      .where(
        'id',
        'in',
        devices.map((d) => d.id),
      )
      .orderBy('id')
      .execute();
    expect(after).toEqual(devices.map(({ id }) => ({ id, status: 1, router_uptime: 1000 + id, operator: `Op ${id}` })));
    expect(online.sort((a, b) => a - b)).toEqual(offline);
    for (const { id } of devices) expect(await history(id)).toBe(Math.min(before.get(id)! + 1, HISTORY_LIMIT));
    const last = await ctx.db
      .selectFrom('device_history')
      .select('data')
      .where('device_id', '=', devices[5].id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.data)).toEqual({ router_uptime: 1000 + devices[5].id, operator: `Op ${devices[5].id}` });
  });

  it('two recorders (two instances) writing the same devices at once: each device that comes online is heard of once', async () => {
    const { ctx } = server.app;
    const devices = await ctx.db.selectFrom('devices').select('id').orderBy('id').limit(30).execute();
    const ids = devices.map((d) => d.id);
    await ctx.db.updateTable('devices').set({ status: 0 }).where('id', 'in', ids).execute();
    const online: number[] = [];
    const recorders = [0, 1].map(
      () =>
        new Recorder(
          ctx,
          (message) => expect.fail(message),
          (id) => online.push(id),
        ),
    );
    for (const recorder of recorders) for (const id of ids) recorder.seen(id, 'uptime', 10 + id);
    await Promise.all(recorders.map((recorder) => recorder.close()));
    expect(online.sort((a, b) => a - b)).toEqual(ids);
    const statuses = await ctx.db.selectFrom('devices').select('status').where('id', 'in', ids).execute();
    expect(statuses.every((row) => row.status === 1)).toBe(true);
  });

  it('writes the inputs a device reports to its record (the analog one as text) and its history', async () => {
    const { ctx } = server.app;
    const { id } = await ctx.db.selectFrom('devices').select('id').orderBy('id').executeTakeFirstOrThrow();
    const recorder = new Recorder(ctx, (message) => expect.fail(message));
    recorder.seen(id, 'digital1', 1);
    recorder.seen(id, 'digital2', 0);
    recorder.seen(id, 'analog', 4.32);
    await recorder.close();
    const record = await ctx.db
      .selectFrom('devices')
      .select(['digital_input', 'digital_isolated_input', 'analog_input'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ digital_input: 1, digital_isolated_input: 0, analog_input: '4.32' });
    const last = await ctx.db
      .selectFrom('device_history')
      .select('data')
      .where('device_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.data)).toEqual({ digital_input: 1, digital_isolated_input: 0, analog_input: 4.32 });
  });

  it(`keeps a device's history within ${HISTORY_LIMIT} + ${PRUNE_EVERY - 1} over many flushes`, async () => {
    const { ctx } = server.app;
    const { id } = await ctx.db.selectFrom('devices').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const recorder = new Recorder(ctx, (message) => expect.fail(message));
    const counts: number[] = [];
    for (let i = 0; i < HISTORY_LIMIT + 3 * PRUNE_EVERY; i++) {
      recorder.seen(id, 'signal', -60 - (i % 30));
      await recorder.flush(true);
      counts.push(await history(id));
    }
    await recorder.close();
    expect(Math.max(...counts)).toBe(HISTORY_LIMIT + PRUNE_EVERY - 1);
    // The first flush prunes, then every PRUNE_EVERY-th.
    for (let i = 0; i < counts.length; i += PRUNE_EVERY) expect(counts[i]).toBeLessThanOrEqual(HISTORY_LIMIT);
  });
});
