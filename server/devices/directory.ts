import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// Device records by serial, for the messages the gateway handles: a short
// cache (a device added, deleted or moved is seen within TTL_MS), with
// unknown serials cached too so a stranger's flood costs no queries.

export interface KnownDevice {
  id: number;
  company_id: number;
}

const TTL_MS = 15_000;

export class DeviceDirectory {
  private readonly cache = new Map<string, { device: KnownDevice | null; at: number }>();

  constructor(private readonly db: Kysely<Database>) {}

  async bySerial(serial: string): Promise<KnownDevice | null> {
    const hit = this.cache.get(serial);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.device;
    const row = await this.db
      .selectFrom('devices')
      .select(['id', 'company_id'])
      .where('serial', '=', serial)
      .executeTakeFirst();
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(serial, { device: row ?? null, at: Date.now() });
    return row ?? null;
  }

  forget(serial: string): void {
    this.cache.delete(serial);
  }
}
