import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The password of a remote access entry, kept encrypted (AES-256-GCM with a
// key derived from the server's signing key): only the relay reads it, to
// sign in to the device; no answer ever carries it.

const keyOf = (tokenKey: Buffer) => Buffer.from(hkdfSync('sha256', tokenKey, '', 'remote-access-credentials', 32));

export function sealPassword(tokenKey: Buffer, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(tokenKey), iv);
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** The password, or null when the secret was not sealed with this key (or is damaged). */
export function openPassword(tokenKey: Buffer, secret: string | null): string | null {
  if (!secret) return null;
  try {
    const [iv, tag, sealed] = secret.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(tokenKey), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
