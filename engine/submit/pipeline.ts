import type { HttpConfig, HttpResponse } from '../http/types';
import { isHttpError } from '../http/errors';
import { failureBody } from '../contract/envelope';
import {
  CONNECT_FAILED_MESSAGE,
  hasCode,
  MFA_METHODS,
  MFA_REQUIRED,
  type MfaChallenge,
  mfaChallenge,
  PASSWORD_CONFIRMATION_STATUS,
  passwordMessage,
  submitErrorItems,
} from './failure';
import { mfaVerifier, passwordVerifier, type VerifyOutcome } from './mfa';
import { toFormData } from './multipart';

// The one request pipeline (forms spec §4, §7, §8): forms, prompts and page
// actions send their writes through `sendRequest`. HTTP 423 opens the password
// confirmation and retries; MFA_REQUIRED opens the code prompt of the method
// (email, teltonika_id, totp), which stays open on CONFIRMATION_FAILED, and the
// original request is resent with the session fields.

/** Where the password confirmation (prompts/password-confirmation.json) posts its values (forms spec §7). */
const PASSWORD_CONFIRMATION_URL = '/password-confirmation';

export interface SubmitRequest {
  method: string;
  url: string;
  baseURL?: string;
  /** JSON body, or the payload turned into FormData when multipart. */
  data?: unknown;
  multipart?: boolean;
  /** Headers of its own (a form's FORM_HEADER). */
  headers?: Record<string, string>;
}

type Client = { request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>> };

export interface PipelineEnvironment {
  http: Client;
  /** Opens the code prompt for the method; resolves with the verified value, undefined when cancelled. */
  askMfaCode(challenge: MfaChallenge, verify: (code: string) => Promise<VerifyOutcome>): Promise<unknown>;
  /** Opens the password dialog; `confirm` posts its values; resolves true once confirmed, undefined when cancelled. */
  askPassword(
    message: string,
    confirm: (values: Record<string, unknown>) => Promise<VerifyOutcome<true>>,
  ): Promise<unknown>;
}

/** The user closed the code prompt or the password dialog: nothing was sent, nothing to report. */
export class SubmitCancelled extends Error {
  override name = 'SubmitCancelled';
}

export function isSubmitCancelled(error: unknown): boolean {
  return error instanceof SubmitCancelled;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function withExtra(request: SubmitRequest, extra: Record<string, unknown>): HttpConfig {
  const method = request.method.toLowerCase();
  const base: HttpConfig = {
    method: request.method,
    url: request.url,
    baseURL: request.baseURL,
    skipCancel: true,
    headers: request.headers,
  };
  // DELETE carries no body: MFA resubmission fields go in the query.
  if (method === 'delete' || method === 'get') {
    return Object.keys(extra).length ? { ...base, params: extra } : base;
  }
  if (request.data !== undefined && !isObject(request.data)) return { ...base, data: request.data };
  const payload = { ...((request.data as Record<string, unknown> | undefined) ?? {}), ...extra };
  if (request.data === undefined && Object.keys(extra).length === 0) return base;
  return { ...base, data: request.multipart ? toFormData(payload) : payload };
}

/** Sends the request; 423 and MFA_REQUIRED turn into dialogs and a retry; other failures are rethrown. */
export function sendRequest(
  request: SubmitRequest,
  env: PipelineEnvironment,
  extra: Record<string, unknown> = {},
): Promise<HttpResponse> {
  return send(request, env, extra, true);
}

/**
 * One send. A resubmission with a code (`askForCode` false) leaves MFA_REQUIRED to the code prompt
 * already open: its verifier shows the message there, and no second prompt replaces it.
 */
function send(
  request: SubmitRequest,
  env: PipelineEnvironment,
  extra: Record<string, unknown>,
  askForCode: boolean,
): Promise<HttpResponse> {
  return env.http
    .request(withExtra(request, extra))
    .catch((error: unknown) => recover(request, extra, error, env, askForCode));
}

async function recover(
  request: SubmitRequest,
  extra: Record<string, unknown>,
  error: unknown,
  env: PipelineEnvironment,
  askForCode: boolean,
): Promise<HttpResponse> {
  const body = failureBody(error);
  if (isHttpError(error) && error.status === PASSWORD_CONFIRMATION_STATUS) {
    const confirm = passwordVerifier((values: Record<string, unknown>) =>
      env.http.request({ method: 'post', url: PASSWORD_CONFIRMATION_URL, data: values, skipCancel: true }),
    );
    const confirmed = await env.askPassword(passwordMessage(body), confirm);
    if (confirmed !== true) throw new SubmitCancelled();
    return send(request, env, extra, askForCode);
  }
  if (askForCode && hasCode(submitErrorItems(body), MFA_REQUIRED)) {
    const challenge = mfaChallenge(body);
    if (!MFA_METHODS.includes(challenge.method as never)) {
      throw new Error(challenge.message || CONNECT_FAILED_MESSAGE, { cause: error });
    }
    const verify = mfaVerifier(challenge, (more) => send(request, env, { ...extra, ...more }, false));
    const verified = await env.askMfaCode(challenge, verify as (code: string) => Promise<VerifyOutcome>);
    if (verified === undefined) throw new SubmitCancelled();
    return verified as HttpResponse;
  }
  throw error;
}
