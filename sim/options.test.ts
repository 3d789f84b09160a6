import { describe, expect, it } from 'vitest';
import { readOptions, UsageError } from './options';
import { discoveredDevices } from './sources';
import { modelProfile } from './models';

describe('the simulator command line', () => {
  it('runs N discovered routers on the broker given', () => {
    expect(readOptions(['--devices', '50', '--broker', 'mqtt://10.0.0.2:1884'], {})).toEqual({
      broker: 'mqtt://10.0.0.2:1884',
      database: undefined,
      devices: 50,
      discovered: 50,
      prefix: '',
      seed: 1,
      rebootMs: undefined,
      dropoutsPerHour: undefined,
      quiet: false,
    });
  });

  it('reads the database the server reads with --seeded, N of its devices with --devices, M more discovered', () => {
    const env = { DATABASE_URL: 'postgres://db/console', MQTT_URL: 'mqtt://broker:1883', MQTT_TOPIC_PREFIX: 'acme/' };
    expect(readOptions(['--seeded', '--devices', '10', '--discovered', '3'], env)).toMatchObject({
      broker: 'mqtt://broker:1883',
      database: 'postgres://db/console',
      devices: 10,
      discovered: 3,
      prefix: 'acme/',
    });
    expect(readOptions(['--seeded'], { DB_FILE: 'data/x.db', FLEET_REBOOT_MS: '15000' })).toMatchObject({
      database: 'data/x.db',
      rebootMs: 15000,
    });
    expect(
      readOptions(['--database', 'data/y.db', '--reboot-ms', '1500', '--dropouts-per-hour', '0'], {}),
    ).toMatchObject({
      database: 'data/y.db',
      devices: undefined,
      discovered: 0,
      rebootMs: 1500,
      dropoutsPerHour: 0,
    });
  });

  it('refuses what it cannot run with a usage message', () => {
    for (const argv of [
      [],
      ['--devices', 'ten'],
      ['--devices', '-3'],
      ['--devices', '2', '--broker', 'http://x'],
      ['--what'],
      ['--help'],
    ])
      expect(() => readOptions(argv, {})).toThrow(UsageError);
  });
});

describe('discovered devices', () => {
  it('are the same for a seed, with serials unknown to the fixture fleet, of models with a topic type', () => {
    const devices = discoveredDevices(20, 3);
    expect(discoveredDevices(20, 3)).toEqual(devices);
    expect(new Set(devices.map((d) => d.serial)).size).toBe(20);
    for (const device of devices) {
      expect(device.serial).toMatch(/^19\d{8}$/);
      expect(['router', 'device']).toContain(modelProfile(device.model).type);
    }
    expect(discoveredDevices(5, 4).map((d) => d.serial)).not.toContain(devices[0].serial);
  });
});
