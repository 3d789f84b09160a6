import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../context';

// Device passwords: the console must hand a device its password (and show a
// generated one to whoever generated it), so a password is stored encrypted,
// never hashed and never in clear: AES-256-GCM under a key derived from the
// server's token key (every instance derives the same). A password task
// (server/resources/device-passwords.ts) is applied on its action channel,
// chunk by chunk (server/jobs/bulk-work.ts): each device takes the task's
// password, the task row keeps it only when it is to be shown.

/** A device password: 8 to 32 characters, not starting as a spreadsheet formula would (the download is CSV, unaltered). */
export const DEVICE_PASSWORD = { type: 'string', minLength: 8, maxLength: 32, pattern: '^[^=+\\-@\\s]' } as const;

const keys = new WeakMap<Buffer, Buffer>();

function keyOf(tokenKey: Buffer): Buffer {
  let key = keys.get(tokenKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', tokenKey, Buffer.alloc(0), 'device-passwords', 32));
    keys.set(tokenKey, key);
  }
  return key;
}

/** `iv.tag.ciphertext`, base64url. */
export function encryptPassword(tokenKey: Buffer, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(tokenKey), iv);
  const text = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.');
}

export function decryptPassword(tokenKey: Buffer, sealed: string): string {
  const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(tokenKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
}

const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
const SPECIAL = '!@#$%^&*()-_=+';

/**
 * A random password of `length` with an upper-case letter, a lower-case letter, a digit (and a special character),
 * starting with a letter or digit (a CSV download never has to alter it).
 */
export function generatePassword(length: number, useSpecial: boolean): string {
  const classes = useSpecial ? [...CLASSES, SPECIAL] : CLASSES;
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const first = chars.findIndex((c) => !SPECIAL.includes(c));
  [chars[0], chars[first]] = [chars[first], chars[0]];
  return chars.join('');
}

/** Applies a password task to a chunk of its devices; answers how many took their password. */
export async function applyPasswords(ctx: AppContext, taskId: string, chunk: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('device_password_task_devices as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['t.device_id', 't.password', 't.shown'])
      .where('t.task_id', '=', taskId)
      .where('t.status', '=', 'pending')
      .where('t.device_id', 'in', chunk)
      .execute();
    const at = ctx.now().toISOString();
    for (const row of rows) {
      await trx
        .updateTable('devices')
        .set({ password: row.password, updated_at: at })
        .where('id', '=', row.device_id)
        .execute();
      await trx
        .updateTable('device_password_task_devices')
        .set({ status: 'completed', password: row.shown ? row.password : null })
        .where('task_id', '=', taskId)
        .where('device_id', '=', row.device_id)
        .execute();
    }
    // A device removed meanwhile: its row is gone with it (cascade); a row not pending was applied before.
    await trx
      .updateTable('device_password_tasks')
      .set((eb) => ({ completed: eb('completed', '+', rows.length), updated_at: at }))
      .where('id', '=', taskId)
      .execute();
    return rows.length;
  });
}
