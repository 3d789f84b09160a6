import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import '../db/types-devices';

// Devices' MQTT credentials (docs/devices-protocol.md, "Authentication"):
// username the serial, password a random secret shown once. The secret is
// kept only as a hash in Mosquitto's $7$ format (PBKDF2-SHA512, salt and
// hash in base64), so the same hashes make an external Mosquitto's password
// file. The secrets are 32 random bytes: the iteration count guards no
// guessable password, it only matches what mosquitto_passwd writes.

const ITERATIONS = 1000;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

/** A secret's hash as Mosquitto's password file writes it: $7$iterations$salt$hash. */
export function hashSecret(secret: string, salt = randomBytes(SALT_BYTES), iterations = ITERATIONS): string {
  const hash = pbkdf2Sync(secret, salt, iterations, HASH_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether the secret matches a $7$ hash (constant time); false for anything malformed. */
export function verifySecret(secret: string, stored: string): boolean {
  const [, kind, iterations, salt, hash] = stored.split('$');
  const rounds = Number(iterations);
  if (kind !== '7' || !Number.isInteger(rounds) || rounds < 1 || rounds > 1_000_000 || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== HASH_BYTES) return false;
  const actual = pbkdf2Sync(secret, Buffer.from(salt, 'base64'), rounds, HASH_BYTES, 'sha512');
  return timingSafeEqual(actual, expected);
}

export const newSecret = () => randomBytes(32).toString('base64url');

export interface IssuedCredential {
  device_id: number;
  serial: string;
  secret: string;
  created_at: string;
}

/**
 * Issues new secrets (replacing any before) for the devices with these serials (default: every device)
 * and answers them in clear: the only time they exist outside the device.
 */
export async function issueDeviceCredentials(
  db: Kysely<Database>,
  serials?: string[],
  now = new Date(),
): Promise<IssuedCredential[]> {
  let query = db.selectFrom('devices').select(['id', 'serial']).orderBy('id');
  if (serials) query = query.where('serial', 'in', serials.length ? serials : ['']);
  const devices = await query.execute();
  const created_at = now.toISOString();
  const issued = devices.map((d) => ({ device_id: d.id, serial: d.serial, secret: newSecret(), created_at }));
  for (let i = 0; i < issued.length; i += 500) {
    const rows = issued.slice(i, i + 500).map((c) => ({
      device_id: c.device_id,
      secret_hash: hashSecret(c.secret),
      created_at,
    }));
    await db
      .insertInto('device_credentials')
      .values(rows)
      .onConflict((oc) =>
        oc.column('device_id').doUpdateSet((eb) => ({
          secret_hash: eb.ref('excluded.secret_hash'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }
  return issued;
}

/** What the broker knows of a username: a device with its secret's hash (null when none issued), or none. */
export async function credentialOf(
  db: Kysely<Database>,
  serial: string,
): Promise<{ deviceId: number; secretHash: string | null } | undefined> {
  const row = await db
    .selectFrom('devices')
    .leftJoin('device_credentials', 'device_credentials.device_id', 'devices.id')
    .select(['devices.id', 'device_credentials.secret_hash'])
    .where('devices.serial', '=', serial)
    .executeTakeFirst();
  return row && { deviceId: row.id, secretHash: row.secret_hash ?? null };
}

/** Mosquitto's password file for every device with credentials: one `serial:$7$…` line each. */
export async function mosquittoPasswordFile(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom('device_credentials')
    .innerJoin('devices', 'devices.id', 'device_credentials.device_id')
    .select(['devices.serial', 'device_credentials.secret_hash'])
    .orderBy('devices.serial')
    .execute();
  return rows.map((r) => `${r.serial}:${r.secret_hash}\n`).join('');
}
