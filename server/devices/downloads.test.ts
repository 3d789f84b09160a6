import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signDownload, verifyDownload } from './downloads';

// The signed download links: a link opens its file until it expires, and
// any change to it (another file, a later expiry, another key, a changed
// character) opens nothing.

const key = randomBytes(32);
const now = 1_800_000_000_000;
const fileId = fc.integer({ min: 1, max: 2 ** 40 });
const ahead = fc.integer({ min: 1000, max: 30 * 86_400_000 });

describe('device download links', () => {
  it('open their file until they expire', () => {
    fc.assert(
      fc.property(fileId, ahead, (id, ms) => {
        const token = signDownload(key, id, now + ms);
        expect(verifyDownload(key, token, now)).toBe(id);
        expect(verifyDownload(key, token, now + ms + 1000)).toBeUndefined();
      }),
    );
  });

  it('open nothing once changed, or under another key', () => {
    fc.assert(
      fc.property(fileId, ahead, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (id, ms, at, char) => {
        const token = signDownload(key, id, now + ms);
        const i = at % token.length;
        const changed = token.slice(0, i) + char + token.slice(i + 1);
        fc.pre(changed !== token);
        expect(verifyDownload(key, changed, now)).toBeUndefined();
        expect(verifyDownload(randomBytes(32), token, now)).toBeUndefined();
        const [, expires, mac] = token.split('.');
        expect(verifyDownload(key, `${id + 1}.${expires}.${mac}`, now)).toBeUndefined();
        expect(verifyDownload(key, `${id}.${Number(expires) + 1}.${mac}`, now)).toBeUndefined();
      }),
    );
  });

  it('refuse what is not a link', () => {
    for (const token of ['', 'x', '1.2', '0.1.' + 'A'.repeat(43), '1.1.' + 'A'.repeat(44), '../1.1.a'])
      expect(verifyDownload(key, token, now)).toBeUndefined();
  });
});
