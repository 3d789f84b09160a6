import { createHmac, timingSafeEqual } from 'node:crypto';

// Download links for devices (docs/devices-protocol.md, firmware_update and
// config_update): a device has no console session, so the file it is told
// to fetch is named by a signed, expiring token: the file id, the expiry
// (Unix seconds) and an HMAC-SHA256 of both under the server's token key.
// A link opens that one file until it expires, and nothing else.

const TOKEN = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, fileId: number, expires: number) =>
  createHmac('sha256', key).update(`device-download:${fileId}:${expires}`).digest('base64url');

/** A token for `fileId` valid until `expiresAtMs`. */
export function signDownload(key: Buffer, fileId: number, expiresAtMs: number): string {
  const expires = Math.ceil(expiresAtMs / 1000);
  return `${fileId}.${expires}.${mac(key, fileId, expires)}`;
}

/** The file id a token opens at `nowMs`; undefined when it is malformed, forged or expired. */
export function verifyDownload(key: Buffer, token: string, nowMs: number): number | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const fileId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(mac(key, fileId, expires));
  const given = Buffer.from(match[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return expires * 1000 > nowMs ? fileId : undefined;
}
