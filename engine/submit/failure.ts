import type { ReceivedErrorItem } from '../contract/error-item';
import { envelopeMessage, errorItems } from '../contract/envelope';

// Reading a failed submit (forms spec §4, §7, §8): the error items, the MFA
// challenge metadata, and the special statuses and codes.

export const SEND_FAILED_MESSAGE = 'Failed to send request. Try again later';
export const CONNECT_FAILED_MESSAGE = 'Failed to connect to server';
export const MFA_REQUIRED = 'MFA_REQUIRED';
export const CONFIRMATION_FAILED = 'CONFIRMATION_FAILED';
export const PASSWORD_CONFIRMATION_STATUS = 423;

export type MfaMethod = 'email' | 'teltonika_id' | 'totp';
export const MFA_METHODS: readonly MfaMethod[] = ['email', 'teltonika_id', 'totp'];

export interface MfaChallenge {
  method: string;
  /** The session field the resubmission carries: session_uuid or session_id. */
  sessionKey: 'session_uuid' | 'session_id';
  session: string | number | undefined;
  message?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The error items of a failed submit's body (UNAUTHORIZED items, the global handler's, skipped). */
export function submitErrorItems(body: Record<string, unknown> | undefined): ReceivedErrorItem[] {
  return errorItems(body).filter((e) => e.code !== 'UNAUTHORIZED');
}

export function hasCode(items: readonly ReceivedErrorItem[], code: string): boolean {
  return items.some((e) => e.code === code);
}

/** The MFA challenge of an MFA_REQUIRED failure. */
export function mfaChallenge(body: Record<string, unknown> | undefined): MfaChallenge {
  const meta = isObject(body?.meta) ? (body!.meta as Record<string, unknown>) : {};
  const method = String(meta.mfa_method ?? meta.mfa_type ?? '');
  const uuid = meta.session_uuid as string | number | undefined;
  const message = submitErrorItems(body).find((e) => e.code === MFA_REQUIRED)?.message;
  return uuid !== undefined
    ? { method, sessionKey: 'session_uuid', session: uuid, message }
    : { method, sessionKey: 'session_id', session: meta.session_id as string | number | undefined, message };
}

/** The server's message of a 423 (password confirmation). */
export function passwordMessage(body: Record<string, unknown> | undefined): string {
  return envelopeMessage(body) ?? submitErrorItems(body)[0]?.message ?? 'Please confirm your password to continue.';
}
