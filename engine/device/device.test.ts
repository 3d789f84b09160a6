import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { connectionStatus, faceliftText, l2tpStatus } from './status';
import { connectionAttempt } from './attempts';
import { compareVersions, firmwareAtLeast, firmwareVersion, versionSatisfies, VERSION_OPERATORS } from './firmware';
import { isValidMonitoringPeriod, MONITORING_DEFAULTS } from './monitoring';
import { brandedModel } from './branding';

describe('status texts', () => {
  it('maps connection status by index', () => {
    expect([0, 1, 2, 3, -1, null, '1'].map(connectionStatus)).toEqual([
      'Offline',
      'Online',
      'Pending',
      'Not Activated',
      'Not Activated',
      'Not Activated',
      'Online',
    ]);
  });
  it('anything outside 0..2 is Not Activated', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((n) => n < 0 || n > 2),
        (n) => {
          expect(connectionStatus(n)).toBe('Not Activated');
        },
      ),
    );
  });
  it('facelift and L2TP', () => {
    expect(faceliftText(1)).toBe('Facelift device');
    expect(faceliftText(0)).toBe('Not facelift device');
    expect(l2tpStatus(1)).toBe('All L2TP instances online');
    expect(l2tpStatus(2)).toBe('All L2TP instances offline');
    expect(l2tpStatus(3)).toBe('All L2TP instances disabled');
    expect(l2tpStatus(4)).toBe('L2TP instances in mixed states');
    expect(l2tpStatus(9)).toBe('No L2TP instances');
  });
  it('connection attempts', () => {
    for (const code of [0, 10, 12, 20, 104]) expect(connectionAttempt(code).attempted).toBe(true);
    expect(connectionAttempt(14).text).toBe('Monitoring disabled');
    expect(connectionAttempt(15).text).toBe('No active credit');
    expect(connectionAttempt(7).text).toBe('Duplicate serial with different MAC');
    expect(connectionAttempt(99, 'Wrong password')).toEqual({ attempted: false, text: 'Wrong password' });
  });
});

describe('firmware', () => {
  it('extracts versions', () => {
    expect(firmwareVersion('RUT9XX_R_00.06.05.3')).toEqual([6, 5, 3]);
    expect(firmwareVersion('RUTX_R_00.07.06')).toEqual([7, 6]);
    expect(firmwareVersion('07.13')).toEqual([7, 13]);
    expect(firmwareVersion('RUT_R_07')).toBeUndefined();
    expect(firmwareVersion(undefined)).toBeUndefined();
  });
  it('compares with the six operators only', () => {
    expect(versionSatisfies([7, 13], '>=', [7, 13])).toBe(true);
    expect(versionSatisfies([7, 12, 9], '<', [7, 13])).toBe(true);
    expect(versionSatisfies([7, 13, 0], '=', [7, 13])).toBe(true);
    expect(() => versionSatisfies([1], '~' as never, [1])).toThrow();
    expect(firmwareAtLeast('RUT2XX_R_00.01.11.1', '01.11.1')).toBe(true);
    expect(firmwareAtLeast('garbage', '01.11.1')).toBe(false);
  });
  it('comparison is a total order', () => {
    const v = fc.array(fc.nat(99), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(v, v, (a, b) => {
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
        const results = VERSION_OPERATORS.map((op) => versionSatisfies(a, op, b));
        expect(results[2]).toBe(!results[5]);
        expect(results[0] || results[2] || results[4]).toBe(true);
      }),
    );
  });
});

describe('monitoring', () => {
  it('defaults and bounds', () => {
    expect(MONITORING_DEFAULTS).toEqual({
      dynamic: 300,
      static: 1296000,
      hotspot: 300,
      io: 300,
      gps: 300,
      wireless: 300,
      ddns: 300,
      l2tp: 300,
    });
    expect(isValidMonitoringPeriod(59)).toBe(false);
    expect(isValidMonitoringPeriod(60)).toBe(true);
    expect(isValidMonitoringPeriod(31536001)).toBe(false);
  });
});

describe('branding', () => {
  const theme = {
    models: [{ original_model: 'RUT955', branded_model: 'ACME 955', branded_model_image: '/img/955.png' }],
    series: [{ original: 'RUT9', branded: 'ACME 9' }],
  };
  it('replaces models and series from the theme', () => {
    expect(brandedModel('rut955', theme)).toBe('ACME 955');
    expect(brandedModel('RUTX11', theme)).toBe('RUTX11');
  });
});
