import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkReloadDue, isChunkLoadError } from './chunk-reload';

describe('chunk-load errors', () => {
  it('knows the browsers’ wordings of a failed chunk, as errors or as text', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError('ChunkLoadError: Loading chunk 7 failed.')).toBe(true);
    expect(isChunkLoadError(new Error('Request failed with status code 500'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads at most once a minute; a missing or unreadable time allows it', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(chunkReloadDue(0, now)).toBe(true);
    expect(chunkReloadDue(Number.NaN, now)).toBe(true);
    expect(chunkReloadDue(now - 59_999, now)).toBe(false);
    expect(chunkReloadDue(now - 60_000, now)).toBe(true);
  });

  it('after a reload, none is due again within the minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 42 }), fc.integer({ min: 0, max: 59_999 }), (at, later) => {
        expect(chunkReloadDue(at, at + later)).toBe(false);
        expect(chunkReloadDue(at, at + 60_000 + later)).toBe(true);
      }),
    );
  });
});
