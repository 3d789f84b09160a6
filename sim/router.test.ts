import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prng } from '../fixtures/devices';
import { SimulatedRouter, DEFAULT_BEHAVIOUR, type RouterIdentity } from './router';
import { modelProfile } from './models';
import { PARAMETERS, readHotspotClients } from '../server/devices/protocol';

const T0 = Date.UTC(2026, 11, 1, 12);
const QUIET = { ...DEFAULT_BEHAVIOUR, dropoutsPerHour: 0 };
const router = (identity: Partial<RouterIdentity> = {}, seed = 1, behaviour = QUIET) =>
  new SimulatedRouter({ serial: '1100000123', model: 'RUT955', uptime: 100, ...identity }, prng(seed), T0, behaviour);

describe('SimulatedRouter', () => {
  it('answers every parameter of its model as plain text, and nothing for the ones it lacks', () => {
    const rut = router({ operator: 'Bite', connectionType: 'LTE', wanIp: '10.0.0.7', name: 'RUT955 Riga 001' });
    expect(rut.type).toBe('router');
    expect(rut.read('operator', T0)).toBe('Bite');
    expect(rut.read('network', T0)).toBe('4G');
    expect(rut.read('wan', T0)).toBe('10.0.0.7');
    expect(rut.read('name', T0)).toBe('RUT955 Riga 001');
    expect(rut.read('uptime', T0)).toBe('100');
    expect(rut.read('connection', T0)).toBe('Connected');
    expect(rut.read('signal', T0)).toMatch(/^-\d+$/);
    expect(rut.read('temperature', T0)).toMatch(/^\d+$/);
    expect(rut.read('digital1', T0)).toMatch(/^[01]$/);
    expect(rut.read('analog', T0)).toMatch(/^\d+\.\d\d$/);
    expect(rut.read('firmware', T0)).toBeUndefined();
    expect(rut.read('Signal', T0)).toBeUndefined();

    const ap = router({ model: 'TAP200' });
    for (const parameter of ['signal', 'operator', 'network', 'temperature', 'digital1', 'digital2', 'analog'])
      expect(ap.read(parameter, T0)).toBeUndefined();
    expect(ap.read('uptime', T0)).toBe('100');
    expect(router({ model: 'TCR100' }).read('digital1', T0)).toBeUndefined();
    expect(rut.read('hotspot', T0)).toBeUndefined();
  });

  it('reports its hotspot users as they sign in and out with traffic; a reboot signs everyone out', () => {
    const hotspotUsers = [
      {
        hotspot: 1,
        username: 'visitor',
        hotspotIp: '192.168.2.1',
        client: { mac: '02:00:00:00:05:01', ip: '192.168.2.10', download: 1000, upload: 100 },
      },
      { hotspot: 1, username: 'staff', hotspotIp: '192.168.2.1' },
      { hotspot: 1, username: 'guest', hotspotIp: '192.168.2.1' },
    ];
    const rut = router({ hotspotUsers });
    const clients = (at: number) => {
      const read = readHotspotClients(rut.read('hotspot', at)!);
      if (!read.ok) throw new Error(read.reason);
      return read.clients;
    };
    // As the console last heard: visitor signed in.
    expect(clients(T0)).toEqual([{ hotspot: 1, username: 'visitor', ...hotspotUsers[0].client }]);
    const seen = new Set<string>();
    let last = clients(T0);
    for (let minute = 1; minute <= 24 * 60; minute += 5) {
      const now = clients(T0 + minute * 60_000);
      for (const c of now) {
        seen.add(c.username);
        expect(c.mac).toMatch(/^02(:[0-9a-f]{2}){5}$/);
        expect(c.ip).toMatch(/^192\.168\.2\.(\d+)$/);
        expect(c.ip).not.toBe('192.168.2.1');
        const before = last.find((b) => b.username === c.username && b.mac === c.mac);
        // A session's traffic only grows.
        if (before) expect(c.download).toBeGreaterThan(before.download);
      }
      expect(new Set(now.map((c) => c.ip)).size).toBe(now.length);
      last = now;
    }
    expect([...seen].sort()).toEqual(['guest', 'staff', 'visitor']);
    const at = T0 + 24 * 3600_000 + 60_000;
    rut.reboot(at);
    expect(rut.read('hotspot', at)).toBeUndefined();
    expect(rut.read('hotspot', at + QUIET.rebootMs + 1)).toBe('-');
  });

  it("counts today's mobile data on SIM 1 while it is up, from zero again after midnight; a router without a modem has none", () => {
    const rut = router();
    expect(rut.read('sim', T0)).toBe('1');
    const at = (hours: number) => T0 + hours * 3600_000;
    const rx = (hours: number) => Number(rut.read('rx_day', at(hours)));
    const noon = rx(0);
    const evening = rx(6);
    // Six hours at about 3.5 KB a second (half to one and a half of it).
    expect(evening - noon).toBeGreaterThan(6 * 3600 * 1750);
    expect(evening - noon).toBeLessThan(6 * 3600 * 5250);
    expect(Number(rut.read('tx_day', at(6)))).toBeCloseTo(evening / 4, -3);
    expect(rx(13)).toBeLessThan(3600 * 5250);
    expect(router({ model: 'TAP200' }).read('rx_day', T0)).toBeUndefined();
  });

  it('speaks as `device` on TRB1 gateways and `router` elsewhere', () => {
    expect(router({ model: 'TRB140' }).type).toBe('device');
    expect(router({ model: 'TRB245' }).type).toBe('router');
    expect(router({ model: 'TRB150' }).type).toBe('device');
    expect(router({ model: 'UNKNOWN1' }).type).toBe('router');
  });

  it('counts uptime from its boot and resets it on a reboot, silent while rebooting', () => {
    const rut = router();
    expect(rut.read('uptime', T0 + 60_000)).toBe('160');
    const back = rut.reboot(T0 + 60_000);
    expect(back).toBe(T0 + 60_000 + QUIET.rebootMs);
    expect(rut.online(T0 + 61_000)).toBe(false);
    expect(rut.silentAt(T0 + 61_000)?.reason).toBe('reboot');
    expect(rut.read('uptime', T0 + 61_000)).toBeUndefined();
    expect(rut.online(back)).toBe(true);
    expect(rut.read('uptime', back + 5000)).toBe('5');
  });

  it('installs firmware by rebooting into it', () => {
    const rut = router({ firmware: 'RUT9_R_00.07.04.5' });
    const back = rut.installFirmware('RUT9_R_00.07.12', T0);
    expect(rut.firmware).toBe('RUT9_R_00.07.12');
    expect(rut.online(back - 1)).toBe(false);
    expect(rut.read('uptime', back)).toBe('0');
  });

  it('drifts its signal within the radio range, around its model and operator', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom('Telia', 'Tele2', 'Elisa'), (seed, operator) => {
        const rut = router({ operator }, seed);
        const values = Array.from({ length: 120 }, (_, k) => Number(rut.read('signal', T0 + k * 60_000)));
        expect(Math.min(...values)).toBeGreaterThanOrEqual(-113);
        expect(Math.max(...values)).toBeLessThanOrEqual(-51);
        expect(new Set(values).size).toBeGreaterThan(1);
      }),
      { numRuns: 50 },
    );
    // Over many routers, a better operator means a better signal on average.
    const mean = (operator: string) => {
      let sum = 0;
      for (let seed = 1; seed <= 200; seed++) sum += Number(router({ operator }, seed).read('signal', T0 + 3_600_000));
      return sum / 200;
    };
    expect(mean('Telia')).toBeGreaterThan(mean('Tele2'));
    expect(modelProfile('RUTX50').signalBase).toBeGreaterThan(modelProfile('RUT240').signalBase);
  });

  it('keeps its module temperature plausible and answers it in tenths of a degree', () => {
    const rut = router({}, 7);
    for (let k = 0; k < 200; k++) {
      const value = Number(rut.read('temperature', T0 + k * 30_000));
      expect(value).toBeGreaterThan(200);
      expect(value).toBeLessThan(700);
    }
  });

  it('drops out now and then for the configured while, and comes back by itself', () => {
    const behaviour = { ...DEFAULT_BEHAVIOUR, dropoutsPerHour: 6, dropoutMs: [20_000, 40_000] as [number, number] };
    const rut = router({}, 3, behaviour);
    let drops = 0;
    let wasOnline = true;
    for (let k = 1; k <= 24 * 60; k++) {
      const now = T0 + k * 10_000;
      rut.step(now);
      const online = rut.online(now);
      if (wasOnline && !online) {
        drops++;
        const silence = rut.silentAt(now)!;
        expect(silence.reason).toBe('dropout');
        expect(silence.until - now).toBeLessThanOrEqual(40_000);
      }
      wasOnline = online;
    }
    // About 6 per hour over 4 hours.
    expect(drops).toBeGreaterThan(8);
    expect(drops).toBeLessThan(40);
    expect(router({}, 3).read('name', T0 + 86_400_000)).toBe('RUT955');
  });

  it('replays exactly from the same seed', () => {
    const read = (seed: number) => {
      const rut = router({}, seed);
      return PARAMETERS.map((p) => rut.read(p, T0 + 3_600_000));
    };
    expect(read(42)).toEqual(read(42));
  });
});
