import {
  toFieldPathId,
  type ErrorSchema,
  type FieldPathId,
  type FieldProps,
  type RJSFSchema,
  type Registry,
  type UiSchema,
} from '@rjsf/utils';
import { memo, useCallback, useMemo, type ReactElement } from 'react';
import type { FieldStore } from '../../../engine/form/store';
import type { FormRunContext } from '../context';
import type { FieldSchema } from '../../../engine/schema/types';
import { useField, useFormState, useRequiredNow } from '../useFormController';

const noop = () => undefined;

/** `value` with `next` set at `path` (an array item edited inside a field's value). */
function setAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, next);
  return copy;
}

interface SlotProps {
  name: string;
  store: FieldStore;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  required: boolean;
  fieldPathId: FieldPathId;
  registry: Registry;
  disabled?: boolean;
  readonly?: boolean;
}

/**
 * One field, subscribed to its own value and errors in the form's store: a
 * keystroke re-renders this slot only. Changes go to the store, not to @rjsf's
 * form state (which stays empty).
 */
const FieldSlot = memo(function FieldSlot({ name, store, fieldPathId, registry, ...rest }: SlotProps) {
  const { value, error } = useField(store, name);
  const { SchemaField } = registry.fields;
  const depth = fieldPathId.path.length;
  const onChange = useCallback(
    (next: unknown, path: readonly (string | number)[] = fieldPathId.path) =>
      store.setValue(name, setAt(store.field(name).value, path.slice(depth), next)),
    [store, name, fieldPathId, depth],
  );
  const errorSchema = useMemo(() => (error ? ({ __errors: [error] } as ErrorSchema) : undefined), [error]);
  return (
    <div className="fc-form__property">
      <SchemaField
        {...rest}
        name={name}
        errorSchema={errorSchema}
        fieldPathId={fieldPathId}
        formData={value}
        onChange={onChange}
        onBlur={noop}
        onFocus={noop}
        onKeyRename={noop}
        onKeyRenameBlur={noop}
        onRemoveProperty={noop}
        registry={registry}
      />
    </div>
  );
});

/** A slot whose field has requiredWhen rules: its required marker follows the values they name. */
function RequiredWhenSlot({
  field,
  fieldByKey,
  ...props
}: SlotProps & { field: FieldSchema; fieldByKey: (key: string) => FieldSchema | undefined }) {
  const required = useRequiredNow(props.store, field, fieldByKey);
  return <FieldSlot {...props} required={required} />;
}

/** Field slots per run (see `runsOf`). */
const RUN = 32;

/**
 * The keys in runs of `size`, hidden keys included so a field never moves from
 * one run to another (it would remount). A keystroke's update walks down from
 * the root, and React copies the child list of every element on its way; the
 * browser's layout walks the boxes around the input the same way. One box per
 * run keeps both near 2·√n instead of n.
 */
export function runsOf(keys: readonly string[], size = RUN): string[][] {
  const runs: string[][] = [];
  for (let i = 0; i < keys.length; i += size) runs.push(keys.slice(i, i + size));
  return runs;
}

/** One run of slots in its own box (none when depends hides them all). */
function FieldRun({ keys, slot }: { keys: string[]; slot: (key: string) => ReactElement | null }) {
  const slots = keys.map(slot).filter(Boolean);
  return slots.length ? <div className="fc-form__run">{slots}</div> : null;
}

/**
 * The root object field of a compiled form document. Compiled documents are flat
 * (one property per field, no $ref, no JSON Schema conditionals: depends decides
 * visibility), so @rjsf gets an empty root schema and this field renders the
 * document's properties (from the form context) in ui:order, in runs of slots,
 * each slot subscribed to its own value; this list re-renders only when depends
 * hides or shows a field.
 */
export function FormFields(props: FieldProps) {
  const { schema, uiSchema = {}, fieldPathId, registry } = props;
  const ctx = registry.formContext as FormRunContext;
  const { hidden } = useFormState(ctx.store);
  const root = ctx?.schema ?? schema;
  const properties = useMemo(() => (root.properties ?? {}) as Record<string, RJSFSchema>, [root.properties]);
  const order = (uiSchema['ui:order'] as string[] | undefined) ?? Object.keys(properties);
  const required = useMemo(() => new Set((root.required as string[] | undefined) ?? []), [root.required]);
  const ids = useMemo(() => {
    const out: Record<string, FieldPathId> = {};
    for (const key of order) out[key] = toFieldPathId(key, registry.globalFormOptions, fieldPathId.path);
    return out;
  }, [order, registry.globalFormOptions, fieldPathId]);
  const runs = useMemo(() => runsOf(order.filter((key) => key in properties)), [order, properties]);
  const hiddenSet = new Set(hidden);
  const slot = (key: string) => {
    if (hiddenSet.has(key)) return null;
    const field = ctx.fieldByKey(key);
    const slotProps: SlotProps = {
      name: key,
      store: ctx.store,
      required: required.has(key) || !!field?.required,
      schema: properties[key],
      uiSchema: uiSchema[key] as UiSchema | undefined,
      fieldPathId: ids[key],
      registry,
      disabled: props.disabled,
      readonly: props.readonly,
    };
    return field?.requiredWhen && !field.required ? (
      <RequiredWhenSlot key={key} {...slotProps} field={field} fieldByKey={ctx.fieldByKey} />
    ) : (
      <FieldSlot key={key} {...slotProps} />
    );
  };

  return (
    <div className="fc-form__fields">
      {runs.map((keys) => (
        <FieldRun key={keys[0]} keys={keys} slot={slot} />
      ))}
    </div>
  );
}
