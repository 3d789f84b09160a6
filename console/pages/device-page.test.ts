import { describe, expect, it } from 'vitest';
import detail from '../../schemas/pages/device.detail.json';
import discovered from '../../schemas/pages/devices.discovered.json';
import rotate from '../../schemas/forms/rotate-mqtt-credentials.json';
import { LIVE_DEVICE_FIELDS } from '../../engine/device/live';

// The device page shows what the device reports (issue 26): its header's
// facts the gateway learns from the device are live ones (DeviceUpdated
// patches them in place); discovered devices are adopted through the
// add-device form with their serial filled in; the MQTT secret is rotated
// by a form whose response reveals it once.

const REPORTED = ['status', 'signal', 'temperature', 'router_uptime', 'wan_ip', 'operator', 'connection_type'];

describe('the device page', () => {
  it('shows status, signal, temperature, uptime, WAN IP, operator, network and last seen, each live', () => {
    const fields = detail.fields.map((field) => field.key);
    for (const key of [...REPORTED, 'last_connection_at']) {
      expect(fields).toContain(key);
      expect(LIVE_DEVICE_FIELDS as readonly string[]).toContain(key);
    }
    const titles = Object.fromEntries(detail.fields.map((field) => [field.key, field.title]));
    expect(titles).toMatchObject({ connection_type: 'Network', last_connection_at: 'Last seen', wan_ip: 'WAN IP' });
    expect(detail.live).toBe(true);
  });

  it('rotates the MQTT credentials from the page, the secret revealed once', () => {
    const action = detail.actions.find((a) => a.key === 'rotate-mqtt-credentials');
    expect(action).toMatchObject({
      label: 'Rotate MQTT credentials',
      form: 'rotate-mqtt-credentials',
      permission: 'update_devices',
    });
    expect(rotate).toMatchObject({
      endpoint: '/devices/{id}/mqtt-credentials',
      method: 'post',
      reveal: { key: 'data.password' },
    });
  });

  it('lists discovered devices with an Adopt action opening the add-device form with the serial filled in', () => {
    expect(discovered.endpoint).toBe('/devices/discovered');
    expect(discovered.rowActions).toEqual([
      expect.objectContaining({ label: 'Adopt', form: 'add-device', data: { serial: '{serial}' } }),
    ]);
  });
});
