import { toFieldPathId, type ErrorSchema, type FieldPathId, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import type { FormRunContext } from '../context';

const noop = () => undefined;

/**
 * The root object field of a compiled form document. Compiled documents are flat
 * (one property per field, no $ref, no JSON Schema conditionals: depends decides
 * visibility), so @rjsf gets an empty root schema and this field renders the
 * document's properties (from the form context) in ui:order: @rjsf then does not
 * re-resolve and re-default the whole document on every keystroke.
 */
export function FormFields(props: FieldProps) {
  const { schema, uiSchema = {}, formData, errorSchema, fieldPathId, registry, onChange, onBlur, onFocus } = props;
  const ctx = registry.formContext as FormRunContext;
  const { hidden } = useSnapshot(ctx.state);
  const { SchemaField } = registry.fields;
  const root = ctx?.schema ?? schema;
  const properties = (root.properties ?? {}) as Record<string, RJSFSchema>;
  const order = (uiSchema['ui:order'] as string[] | undefined) ?? Object.keys(properties);
  const required = useMemo(() => new Set((root.required as string[] | undefined) ?? []), [root.required]);
  const ids = useMemo(() => {
    const out: Record<string, FieldPathId> = {};
    for (const key of order) out[key] = toFieldPathId(key, registry.globalFormOptions, fieldPathId.path);
    return out;
  }, [order, registry.globalFormOptions, fieldPathId]);
  const values = (formData ?? {}) as Record<string, unknown>;
  const errors = (errorSchema ?? {}) as Record<string, ErrorSchema>;
  const hiddenSet = new Set(hidden);

  return (
    <div className="fc-form__fields">
      {order
        .filter((key) => key in properties && !hiddenSet.has(key))
        .map((key) => (
          <div key={key} className="fc-form__property">
            <SchemaField
              name={key}
              required={required.has(key)}
              schema={properties[key]}
              uiSchema={uiSchema[key]}
              errorSchema={errors[key]}
              fieldPathId={ids[key]}
              formData={values[key]}
              onChange={onChange}
              onBlur={onBlur}
              onFocus={onFocus}
              onKeyRename={noop}
              onKeyRenameBlur={noop}
              onRemoveProperty={noop}
              registry={registry}
              disabled={props.disabled}
              readonly={props.readonly}
              hideError={props.hideError}
            />
          </div>
        ))}
    </div>
  );
}
