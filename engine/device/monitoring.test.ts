import { describe, expect, it } from 'vitest';
import { loadFormDocument } from '../schema/registry';
import { computeFunctions } from '../schema/functions';
import { MONITORING_CONFIGS, monitoringConfigs, monitoringData } from './monitoring';

// Forms spec §3: "Monitoring config: label, key, down and up byte sizes, min, max, period, config_id, default,
// compatKey, compatNotice." §9: "Monitoring defaults in seconds: dynamic 300, static 1296000, hotspot 300,
// I/O 300, GPS 300, wireless 300, DDNS 300, L2TP 300; min 60, max 31536000; each has size estimates down/up".

describe('monitoring configurations', () => {
  it('one per kind of monitoring, with the spec defaults and bounds', () => {
    expect(MONITORING_CONFIGS.map((c) => [c.key, c.label, c.default])).toEqual([
      ['dynamic', 'Dynamic data', 300],
      ['static', 'Static data', 1296000],
      ['hotspot', 'Hotspot', 300],
      ['io', 'I/O', 300],
      ['gps', 'GPS', 300],
      ['wireless', 'Wireless', 300],
      ['ddns', 'DDNS', 300],
      ['l2tp', 'L2TP', 300],
    ]);
    for (const c of MONITORING_CONFIGS) {
      expect([c.min, c.max, c.period]).toEqual([60, 31536000, c.default]);
      expect(c.down).toBeGreaterThan(0);
      expect(c.up).toBeGreaterThan(0);
      expect(Boolean(c.compatNotice)).toBe(Boolean(c.compatKey));
    }
    expect(MONITORING_CONFIGS.map((c) => c.config_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('the device capability each needs (none for dynamic and static data)', () => {
    expect(Object.fromEntries(MONITORING_CONFIGS.map((c) => [c.key, c.compatKey ?? null]))).toEqual({
      dynamic: null,
      static: null,
      hotspot: 'has_hotspot',
      io: 'has_io',
      gps: 'has_gps',
      wireless: 'has_wifi_monitoring',
      ddns: 'has_ddns',
      l2tp: 'has_l2tp',
    });
  });

  it("a template's periods become the configurations' periods; the data estimate follows them", () => {
    const configs = monitoringConfigs({ dynamic: 600, static: '60' });
    expect(configs[0].period).toBe(600);
    expect(configs[1].period).toBe(60);
    expect(configs[2].period).toBe(300);
    // Out of bounds or not a number: the default.
    expect(monitoringConfigs({ dynamic: 5, gps: 'x' }).map((c) => c.period)).toEqual(
      MONITORING_CONFIGS.map((c) => c.default),
    );
    const month = 30 * 86400;
    const expected = (configsOf: typeof configs) => ({
      down: configsOf.reduce((n, c) => n + (month / c.period) * c.down, 0),
      up: configsOf.reduce((n, c) => n + (month / c.period) * c.up, 0),
    });
    expect(monitoringData(configs)).toEqual(expected(configs));
    expect(monitoringData(monitoringConfigs({ dynamic: 60 })).up).toBeGreaterThan(
      monitoringData(MONITORING_CONFIGS).up,
    );
  });

  it.each(['monitoring-template', 'edit-monitoring-template'])(
    'the %s form shows each configuration: its label, default, bounds and compatibility notice, and the estimate',
    async (name) => {
      const doc = await loadFormDocument(name);
      for (const c of MONITORING_CONFIGS) {
        const field = doc?.fields.find((f) => f.key === c.key);
        expect(field, c.key).toMatchObject({
          label: `${c.label} period (seconds)`,
          default: c.default,
          min: c.min,
          max: c.max,
        });
        expect(field?.subtext).toBe(c.compatNotice);
      }
      const estimate = doc?.fields.find((f) => f.component === 'BaseAlert');
      expect(estimate?.compute?.function).toBe('monitoringDataEstimate');
      const values = Object.fromEntries(MONITORING_CONFIGS.map((c) => [c.key, c.default]));
      expect(computeFunctions.monitoringDataEstimate.reads({})).toEqual(MONITORING_CONFIGS.map((c) => c.key));
      expect(computeFunctions.monitoringDataEstimate.text(values, {})).toMatch(
        /^Estimated monitoring data per device in 30 days: .+ down, .+ up$/,
      );
    },
  );
});
