import { describe, expect, it } from 'vitest';
import { apiBase } from './api-base';

describe('the API base (shell spec §7)', () => {
  it('is /api on the page origin', () => {
    expect(apiBase(null, false)).toBe('/api');
    expect(apiBase(null, true)).toBe('/api');
  });

  it('ignores the stored review-environment override in production builds', () => {
    expect(apiBase('http://other.test:8181/api', false)).toBe('/api');
  });

  it('follows the stored review-environment override in development builds', () => {
    expect(apiBase('http://other.test:8181/api', true)).toBe('http://other.test:8181/api');
  });
});
