import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { RESEND_FAILED, RESEND_SENT, resendFailureMessage } from './activation';

const failure = (extra: ConstructorParameters<typeof HttpError>[2]) =>
  new HttpError('Request failed with status code 503', { url: '/account/user/activation/resend' }, extra);

describe('resend activation toasts (shell spec §8)', () => {
  it('uses the spec words', () => {
    expect(RESEND_SENT).toBe('Email confirmation sent successfully');
    expect(RESEND_FAILED).toBe('Failed to send email confirmation');
  });

  it('follows the failure with the status text, or the status when the text is empty', () => {
    expect(resendFailureMessage(failure({ status: 503, statusText: 'Service Unavailable' }))).toBe(
      'Failed to send email confirmation Service Unavailable',
    );
    expect(resendFailureMessage(failure({ status: 503, statusText: '' }))).toBe(
      'Failed to send email confirmation 503',
    );
    expect(resendFailureMessage(failure({ code: 'ERR_NETWORK' }))).toBe(
      'Failed to send email confirmation Request failed with status code 503',
    );
    expect(resendFailureMessage(new Error('x'), 'Kunne ikke sende')).toBe('Kunne ikke sende');
  });
});
