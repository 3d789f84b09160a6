import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import { openPassword } from './credentials';
import { END_CODES } from './registry';

// An RMS Connect link: the key of a session (a row of the access history
// with its expiry) names the one remote access entry it opens. The relay
// connects only to that entry's address and port, whatever the caller sends.
//
// Who may use a key while the session is open:
// - an SSH or desktop (VNC, RDP) key, its holder (a shared link; shell spec:
//   those pages open without login with a key);
// - a WebUI key (HTTP, HTTPS), its holder too: the key in the proxy's path is
//   the session's capability (the proxied pages run sandboxed, in an opaque
//   origin, without the console's cookies; webui-proxy.ts);
// - any other key (Telnet, SFTP), a signed-in user holding
//   view_device_remote_access whose companies include the entry's.

export interface Link {
  historyId: number;
  entryId: number;
  companyId: number;
  protocol: string;
  name: string;
  deviceName: string;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  expiresAt: string;
}

export interface Refusal {
  code: number;
  message: string;
}

/** Protocols whose keys open without signing in (shareable links, and the WebUI proxy's path). */
const SHAREABLE = new Set(['ssh', 'vnc', 'rdp', 'http', 'https']);
const KEY = /^[\w-]{16,128}$/;

export const isRefusal = (value: Link | Refusal): value is Refusal => 'code' in value;

export function mayUse(actor: Actor | null, link: Pick<Link, 'protocol' | 'companyId'>): boolean {
  if (SHAREABLE.has(link.protocol)) return true;
  if (!actor || !actor.permissions.has('view_device_remote_access')) return false;
  return actor.companyIds === null || actor.companyIds.includes(link.companyId);
}

/** The open session a key names, for a caller and the protocols one relay speaks; or why not. */
export async function linkFor(
  ctx: AppContext,
  key: string | null | undefined,
  actor: Actor | null,
  protocols: readonly string[],
): Promise<Link | Refusal> {
  const invalid = { code: END_CODES.invalid, message: 'The link is invalid or has expired.' };
  if (!key || !KEY.test(key)) return invalid;
  const row = await ctx.db
    .selectFrom('remote_access_history as h')
    .innerJoin('remote_access as a', 'a.id', 'h.remote_access_id')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .select([
      'h.id',
      'h.expires_at',
      'h.ended_at',
      'a.id as entry_id',
      'a.company_id',
      'a.protocol',
      'a.name',
      'd.name as device_name',
      'a.destination_ip',
      'a.destination_port',
      'a.username',
      'a.password_secret',
    ])
    .where('h.token', '=', key)
    .executeTakeFirst();
  const now = ctx.now().toISOString();
  if (!row || row.ended_at || !row.expires_at || row.expires_at <= now) return invalid;
  if (!protocols.includes(row.protocol))
    return { code: END_CODES.protocol, message: 'The link opens another kind of connection.' };
  const link: Link = {
    historyId: row.id,
    entryId: row.entry_id,
    companyId: row.company_id,
    protocol: row.protocol,
    name: row.name,
    deviceName: row.device_name,
    host: row.destination_ip,
    port: row.destination_port,
    username: row.username,
    password: openPassword(ctx.tokenKey, row.password_secret),
    expiresAt: row.expires_at,
  };
  if (!mayUse(actor, link))
    return { code: END_CODES.forbidden, message: 'You are not allowed to use this remote access.' };
  return link;
}

/** The expiry of a session that is still open (a restart moved it), else null. */
export async function openUntil(ctx: AppContext, historyId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('remote_access_history')
    .select(['expires_at', 'ended_at'])
    .where('id', '=', historyId)
    .executeTakeFirst();
  return row && !row.ended_at ? row.expires_at : null;
}

/** Adds what a connection moved to its session (input: to the device; output: from it) and logs the connection. */
export async function recordUse(
  ctx: AppContext,
  historyId: number,
  userId: number | null,
  operation: string,
  target: string,
  bytes: { input: number; output: number },
): Promise<void> {
  await ctx.db
    .updateTable('remote_access_history')
    .set({
      input_data: sql`input_data + ${bytes.input}`,
      output_data: sql`output_data + ${bytes.output}`,
    })
    .where('id', '=', historyId)
    .execute();
  await ctx.db
    .insertInto('remote_access_operations')
    .values({
      history_id: historyId,
      user_id: userId,
      operation,
      path: target,
      size: bytes.input + bytes.output,
      created_at: ctx.now().toISOString(),
    })
    .execute();
}
