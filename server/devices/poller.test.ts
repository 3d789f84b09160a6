import { afterEach, describe, expect, it } from 'vitest';
import { useServer } from '../test/harness';
import { DYNAMIC_PARAMETERS, startPoller, type Publish } from './poller';

// The poller stops sending for the rest of a tick when the broker's connection
// says it holds as much unsent as it may (Publish answers false): the devices
// still due keep their turn and go on a later tick, once it takes more. A
// fleet's first round (every device within seconds of start) then waits on the
// connection instead of queueing in memory.

describe('device poller', () => {
  const { server } = useServer({});
  let stop = () => undefined as void;
  afterEach(() => stop());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('leaves the devices still due to a later tick while the connection is full, then asks every one', async () => {
    const { ctx } = server.app;
    const monitored = await ctx.db.selectFrom('devices').select('serial').where('monitoring_enabled', '=', 1).execute();
    expect(monitored.length).toBeGreaterThan(40);
    let full = true;
    const asked: string[] = [];
    const publish: Publish = (topic, payload) => {
      if (payload === DYNAMIC_PARAMETERS[0]) asked.push(topic);
      return !full;
    };
    const started = Date.now();
    stop = startPoller(
      ctx,
      { discover: (type) => `discover/${type}`, command: (serial) => `command/${serial}` },
      publish,
      { discoveryMs: 3_600_000, answerMs: 10_000, intervalMs: 60_000 },
      () => undefined,
    );
    // Every device's first round is due within 5 s; while full, each tick (250 ms) asks one device.
    await sleep(5_500);
    const ticks = Math.ceil((Date.now() - started) / 250) + 1;
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(ticks);
    full = false;
    await sleep(1_000);
    expect(new Set(asked)).toEqual(new Set(monitored.map((d) => `command/${d.serial}`)));
    // Each asked once: the ones that waited kept their turn, none was asked twice.
    expect(asked.length).toBe(monitored.length);
  });
});
