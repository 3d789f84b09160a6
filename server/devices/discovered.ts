import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import '../db/types-devices';

// Serials that answered on the broker without a device record: kept for an
// administrator to adopt (the add-device flow with the serial). A serial is
// written at most once a minute by one gateway, however often it answers.

const WRITE_GAP_MS = 60_000;

export class DiscoveredDevices {
  private readonly written = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async note(serial: string, type: string, now: Date): Promise<void> {
    const last = this.written.get(serial);
    if (last !== undefined && now.getTime() - last < WRITE_GAP_MS) return;
    if (this.written.size > 100_000) this.written.clear();
    this.written.set(serial, now.getTime());
    const at = now.toISOString();
    await this.db
      .insertInto('discovered_devices')
      .values({ serial, type, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.column('serial').doUpdateSet({ type, last_seen_at: at }))
      .execute();
  }
}
