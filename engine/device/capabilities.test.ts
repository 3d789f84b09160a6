import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deviceCapabilities } from './capabilities';
import { deviceSeries, modelFamily, MODEL_FAMILIES, portCount, simCount } from './models';

describe('models', () => {
  it('families and series', () => {
    expect(modelFamily('RUT955')).toBe('RUT');
    expect(modelFamily('tsw210')).toBe('TSW');
    expect(modelFamily('XYZ')).toBeUndefined();
    expect(['RUT241', 'RUT360', 'RUT955', 'RUTX11', 'TRB140'].map(deviceSeries)).toEqual([
      'RUT2',
      'RUT3',
      'RUT9',
      'RUTX',
      'TRB',
    ]);
  });
  it('port and SIM counts come from the spec set', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODEL_FAMILIES), fc.stringMatching(/^[0-9X]{0,4}$/), (family, rest) => {
        expect([0, 1, 2, 4, 5, 10]).toContain(portCount(family + rest));
        expect([0, 1, 2]).toContain(simCount(family + rest));
      }),
    );
    expect(portCount('TSW210')).toBe(10);
    expect(simCount('RUT955')).toBe(2);
    expect(simCount('TAP100')).toBe(0);
  });
});

describe('capabilities', () => {
  it('wifi monitoring minimums: RUT2 01.11.1, RUT9 06.05.1, RUTX 02.01.1', () => {
    expect(deviceCapabilities('RUT240', 'RUT2XX_R_00.01.11.1').has_wifi_monitoring).toBe(true);
    expect(deviceCapabilities('RUT240', 'RUT2XX_R_00.01.11.0').has_wifi_monitoring).toBe(false);
    expect(deviceCapabilities('RUT950', 'RUT9XX_R_00.06.05.1').has_wifi_monitoring).toBe(true);
    expect(deviceCapabilities('RUT950', 'RUT9XX_R_00.06.04.9').has_wifi_monitoring).toBe(false);
    expect(deviceCapabilities('RUTX11', 'RUTX_R_00.02.01.1').has_wifi_monitoring).toBe(true);
    expect(deviceCapabilities('RUTX11', 'RUTX_R_00.02.00.9').has_wifi_monitoring).toBe(false);
  });
  it('hotspot: 07.00 for RUT360, 07.06 for RUT300 and TRB', () => {
    expect(deviceCapabilities('RUT360', 'RUT36X_R_00.07.00').has_hotspot).toBe(true);
    expect(deviceCapabilities('RUT360', 'RUT36X_R_00.06.99.1').has_hotspot).toBe(false);
    expect(deviceCapabilities('RUT300', 'RUT30X_R_00.07.06').has_hotspot).toBe(true);
    expect(deviceCapabilities('RUT300', 'RUT30X_R_00.07.05.4').has_hotspot).toBe(false);
    expect(deviceCapabilities('TRB140', 'TRB1_R_00.07.06.2').has_hotspot).toBe(true);
    expect(deviceCapabilities('TRB140', 'TRB1_R_00.07.04').has_hotspot).toBe(false);
  });
  it('DDNS: 07.00 for RUT2/3/9, 02.04 for RUTX/TRB', () => {
    expect(deviceCapabilities('RUT955', 'RUT9XX_R_00.07.00').has_ddns).toBe(true);
    expect(deviceCapabilities('RUT955', 'RUT9XX_R_00.06.08.1').has_ddns).toBe(false);
    expect(deviceCapabilities('RUTX11', 'RUTX_R_00.02.04.1').has_ddns).toBe(true);
    expect(deviceCapabilities('TRB245', 'TRB2_R_00.02.03').has_ddns).toBe(false);
  });
  it('legacy alerts below 07.13', () => {
    expect(deviceCapabilities('RUTX11', 'RUTX_R_00.07.12.3').has_legacy_alerts).toBe(true);
    expect(deviceCapabilities('RUTX11', 'RUTX_R_00.07.13').has_legacy_alerts).toBe(false);
  });
  it('is total and consistent for any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (model, fw) => {
        const c = deviceCapabilities(model, fw);
        expect(c.has_mobile).toBe(c.sim_count > 0);
        if (!c.has_wifi) expect(c.has_wifi_monitoring).toBe(false);
      }),
    );
  });
});
