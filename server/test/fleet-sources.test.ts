import { describe, expect, it } from 'vitest';
import { databaseDevices } from '../../sim/sources';
import { useServer } from './harness';

// The fleet simulator plays the devices of a console's database as the console
// last heard of them: here, the users of the seeded guest hotspots, the one
// signed in with the MAC, address and traffic the console shows.

describe('the fleet simulator reading a console database', () => {
  const { server } = useServer({});

  it('gives each device its hotspot users, signed in as the console last heard', async () => {
    const devices = await databaseDevices(server.dbFile, 20);
    const withHotspots = devices.filter((d) => d.hotspotUsers?.length);
    expect(withHotspots.length).toBeGreaterThan(0);
    const { db } = server.app.ctx;
    for (const device of withHotspots) {
      const { id } = await db
        .selectFrom('devices')
        .select('id')
        .where('serial', '=', device.serial)
        .executeTakeFirstOrThrow();
      const stored = await db
        .selectFrom('hotspot_users')
        .selectAll()
        .where('device_id', '=', id)
        .orderBy('id')
        .execute();
      expect(device.hotspotUsers).toEqual(
        stored.map((u) => ({
          hotspot: u.hotspot_index,
          username: u.username,
          hotspotIp: '192.168.2.1',
          client: u.started_at
            ? { mac: u.mac, ip: u.ip, download: Number(u.download), upload: Number(u.upload) }
            : undefined,
        })),
      );
    }
    expect(withHotspots[0].hotspotUsers!.filter((u) => u.client).map((u) => u.username)).toEqual(['visitor']);
    expect(devices.filter((d) => !d.hotspotUsers).length).toBeGreaterThan(0);
  });
});
