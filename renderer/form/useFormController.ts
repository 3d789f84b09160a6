import { useCallback, useRef, useSyncExternalStore } from 'react';
import { createFormController, type FormController, type FormControllerInit } from '../../engine/form/controller';
import type { FieldStore } from '../../engine/form/store';
import { requiredNow, typedValues } from '../../engine/schema/required-when';
import type { FieldSchema } from '../../engine/schema/types';

// The React side of the engine's form controller, a thin adapter: the view
// subscribes per field (useField) or to the form state (useFormState); the
// controller decides what changed.

/**
 * One controller per form document, field set, environment and item; when one of
 * them is replaced (the studio's preview edits the document) the new controller
 * keeps the values typed so far.
 */
export function useFormController(init: FormControllerInit): FormController {
  const current = useRef<{ key: unknown[]; controller: FormController }>(null);
  const key = [init.doc, init.fields, init.env, init.id];
  const previous = current.current;
  if (!previous || key.some((part, i) => part !== previous.key[i])) {
    const values = previous ? previous.controller.values() : init.values;
    current.current = { key, controller: createFormController({ ...init, values }) };
  }
  return current.current!.controller;
}

export const useField = (store: FieldStore, key: string) =>
  useSyncExternalStore(
    useCallback((listener) => store.subscribeField(key, listener), [store, key]),
    () => store.field(key),
  );

export const useFormState = (store: FieldStore) => useSyncExternalStore(store.subscribeForm, store.form);

/** The values of the keys a lookup follows, as one string that changes only when one of them does. */
export function useDependencyKey(store: FieldStore, keys: readonly string[]): string {
  const joined = keys.join('\n');
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = joined ? joined.split('\n').map((key) => store.subscribeField(key, listener)) : [];
      return () => stops.forEach((stop) => stop());
    },
    [store, joined],
  );
  return useSyncExternalStore(subscribe, () => keys.map((k) => JSON.stringify(store.field(k).value ?? null)).join('|'));
}

/**
 * Whether a field with requiredWhen rules is required now (its label's marker),
 * re-read only when a value its rules name changes. Submit's verdict is the
 * engine's checkValues on the same typed values.
 */
export function useRequiredNow(
  store: FieldStore,
  field: FieldSchema,
  fieldByKey: (key: string) => FieldSchema | undefined,
): boolean {
  const keys = (field.requiredWhen ?? []).map((rule) => rule.key);
  const joined = keys.join('\n');
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = joined.split('\n').map((key) => store.subscribeField(key, listener));
      return () => stops.forEach((stop) => stop());
    },
    [store, joined],
  );
  return useSyncExternalStore(subscribe, () => {
    const raw = Object.fromEntries(keys.map((key) => [key, store.field(key).value]));
    const ruled = keys.map(fieldByKey).filter((f): f is FieldSchema => f !== undefined);
    return requiredNow(field, { ...raw, ...typedValues(ruled, raw) });
  });
}
