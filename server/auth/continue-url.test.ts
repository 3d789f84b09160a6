import { describe, expect, it } from 'vitest';
import { safeContinueUrl } from './continue-url';

describe('safeContinueUrl', () => {
  it('keeps same-host paths and URLs', () => {
    expect(safeContinueUrl('/companies?tab=1', 'localhost:8080')).toBe('/companies?tab=1');
    expect(safeContinueUrl('http://localhost:8080/tags', 'localhost:8080')).toBe('http://localhost:8080/tags');
  });
  it('drops other hosts, protocol-relative and script URLs', () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example', 42]) {
      expect(safeContinueUrl(bad, 'localhost:8080')).toBe('/');
    }
  });
});
