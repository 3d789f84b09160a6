import { describe, expect, it } from 'vitest';
import { versionActionLabel } from './version-actions';

describe('version actions', () => {
  it("name the store's seed, publish and revert", () => {
    expect(versionActionLabel('seed')).toBe('Built in');
    expect(versionActionLabel('publish')).toBe('Published');
    expect(versionActionLabel('revert')).toBe('Reverted');
  });

  it('show any other action as it is, inherited object keys included', () => {
    expect(versionActionLabel('import')).toBe('import');
    expect(versionActionLabel('constructor')).toBe('constructor');
    expect(versionActionLabel('')).toBe('');
  });
});
