import { proxy } from 'valtio/vanilla';
import type { HttpResponse } from '../http/types';
import { isHttpError, isCancel } from '../http/errors';
import type { ToastOptions } from '../stores/toasts';
import type { ReceivedErrorItem } from '../contract/error-item';
import type { MappedErrors } from '../errors/map-server-errors';
import { errorList, generalErrors } from './shown-errors';
import { failureBody } from '../contract/envelope';
import { SEND_FAILED_MESSAGE, submitErrorItems } from './failure';
import { isSubmitCancelled, sendRequest, type PipelineEnvironment, type SubmitRequest } from './pipeline';

export type { SubmitRequest } from './pipeline';

// The submit state machine of forms spec §4: idle -> waiting -> succeeded |
// failed. Framework-free: dialogs, toasts and navigation come in through the
// environment, so the whole life cycle is testable with a fake http.

export type SubmitStatus = 'idle' | 'waiting' | 'succeeded' | 'failed';

export interface SubmitState {
  status: SubmitStatus;
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
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

export interface SubmitEnvironment extends PipelineEnvironment {
  toast(options: ToastOptions): void;
  openActionStatus(channel: string, selection: unknown[] | undefined, title?: string): void;
  openErrorModal(messages: string[]): void;
  mapErrors(items: ReceivedErrorItem[], fieldKeys: string[]): MappedErrors;
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

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function createSubmission(behaviour: SubmitBehaviour, env: SubmitEnvironment): Submission {
  const state = proxy<SubmitState>({ status: 'idle', fieldErrors: {}, generalErrors: [] });

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
    if (!isHttpError(error) && error instanceof Error) mapped = { fields: {}, general: [error.message], clear: [] };
    else if (!body) mapped = { fields: {}, general: [SEND_FAILED_MESSAGE], clear: [] };
    else {
      const items = submitErrorItems(body);
      mapped =
        items.length > 0
          ? env.mapErrors(items, behaviour.fieldKeys)
          : { fields: {}, general: [env.failureMessage(request, error)], clear: [] };
    }
    if (behaviour.modalError) {
      env.openErrorModal(errorList(mapped.fields, mapped.general));
      return;
    }
    const fields = { ...mapped.fields };
    for (const key of mapped.clear ?? []) delete fields[key];
    state.fieldErrors = fields;
    if (mapped.clear?.length) behaviour.onClearErrors?.(mapped.clear);
    const general = generalErrors(mapped.general);
    if (behaviour.toastErrors && general.length === 1) {
      env.toast({ message: general[0], type: 'error' });
      state.generalErrors = [];
    } else state.generalErrors = general;
  }

  return {
    state,
    async submit(request) {
      if (state.status === 'waiting') return undefined;
      state.status = 'waiting';
      state.fieldErrors = {};
      state.generalErrors = [];
      try {
        const response = await sendRequest(request, env);
        succeed(request, response);
        return response;
      } catch (error) {
        if (isSubmitCancelled(error) || isCancel(error)) state.status = 'idle';
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
