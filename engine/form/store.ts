// A running form's values with per-field subscriptions: the values, the keys
// hidden by depends (their values cleared), client and server errors. A change
// notifies the listeners of the keys whose value or errors changed; the form
// listeners hear only a change of the hidden set or the loading flag. So a
// keystroke re-renders one field (and what follows it), not the form.
import type { FormValues } from '../schema/depends';
import type { FieldSchema } from '../schema/types';
import { fieldError } from '../submit/shown-errors';
import { applyChange, writeInPlace } from './values';

export interface FieldState {
  value: unknown;
  /** The one message the field shows (`fieldError`): the server's, else the client check's. */
  error?: string;
}

export interface FormState {
  hidden: readonly string[];
  loading: boolean;
}

export interface FieldStore {
  field(key: string): FieldState;
  form(): FormState;
  values(): FormValues;
  subscribeField(key: string, listener: () => void): () => void;
  subscribeForm(listener: () => void): () => void;
  /** Told after each change of a value (`values()` has them). */
  subscribeValues(listener: () => void): () => void;
  setValue(key: string, value: unknown): void;
  /** Merges values (a loaded item); returns the keys that changed. */
  update(incoming: FormValues): string[];
  setClientErrors(errors: Record<string, string>): void;
  /** Drops the client messages of these keys (the server's answer supersedes them). */
  clearClientErrors(keys: readonly string[]): void;
  setServerErrors(errors: Record<string, string[]>): void;
  /** The server's messages per field, as last set. */
  serverErrors(): Record<string, string[]>;
  /** Drops the server's messages of these keys (the user edited them). */
  clearServerErrors(keys: readonly string[]): void;
  setLoading(loading: boolean): void;
}

const subscribeTo = <T>(set: Set<T>, listener: T) => {
  set.add(listener);
  return () => void set.delete(listener);
};

export function createFieldStore(fields: FieldSchema[], initial: FormValues, loading = false): FieldStore {
  const scope = { fields };
  const first = applyChange(scope, {}, initial);
  // Owned here: a narrow change is written into it; `values()` hands out a copy,
  // made when asked (a keystroke nobody reads all values for copies nothing).
  let values = first.values;
  let snapshot: FormValues | undefined;
  let hiddenSet: ReadonlySet<string> = new Set(first.hidden);
  let clientErrors: Record<string, string> = {};
  let serverErrors: Record<string, string[]> = {};
  let formState: FormState = { hidden: first.hidden, loading };
  const cache = new Map<string, FieldState>();
  const fieldListeners = new Map<string, Set<() => void>>();
  const formListeners = new Set<() => void>();
  const valueListeners = new Set<() => void>();

  const notify = (keys: Iterable<string>) => {
    for (const key of keys) {
      cache.delete(key);
      fieldListeners.get(key)?.forEach((listener) => listener());
    }
  };
  const setForm = (next: Partial<FormState>) => {
    formState = { ...formState, ...next };
    hiddenSet = new Set(formState.hidden);
    formListeners.forEach((listener) => listener());
  };
  const keysOf = (a: object, b: object) => new Set([...Object.keys(a), ...Object.keys(b)]);

  function setClientErrors(errors: Record<string, string>) {
    const keys = keysOf(clientErrors, errors);
    clientErrors = errors;
    notify(keys);
  }

  function setServerErrors(errors: Record<string, string[]>) {
    if (errors === serverErrors) return;
    const keys = keysOf(serverErrors, errors);
    serverErrors = errors;
    notify(keys);
  }

  function update(incoming: FormValues): string[] {
    const narrow = writeInPlace(scope, values, incoming, hiddenSet);
    const next = narrow ? undefined : applyChange(scope, values, incoming, formState.hidden);
    const changed = narrow ?? next!.changed;
    if (changed.length === 0) return [];
    snapshot = undefined;
    if (next) values = next.values;
    if (changed.some((k) => k in clientErrors))
      clientErrors = Object.fromEntries(Object.entries(clientErrors).filter(([k]) => !changed.includes(k)));
    notify(changed);
    if (next && formState.hidden.join() !== next.hidden.join()) setForm({ hidden: next.hidden });
    valueListeners.forEach((listener) => listener());
    return changed;
  }

  return {
    field(key) {
      let state = cache.get(key);
      if (!state) {
        state = { value: values[key], error: fieldError(clientErrors[key], serverErrors[key]) };
        cache.set(key, state);
      }
      return state;
    },
    form: () => formState,
    values: () => (snapshot ??= { ...values }),
    subscribeField(key, listener) {
      let set = fieldListeners.get(key);
      if (!set) fieldListeners.set(key, (set = new Set()));
      return subscribeTo(set, listener);
    },
    subscribeForm: (listener) => subscribeTo(formListeners, listener),
    subscribeValues: (listener) => subscribeTo(valueListeners, listener),
    setValue: (key, value) => void update({ [key]: value }),
    update,
    setClientErrors,
    clearClientErrors(keys) {
      const rest = Object.fromEntries(Object.entries(clientErrors).filter(([k]) => !keys.includes(k)));
      if (Object.keys(rest).length !== Object.keys(clientErrors).length) setClientErrors(rest);
    },
    setServerErrors,
    serverErrors: () => serverErrors,
    clearServerErrors(keys) {
      if (keys.some((k) => k in serverErrors))
        setServerErrors(Object.fromEntries(Object.entries(serverErrors).filter(([k]) => !keys.includes(k))));
    },
    setLoading(next) {
      if (next !== formState.loading) setForm({ loading: next });
    },
  };
}
