import { isHttpError } from '../http/errors';
import { failureBody } from '../contract/envelope';
import { CONFIRMATION_FAILED, hasCode, MFA_REQUIRED, type MfaChallenge, submitErrorItems } from './failure';

// Multi-factor verification (forms spec §4): the original request is resent
// with session_code and session_id/session_uuid. MFA_REQUIRED or
// CONFIRMATION_FAILED keep the code prompt open with the errors; any other
// failure closes it (the verifier throws).

export type VerifyOutcome<T = unknown> = { ok: true; value: T } | { ok: false; errors: string[] };

/** The verifier a code prompt calls with the typed code. */
export function mfaVerifier<T>(
  challenge: MfaChallenge,
  resend: (extra: Record<string, unknown>) => Promise<T>,
): (code: string) => Promise<VerifyOutcome<T>> {
  return async (code: string) => {
    try {
      const value = await resend({ session_code: code.trim(), [challenge.sessionKey]: challenge.session });
      return { ok: true, value };
    } catch (error) {
      const items = submitErrorItems(failureBody(error));
      if (isHttpError(error) && (hasCode(items, MFA_REQUIRED) || hasCode(items, CONFIRMATION_FAILED))) {
        return { ok: false, errors: items.map((e) => e.message).filter(Boolean) };
      }
      throw error;
    }
  };
}

/**
 * A prompt's verifier that sends its values: a refused value (a 4xx with error items) keeps the
 * prompt open with the messages; other failures close it (the verifier throws).
 */
export function sendingVerifier<V, T>(send: (values: V) => Promise<T>): (values: V) => Promise<VerifyOutcome<T>> {
  return async (values: V) => {
    try {
      return { ok: true, value: await send(values) };
    } catch (error) {
      const items = submitErrorItems(failureBody(error));
      if (isHttpError(error) && error.status !== undefined && error.status < 500 && items.length > 0) {
        return { ok: false, errors: items.map((e) => e.message) };
      }
      throw error;
    }
  };
}

/** The verifier of the password dialog: posts the values; a refused password keeps the dialog open. */
export function passwordVerifier<V>(
  post: (values: V) => Promise<unknown>,
): (values: V) => Promise<VerifyOutcome<true>> {
  return sendingVerifier(async (values: V) => {
    await post(values);
    return true as const;
  });
}
