import { proxy } from 'valtio/vanilla';
import type { HttpConfig, HttpResponse } from '../http/types';
import { isHttpError, isCancel } from '../http/errors';
import type { ToastOptions } from '../stores/toasts';
import {
  CONNECT_FAILED_MESSAGE,
  MFA_METHODS,
  MFA_REQUIRED,
  PASSWORD_CONFIRMATION_STATUS,
  SEND_FAILED_MESSAGE,
  errorItems,
  failureBody,
  hasCode,
  mfaChallenge,
  passwordMessage,
  type ErrorItem,
  type MfaChallenge,
} from './failure';
import { mfaVerifier, passwordVerifier, type VerifyOutcome } from './mfa';
import { toFormData } from './multipart';

// The submit state machine of forms spec §4: idle -> waiting -> succeeded |
// failed. Framework-free: dialogs, toasts and navigation come in through the
// environment, so the whole life cycle is testable with a fake http.

export type SubmitStatus = 'idle' | 'waiting' | 'succeeded' | 'failed';

export interface SubmitState {
  status: SubmitStatus;
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
}

export interface SubmitRequest {
  method: string;
  url: string;
  baseURL?: string;
  /** JSON body, or the payload turned into FormData when multipart. */
  data?: Record<string, unknown>;
  multipart?: boolean;
}

export interface MappedErrors {
  fields: Record<string, string[]>;
  general: string[];
  /** Field keys whose current message is cleared (password_confirmation after a password error). */
  clear?: string[];
}

/** What the success and failure rules need to know about the form. */
export interface SubmitBehaviour {
  successMsg?: string;
  hideMsg?: boolean;
  leaveOpen?: boolean;
  reload?: boolean;
  skipNavigate?: boolean;
  tableRef?: string;
  toastErrors?: boolean;
  modalError?: boolean;
  /** The form runs on the /forms/<name> route (go back one step after success). */
  onFormRoute?: boolean;
  selection?: unknown[];
  fieldKeys: string[];
  /** Told the field keys whose (client-side) messages the server errors clear. */
  onClearErrors?: (keys: string[]) => void;
  onSuccess?: (result: unknown) => void;
  onError?: (error: unknown) => void;
}

type Client = { request<T = unknown>(config: HttpConfig): Promise<HttpResponse<T>> };

export interface SubmitEnvironment {
  http: Client;
  toast(options: ToastOptions): void;
  /** Opens the code prompt for the method; resolves with the verified value, undefined when cancelled. */
  askMfaCode(challenge: MfaChallenge, verify: (code: string) => Promise<VerifyOutcome>): Promise<unknown>;
  /** Opens the password dialog; resolves true once confirmed, undefined when cancelled. */
  askPassword(message: string, confirm: (password: string) => Promise<VerifyOutcome<true>>): Promise<unknown>;
  openActionStatus(channel: string, selection: unknown[] | undefined, title?: string): void;
  openErrorModal(messages: string[]): void;
  mapErrors(items: ErrorItem[], fieldKeys: string[]): MappedErrors;
  /** The success toast text when the server gives no message. */
  successMessage(request: SubmitRequest, response: HttpResponse): string;
  /** The failure text when the failure carries no error items. */
  failureMessage(request: SubmitRequest, error: unknown): string;
  /** Close the form's modal (not called with leaveOpen). */
  close(result: unknown): void;
  navigateBack(): void;
  emitReload(tableRef: string | undefined): void;
}

export interface Submission {
  state: SubmitState;
  /** Sends the request; a call while waiting is ignored (resolves undefined). */
  submit(request: SubmitRequest): Promise<HttpResponse | undefined>;
  /** Editing a field clears its server error. */
  clearFieldError(key: string): void;
  reset(): void;
}

class Cancelled extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function withExtra(request: SubmitRequest, extra: Record<string, unknown>): HttpConfig {
  const method = request.method.toLowerCase();
  const base: HttpConfig = { method: request.method, url: request.url, baseURL: request.baseURL, skipCancel: true };
  // DELETE carries no body: MFA resubmission fields go in the query.
  if (method === 'delete' || method === 'get') {
    return Object.keys(extra).length ? { ...base, params: extra } : base;
  }
  const payload = { ...(request.data ?? {}), ...extra };
  return { ...base, data: request.multipart ? toFormData(payload) : payload };
}

export function createSubmission(behaviour: SubmitBehaviour, env: SubmitEnvironment): Submission {
  const state = proxy<SubmitState>({ status: 'idle', fieldErrors: {}, generalErrors: [] });

  async function send(request: SubmitRequest, extra: Record<string, unknown> = {}): Promise<HttpResponse> {
    try {
      return await env.http.request(withExtra(request, extra));
    } catch (error) {
      return recover(request, extra, error);
    }
  }

  /** 423 and MFA_REQUIRED turn into dialogs and a retry; anything else is rethrown. */
  async function recover(
    request: SubmitRequest,
    extra: Record<string, unknown>,
    error: unknown,
  ): Promise<HttpResponse> {
    const body = failureBody(error);
    if (isHttpError(error) && error.status === PASSWORD_CONFIRMATION_STATUS) {
      const confirm = passwordVerifier((password) =>
        env.http.request({ method: 'post', url: '/password-confirmation', data: { password }, skipCancel: true }),
      );
      const confirmed = await env.askPassword(passwordMessage(body), confirm);
      if (confirmed !== true) throw new Cancelled();
      return send(request, extra);
    }
    const items = errorItems(body);
    if (hasCode(items, MFA_REQUIRED)) {
      const challenge = mfaChallenge(body);
      if (!MFA_METHODS.includes(challenge.method as never)) {
        throw new Error(challenge.message || CONNECT_FAILED_MESSAGE, { cause: error });
      }
      const verify = mfaVerifier(challenge, (more) => send(request, { ...extra, ...more }));
      const verified = await env.askMfaCode(challenge, verify as (code: string) => Promise<VerifyOutcome>);
      if (verified === undefined) throw new Cancelled();
      return verified as HttpResponse;
    }
    throw error;
  }

  function succeed(request: SubmitRequest, response: HttpResponse): void {
    state.status = 'succeeded';
    const envelope = isObject(response.data) ? response.data : {};
    const meta = isObject(envelope.meta) ? envelope.meta : {};
    if (typeof meta.channel === 'string' && meta.channel) {
      env.close(response);
      env.openActionStatus(meta.channel, behaviour.selection);
      behaviour.onSuccess?.(response.data);
      return;
    }
    if (behaviour.successMsg) env.toast({ message: behaviour.successMsg, type: 'success' });
    else if (!behaviour.hideMsg) {
      const server = typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined;
      env.toast({ message: server ?? env.successMessage(request, response), type: 'success' });
    }
    if (!behaviour.leaveOpen) env.close(response.data);
    behaviour.onSuccess?.(response.data);
    if (behaviour.onFormRoute) {
      if (!behaviour.skipNavigate) env.navigateBack();
    } else if (behaviour.reload !== false) env.emitReload(behaviour.tableRef);
  }

  function fail(request: SubmitRequest, error: unknown): void {
    state.status = 'failed';
    if (behaviour.onError) {
      behaviour.onError(error);
      return;
    }
    const body = failureBody(error);
    let mapped: MappedErrors;
    if (!isHttpError(error) && error instanceof Error) mapped = { fields: {}, general: [error.message] };
    else if (!body) mapped = { fields: {}, general: [SEND_FAILED_MESSAGE] };
    else {
      const items = errorItems(body);
      mapped =
        items.length > 0
          ? env.mapErrors(items, behaviour.fieldKeys)
          : { fields: {}, general: [env.failureMessage(request, error)] };
    }
    if (behaviour.modalError) {
      const all = [...Object.values(mapped.fields).flat(), ...mapped.general];
      env.openErrorModal(all);
      return;
    }
    const fields = { ...mapped.fields };
    for (const key of mapped.clear ?? []) delete fields[key];
    state.fieldErrors = fields;
    if (mapped.clear?.length) behaviour.onClearErrors?.(mapped.clear);
    if (behaviour.toastErrors && mapped.general.length === 1) {
      env.toast({ message: mapped.general[0], type: 'error' });
      state.generalErrors = [];
    } else state.generalErrors = mapped.general;
  }

  return {
    state,
    async submit(request) {
      if (state.status === 'waiting') return undefined;
      state.status = 'waiting';
      state.fieldErrors = {};
      state.generalErrors = [];
      try {
        const response = await send(request);
        succeed(request, response);
        return response;
      } catch (error) {
        if (error instanceof Cancelled || isCancel(error)) state.status = 'idle';
        else fail(request, error);
        return undefined;
      }
    },
    clearFieldError(key) {
      if (!state.fieldErrors[key]) return;
      const next = { ...state.fieldErrors };
      delete next[key];
      state.fieldErrors = next;
    },
    reset() {
      state.status = 'idle';
      state.fieldErrors = {};
      state.generalErrors = [];
    },
  };
}
