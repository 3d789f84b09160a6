// The form controller: one running form outside any UI framework, and the
// composition root of its parts (the way TanStack Form's FormApi and
// react-hook-form's createFormControl are). Its field store is the one store
// of values, hidden keys and errors (client and server) with per-field
// subscriptions; it builds the submission machine over that store and the
// environment it is given (HTTP, toasts, dialogs, close and reload: nothing
// global), and adds the opened-with snapshot for requireChange and the item
// loading of an edit form (`doc.load`).
import type { FormValues } from '../schema/depends';
import type { FieldSchema, FormDocument } from '../schema/types';
import { isCancel, isHttpError } from '../http/errors';
import { resultMessage } from '../errors/result-message';
import { bulkPayload } from '../submit/bulk';
import { createSubmission, type SubmitBehaviour, type SubmitEnvironment, type SubmitState } from '../submit/machine';
import { fillEndpoint, hasFile, shapePayload } from '../submit/payload';
import { loadedValues, unchangedMessage } from '../submit/require-change';
import { createFieldStore, type FieldStore } from './store';
import { checkValues } from './values';
import { FORM_HEADER } from '../contract/form-header';

export interface FormControllerInit {
  /** The document's name: its submissions name it (FORM_HEADER), so the server checks them by it. */
  name?: string;
  doc: FormDocument;
  /** The fields the user may see (compiled for the permission set). */
  fields: FieldSchema[];
  /** Defaults and initial data. */
  values: FormValues;
  /** The success and failure rules of the submission (its field keys and error store are the controller's). */
  behaviour: Omit<SubmitBehaviour, 'fieldKeys' | 'errors'>;
  /** Everything outside the form: HTTP, toasts, dialogs, close, navigation and reload. */
  env: SubmitEnvironment;
  /** The item id of an edit form: fills `{id}` and starts `doc.load`. */
  id?: string | number;
  method?: string;
  baseURL?: string;
  selection?: Parameters<typeof bulkPayload>[0];
}

export interface FormController extends FieldStore {
  /** The submission's status and general errors (its field errors are the store's). */
  submitState: SubmitState;
  /** Loads the item of an edit form (`doc.load`); resolves when done, failed or aborted. */
  load(signal?: AbortSignal): Promise<void>;
  /**
   * Checks the values as the server will (trimmed, typed), then sends them:
   * resolves with the key of the first field in error (the view focuses it).
   */
  submit(): Promise<string | undefined>;
}

export function createFormController(init: FormControllerInit): FormController {
  const { doc, fields, env } = init;
  const store = createFieldStore(fields, init.values, !!doc.load && init.id !== undefined);
  const submission = createSubmission({ ...init.behaviour, fieldKeys: fields.map((f) => f.key), errors: store }, env);
  let openedWith = store.values();
  const firstInError = (errors: Record<string, unknown>) =>
    fields.find((f) => (errors[f.key] as unknown[] | string | undefined)?.length)?.key;

  const update = (incoming: FormValues) => {
    const changed = store.update(incoming);
    // Editing a field clears its server error (a new password, its confirmation's too).
    store.clearServerErrors(changed.includes('password') ? [...changed, 'password_confirmation'] : changed);
    return changed;
  };

  return {
    ...store,
    submitState: submission.state,
    update,
    setValue: (key, value) => void update({ [key]: value }),

    async load(signal) {
      if (!doc.load || init.id === undefined) return;
      const url = fillEndpoint(doc.load, {}, init.id);
      try {
        const response = await env.http.request<{ data?: unknown }>({ method: 'get', url, signal });
        const loaded = loadedValues(
          response.data?.data,
          fields.map((f) => f.key),
        );
        openedWith = { ...openedWith, ...loaded };
        update(loaded);
      } catch (error) {
        if (isCancel(error) || signal?.aborted) return;
        const { statusText, status } = isHttpError(error) ? error : {};
        const message = resultMessage({
          ok: false,
          method: 'get',
          url,
          item: doc.item,
          verb: 'get',
          statusText,
          code: status,
        });
        env.toast({ message, type: 'error' });
      } finally {
        if (!signal?.aborted) store.setLoading(false);
      }
    },

    async submit() {
      if (submission.state.status === 'waiting' || store.form().loading) return undefined;
      const values = store.values();
      const errors = checkValues({ fields }, values, store.form().hidden);
      store.setClientErrors(errors);
      if (firstInError(errors)) return firstInError(errors);
      const unchanged = unchangedMessage(doc, openedWith, values);
      if (unchanged) {
        env.toast({ message: unchanged, type: 'error' });
        return undefined;
      }
      const payload = shapePayload({ fields }, values, openedWith);
      const data = doc.bulk ? bulkPayload(init.selection ?? [], payload, doc.bulk, !!doc.combineBulkSources) : payload;
      await submission.submit({
        method: init.method ?? doc.method ?? 'post',
        url: fillEndpoint(doc.endpoint, { ...values, ...payload }, init.id),
        baseURL: init.baseURL ?? doc.baseURL,
        data,
        multipart: doc.encoding === 'multipart' || hasFile(data),
        ...(init.name ? { headers: { [FORM_HEADER]: init.name } } : {}),
      });
      return firstInError(store.serverErrors());
    },
  };
}
