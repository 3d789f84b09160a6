import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { churn, CONNECT_CHANCE, DISCONNECT_CHANCE } from './session-churn';
import { prng } from '../../fixtures/devices';
import { dotted } from './ipv4';
import { freeHosts } from './vpn-sessions';

describe('session churn', () => {
  it('connects and disconnects below the chances and replays the same steps from the same seed', () => {
    expect(churn(false, () => CONNECT_CHANCE - 0.01)).toBe('connect');
    expect(churn(false, () => CONNECT_CHANCE)).toBe('idle');
    expect(churn(true, () => DISCONNECT_CHANCE - 0.01)).toBe('disconnect');
    expect(churn(true, () => DISCONNECT_CHANCE)).toBe('traffic');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const [a, b] = [prng(seed), prng(seed)];
        const run = Array.from({ length: 50 }, () => a());
        expect(Array.from({ length: 50 }, () => b())).toEqual(run);
        expect(run.every((n) => n >= 0 && n < 1)).toBe(true);
      }),
    );
    // Over many steps about the chance of idle clients connect.
    const random = prng(7);
    const connects = Array.from({ length: 10_000 }, () => churn(false, random)).filter((c) => c === 'connect');
    expect(connects.length / 10_000).toBeCloseTo(CONNECT_CHANCE, 1);
  });
});

describe('free hosts of a hub network', () => {
  it('gives the free hosts once each: downwards from the last, upwards after the hub', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 24, max: 30 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        fc.integer({ min: 0, max: 253 }),
        fc.array(fc.integer({ min: 0, max: 253 }), { maxLength: 5 }),
        (prefix, network, hubHost, takenHosts) => {
          const size = 2 ** (32 - prefix);
          const base = 10 * 2 ** 24 + network * 256;
          const host = (h: number) => base + 1 + (h % (size - 2));
          const hub = { ip: dotted(host(hubHost)), netmask: dotted(2 ** 32 - size) };
          const taken = takenHosts.map((h) => dotted(host(h)));
          const drain = (next: () => string | undefined) => {
            const given: string[] = [];
            for (let ip = next(); ip; ip = next()) given.push(ip);
            return given;
          };
          const hosts = Array.from({ length: size - 2 }, (_, i) => base + 1 + i);
          const free = hosts.filter((h) => dotted(h) !== hub.ip && !taken.includes(dotted(h)));
          expect(drain(freeHosts(hub, taken, true))).toEqual(free.reverse().map(dotted));
          const above = free.filter((h) => h > host(hubHost)).sort((a, b) => a - b);
          expect(drain(freeHosts(hub, taken))).toEqual(above.map(dotted));
        },
      ),
    );
  });
});
