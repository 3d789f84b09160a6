import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { failureText } from './result-text';

const remove = { method: 'delete', url: '/roles/7' };
const httpError = (status: number, data: unknown, statusText = '') =>
  new HttpError(`Request failed with status code ${status}`, { url: '/roles/7' }, { status, data, statusText });

describe('the failure text of a request', () => {
  it('failure: the first error message, else the catalogue with the status text or code', () => {
    expect(
      failureText(remove, httpError(403, { success: false, errors: [{ code: 'FORBIDDEN', message: 'No' }] })),
    ).toBe('No');
    expect(failureText(remove, httpError(404, { success: false, errors: [] }, 'Not Found'))).toBe(
      'Failed to remove role (Not Found)',
    );
    expect(failureText(remove, httpError(500, { success: false }))).toBe('Failed to remove role (500)');
    expect(failureText(remove, httpError(502, '<html>bad gateway</html>'))).toBe(
      'Failed to send request. Try again later',
    );
    expect(failureText(remove, new HttpError('Network Error', { url: '/roles/7' }, { code: 'ERR_NETWORK' }))).toBe(
      'Failed to remove role (ERR_NETWORK)',
    );
    expect(failureText(remove, new Error('Failed to connect to server'))).toBe('Failed to connect to server');
  });
});
