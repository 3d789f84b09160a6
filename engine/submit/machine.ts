import { proxy } from 'valtio/vanilla';
import type { HttpResponse } from '../http/types';
import { isHttpError, isCancel } from '../http/errors';
import type { ReceivedErrorItem } from '../contract/error-item';
import type { MappedErrors } from '../errors/map-server-errors';
import { errorList, generalErrors } from './shown-errors';
import { failureBody } from '../contract/envelope';
import { SEND_FAILED_MESSAGE, submitErrorItems } from './failure';
import { settleSuccess, type OutcomeEnvironment } from './outcome';
import { isSubmitCancelled, sendRequest, type PipelineEnvironment, type SubmitRequest } from './pipeline';

export type { SubmitRequest } from './pipeline';

// The submit state machine of forms spec §4: idle -> waiting -> succeeded |
// failed. Framework-free: dialogs, toasts and navigation come in through the
// environment, so the whole life cycle is testable with a fake http.

export type SubmitStatus = 'idle' | 'waiting' | 'succeeded' | 'failed';

/** The submission's own state; its field errors go to the form's one store of them (FieldErrors). */
export interface SubmitState {
  status: SubmitStatus;
  generalErrors: string[];
}

/** Where a submission's field errors go: the form's field store (engine/form/store.ts). */
export interface FieldErrors {
  /** The server's messages per field ({} when a new submission starts). */
  setServerErrors(errors: Record<string, string[]>): void;
  /** Drops the client messages of these keys (the server's answer supersedes them). */
  clearClientErrors(keys: readonly string[]): void;
  /** The server's messages per field, as last set. */
  serverErrors(): Record<string, string[]>;
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
  /** The form's store of field errors. */
  errors: FieldErrors;
  onSuccess?: (result: unknown) => void;
  onError?: (error: unknown) => void;
}

export interface SubmitEnvironment extends PipelineEnvironment, OutcomeEnvironment {
  openErrorModal(messages: string[]): void;
  mapErrors(items: ReceivedErrorItem[], fieldKeys: string[]): MappedErrors;
  /** The success toast text when the server gives no message. */
  successMessage(request: SubmitRequest, response: HttpResponse): string;
  /** The failure text when the failure carries no error items. */
  failureMessage(request: SubmitRequest, error: unknown): string;
  navigateBack(): void;
  emitReload(tableRef: string | undefined): void;
}

export interface Submission {
  state: SubmitState;
  /** Sends the request; a call while waiting is ignored (resolves undefined). */
  submit(request: SubmitRequest): Promise<HttpResponse | undefined>;
}

export function createSubmission(behaviour: SubmitBehaviour, env: SubmitEnvironment): Submission {
  const state = proxy<SubmitState>({ status: 'idle', generalErrors: [] });
  const { errors } = behaviour;

  function succeed(request: SubmitRequest, response: HttpResponse): void {
    state.status = 'succeeded';
    const handedOff = settleSuccess(response, behaviour, () => env.successMessage(request, response), env);
    behaviour.onSuccess?.(response.data);
    if (handedOff) return;
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
    errors.setServerErrors(fields);
    if (mapped.clear?.length) errors.clearClientErrors(mapped.clear);
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
      errors.setServerErrors({});
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
  };
}
