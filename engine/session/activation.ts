import { HttpError } from '../http/errors';

// Resend activation (shell spec §8): success toast 'Email confirmation sent
// successfully'; failure toast 'Failed to send email confirmation' followed
// by the status text, or by the status code when the text is empty (HTTP/2
// sends no reason phrase).

export const RESEND_SENT = 'Email confirmation sent successfully';
export const RESEND_FAILED = 'Failed to send email confirmation';

/** The status part of the failure toast: the status text, else the status code, else the client message. */
export function failureStatus(error: unknown): string {
  if (!(error instanceof HttpError)) return '';
  return error.statusText?.trim() || (error.status ? String(error.status) : error.message);
}

/** The failure toast of resend activation, with `failed` already translated. */
export const resendFailureMessage = (error: unknown, failed: string = RESEND_FAILED): string =>
  `${failed} ${failureStatus(error)}`.trim();
