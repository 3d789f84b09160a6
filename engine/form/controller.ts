// The form controller: one running form outside any UI framework (the way
// TanStack Form's form-core and react-hook-form's createFormControl are). Its
// field store holds values, hidden keys and errors with per-field
// subscriptions; the controller adds the opened-with snapshot for
// requireChange, item loading (`doc.load`) and submit through the submission
// machine, whose server errors it routes to the fields.
import { subscribe } from 'valtio/vanilla';
import type { FormValues } from '../schema/depends';
import type { FieldSchema, FormDocument } from '../schema/types';
import { http } from '../http/client';
import { isCancel, isHttpError } from '../http/errors';
import { resultMessage } from '../errors/result-message';
import { showToast } from '../stores/toasts';
import { bulkPayload } from '../submit/bulk';
import type { Submission } from '../submit/machine';
import { fillEndpoint, hasFile, shapePayload } from '../submit/payload';
import { loadedValues, unchangedMessage } from '../submit/require-change';
import { createFieldStore, type FieldStore } from './store';
import { checkValues } from './values';

export interface FormControllerInit {
  doc: FormDocument;
  /** The fields the user may see (compiled for the permission set). */
  fields: FieldSchema[];
  /** Defaults and initial data. */
  values: FormValues;
  submission: Submission;
  /** The item id of an edit form: fills `{id}` and starts `doc.load`. */
  id?: string | number;
  method?: string;
  baseURL?: string;
  selection?: Parameters<typeof bulkPayload>[0];
}

export interface FormController extends FieldStore {
  /** Loads the item of an edit form (`doc.load`); resolves when done, failed or aborted. */
  load(signal?: AbortSignal): Promise<void>;
  /**
   * Checks the values as the server will (trimmed, typed), then sends them:
   * resolves with the key of the first field in error (the view focuses it).
   */
  submit(): Promise<string | undefined>;
  /** Follows the submission's server errors until the returned function is called. */
  connect(): () => void;
}

export function createFormController(init: FormControllerInit): FormController {
  const { doc, submission, fields } = init;
  const store = createFieldStore(fields, init.values, !!doc.load && init.id !== undefined);
  let openedWith = store.values();
  const firstInError = (errors: Record<string, unknown>) =>
    fields.find((f) => (errors[f.key] as unknown[] | string | undefined)?.length)?.key;

  const update = (incoming: FormValues) => {
    const changed = store.update(incoming);
    for (const key of changed) {
      submission.clearFieldError(key);
      if (key === 'password') submission.clearFieldError('password_confirmation');
    }
    return changed;
  };

  return {
    ...store,
    update,
    setValue: (key, value) => void update({ [key]: value }),

    async load(signal) {
      if (!doc.load || init.id === undefined) return;
      const url = fillEndpoint(doc.load, {}, init.id);
      try {
        const response = await http.get<{ data?: unknown }>(url, { signal });
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
        showToast({ message, type: 'error' });
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
        showToast({ message: unchanged, type: 'error' });
        return undefined;
      }
      const payload = shapePayload({ fields }, values);
      const data = doc.bulk ? bulkPayload(init.selection ?? [], payload, doc.bulk, !!doc.combineBulkSources) : payload;
      await submission.submit({
        method: init.method ?? doc.method ?? 'post',
        url: fillEndpoint(doc.endpoint, { ...values, ...payload }, init.id),
        baseURL: init.baseURL ?? doc.baseURL,
        data,
        multipart: doc.encoding === 'multipart' || hasFile(data),
      });
      return firstInError(submission.state.fieldErrors);
    },

    connect() {
      const follow = () => store.setServerErrors(submission.state.fieldErrors);
      follow();
      return subscribe(submission.state, follow, true);
    },
  };
}
