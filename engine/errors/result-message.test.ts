import { afterEach, describe, expect, it } from 'vitest';
import { setMessages } from '../i18n/i18n';
import { describeRequest, resultMessage, successMessage } from './result-message';

afterEach(() => setMessages('en', {}));

describe('resultMessage', () => {
  it("success: '{Item} {verb}d successfully' with the item from the path", () => {
    expect(resultMessage({ ok: true, method: 'post', url: '/tags' })).toBe('Tag created successfully');
    expect(resultMessage({ ok: true, method: 'put', url: '/companies/12' })).toBe('Company updated successfully');
    expect(resultMessage({ ok: true, method: 'delete', url: '/roles/4' })).toBe('Role removed successfully');
    expect(resultMessage({ ok: true, method: 'post', url: '/data-collect/configs/4/assign' })).toBe(
      'Config assigned successfully',
    );
  });

  it('uses the special item names', () => {
    const cases: [string, string, string][] = [
      ['post', '/devices/updates/cancel', 'Pending updates cancelled successfully'],
      ['put', '/devices/tags', 'Device(s) tags updated successfully'],
      ['post', '/devices/authorized', 'Authorized device(s) created successfully'],
      ['delete', '/suppressed-emails/a@b.lt', 'Email removed successfully'],
      ['delete', '/admin/users/a@b.lt/mfa', 'MFA removed successfully'],
      ['delete', '/admin/users/a@b.lt', 'User removed successfully'],
      ['post', '/devices/passwords/set', 'Password set successfully'],
      ['post', '/devices/remote-access', 'Remote access created successfully'],
      ['post', '/credits/codes', 'Credit code created successfully'],
      ['post', '/devices/credits/move', 'Resources moved successfully'],
      ['post', '/users/invite', 'Invitation sent successfully'],
      ['post', '/files', 'File uploaded successfully'],
    ];
    for (const [method, url, message] of cases) expect(resultMessage({ ok: true, method, url })).toBe(message);
  });

  it('failure with an errors array shows the first error message', () => {
    expect(
      resultMessage({ ok: false, method: 'post', url: '/tags', errors: [{ message: 'Name taken' }, { message: 'x' }] }),
    ).toBe('Name taken');
  });

  it("otherwise 'Failed to {verb} {item} ({status text or code})'", () => {
    expect(resultMessage({ ok: false, method: 'post', url: '/tags', statusText: 'Bad Request' })).toBe(
      'Failed to create tag (Bad Request)',
    );
    expect(resultMessage({ ok: false, method: 'delete', url: '/roles/3', code: 'ERR_NETWORK' })).toBe(
      'Failed to remove role (ERR_NETWORK)',
    );
  });

  it("no config on the response: 'Server error'", () => {
    expect(resultMessage({ ok: false })).toBe('Server error');
  });

  it('document overrides and the operation complete verb', () => {
    expect(resultMessage({ ok: true, method: 'post', url: '/x', item: 'company data', verb: 'add' })).toBe(
      'Company data added successfully',
    );
    expect(successMessage('', 'operation complete')).toBe('Operation completed successfully');
    expect(describeRequest('post', '/api/companies/move')).toEqual({ item: 'company', verb: 'move' });
  });

  it('speaks the interface language: the verb’s template and the item from the catalogue', () => {
    setMessages('no', {
      '{Item} created successfully': '{Item} ble opprettet',
      'Failed to remove {item}': 'Kunne ikke fjerne {item}',
      tag: 'tagg',
      'Server error': 'Serverfeil',
    });
    expect(resultMessage({ ok: true, method: 'post', url: '/tags' })).toBe('Tagg ble opprettet');
    expect(resultMessage({ ok: false, method: 'delete', url: '/tags/3', code: 500 })).toBe(
      'Kunne ikke fjerne tagg (500)',
    );
    expect(resultMessage({ ok: false })).toBe('Serverfeil');
  });
});
