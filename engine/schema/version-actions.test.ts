import { describe, expect, it } from 'vitest';
import { DOCUMENT_VERSION_ACTIONS, VERSION_ACTION_LABELS, versionActionLabel } from './version-actions';

describe('version actions', () => {
  it("name the store's seed, publish and revert", () => {
    expect(versionActionLabel('seed')).toBe('Built in');
    expect(versionActionLabel('publish')).toBe('Published');
    expect(versionActionLabel('revert')).toBe('Reverted');
  });

  it('are exactly the seed, publish and revert the store writes, each with a label', () => {
    expect(DOCUMENT_VERSION_ACTIONS).toEqual(['seed', 'publish', 'revert']);
    expect(Object.keys(VERSION_ACTION_LABELS)).toEqual([...DOCUMENT_VERSION_ACTIONS]);
  });

  it('show any other action as it is, inherited object keys included', () => {
    expect(versionActionLabel('import')).toBe('import');
    expect(versionActionLabel('constructor')).toBe('constructor');
    expect(versionActionLabel('')).toBe('');
  });
});
