import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dotted, ipv4, isHost, prefixOf } from './ipv4';

const octets = fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })));

describe('ipv4', () => {
  it('reads every dotted address as its number and refuses other text', () => {
    fc.assert(
      fc.property(octets, (parts) => {
        expect(ipv4(parts.join('.'))).toBe(parts.reduce((n, p) => n * 256 + p, 0));
        expect(dotted(ipv4(parts.join('.'))!)).toBe(parts.join('.'));
      }),
    );
    for (const bad of ['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', '1.2.3.4 ']) {
      expect(ipv4(bad), bad).toBeNull();
    }
  });

  it('gives the prefix of exactly the contiguous netmasks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), (prefix) => {
        expect(prefixOf(dotted(2 ** 32 - 2 ** (32 - prefix)))).toBe(prefix);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (mask) => {
        const prefix = prefixOf(dotted(mask));
        if (prefix !== null) expect(mask).toBe(2 ** 32 - 2 ** (32 - prefix));
      }),
    );
    expect(prefixOf('255.0.255.0')).toBeNull();
  });

  it('takes hosts but neither the network nor the broadcast address', () => {
    expect(isHost(ipv4('10.8.0.1')!, 24)).toBe(true);
    expect(isHost(ipv4('10.8.0.0')!, 24)).toBe(false);
    expect(isHost(ipv4('10.8.0.255')!, 24)).toBe(false);
    expect(isHost(ipv4('10.8.0.1')!, 31)).toBe(false);
  });
});
