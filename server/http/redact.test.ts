import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides the MFA code and challenge id of a DELETE resubmission', () => {
    expect(redactUrl('/api/admin/users/a%40b.c/mfa?session_code=123456&session_id=9f1c&x=1')).toBe(
      '/api/admin/users/a%40b.c/mfa?session_code=[redacted]&session_id=[redacted]&x=1',
    );
    expect(redactUrl('/api/x?session_uuid=u&%73ession_code=1&SESSION_CODE=2#frag')).toBe(
      '/api/x?session_uuid=[redacted]&%73ession_code=[redacted]&SESSION_CODE=[redacted]#frag',
    );
  });

  it('keeps URLs without secrets as they are', () => {
    expect(redactUrl('/api/devices?limit=10&q=RUT')).toBe('/api/devices?limit=10&q=RUT');
    expect(redactUrl('/api/devices')).toBe('/api/devices');
  });

  it('never lets a session_code value through (property)', () => {
    const value = fc.stringMatching(/^[0-9]{6,8}$/);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a=1', 'q=x', 'limit=5')), value, (others, code) => {
        const url = `/api/x?${[...others, `session_code=${code}`].join('&')}`;
        expect(redactUrl(url)).not.toContain(code);
      }),
    );
  });
});
