import { describe, expect, it } from 'vitest';
import { OwnerMemo } from './owner-memo';

describe('OwnerMemo', () => {
  it('makes an answer once per owner and key, and anew for another owner (a caller after a write)', () => {
    const plans = new OwnerMemo<string>(100);
    const caller = {};
    let made = 0;
    const make = () => `plan ${++made}`;
    const first = plans.get(caller, '/api/devices?limit=10', make);
    expect(plans.get(caller, '/api/devices?limit=10', make)).toBe(first);
    expect(plans.get(caller, '/api/devices?limit=20', make)).not.toBe(first);
    expect(plans.get({}, '/api/devices?limit=10', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('keeps at most its limit of keys per owner, dropping the oldest', () => {
    const plans = new OwnerMemo<string>(2);
    const caller = {};
    let made = 0;
    const make = () => `plan ${++made}`;
    plans.get(caller, 'a', make);
    plans.get(caller, 'b', make);
    plans.get(caller, 'c', make);
    plans.get(caller, 'b', make);
    expect(made).toBe(3);
    plans.get(caller, 'a', make);
    expect(made).toBe(4);
  });

  it('checks a text once per key while it verifies, and every time while it does not', () => {
    const verified = new OwnerMemo<string>(10_000);
    const key = Buffer.from('key');
    let checks = 0;
    const good = () => (checks++, 'claims');
    const bad = () => (checks++, null);
    expect(verified.get(key, 'token', good)).toBe('claims');
    expect(verified.get(key, 'token', good)).toBe('claims');
    expect(checks).toBe(1);
    expect(verified.get(Buffer.from('other key'), 'token', good)).toBe('claims');
    expect(checks).toBe(2);
    expect(verified.get(key, 'forged', bad)).toBeNull();
    expect(verified.get(key, 'forged', bad)).toBeNull();
    expect(checks).toBe(4);
  });
});
