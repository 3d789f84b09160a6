import { useId, useState } from 'react';
import { registeredNames } from '../../engine/schema/functions';
import { applyMask } from '../../engine/masks/mask';
import type { Scalar } from '../../engine/schema/types';
import { propertyModels, type PropertyModel } from '../../engine/studio/properties';
import { validators } from '../../engine/validators/registry';
import type { PermissionRow } from './api';
import { PermissionPicker } from './PermissionPicker';
import { t } from '../../engine/i18n/i18n';

// One property of the panel: its meta-schema title, translated, as the label, its description,
// translated, as help, and the input its kind takes. A value emptied is removed from the document.

export interface PickerLists {
  permissions: PermissionRow[];
  lookups: string[];
}

export interface PropertyInputProps {
  model: PropertyModel;
  value: unknown;
  /** A new value (undefined removes the property); group: typing, whose quick runs undo as one. */
  onChange(value: unknown, group?: string): void;
  lists: PickerLists;
  /** The editor of a property with one of its own (rules, options), labelled by the element labelId names. */
  custom?: (labelId: string) => React.ReactNode;
  /** Shown under the input (a picker that fills it, a note). */
  extra?: React.ReactNode;
}

const FUNCTION_NAMES: Record<string, () => string[]> = {
  onChange: registeredNames.onChange,
  compute: registeredNames.compute,
};

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const typed = (raw: string): Scalar => (raw === 'true' ? true : raw === 'false' ? false : raw);

function MaskTester({ mask }: { mask: string }) {
  const [input, setInput] = useState('');
  return (
    <label className="studio-prop__test">
      {t('Try the mask')}
      <input
        className="fc-input"
        value={input}
        onChange={(e) => setInput(mask ? applyMask(mask, e.target.value) : e.target.value)}
      />
    </label>
  );
}

function Control({ model, value, onChange, lists, id, help }: PropertyInputProps & { id: string; help?: string }) {
  const group = model.name;
  const common = { id, 'aria-describedby': help, className: 'fc-input' };
  switch (model.input) {
    case 'boolean':
      return (
        <input
          id={id}
          aria-describedby={help}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked || undefined)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <input
          {...common}
          type="number"
          step={model.input === 'integer' ? 1 : 'any'}
          value={text(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value), group)}
        />
      );
    case 'enum':
      return (
        <select {...common} value={text(value)} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{t('(none)')}</option>
          {model.schema.enum!.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      );
    case 'permission':
      return <PermissionPicker id={id} help={help} value={value} permissions={lists.permissions} onChange={onChange} />;
    case 'formatter':
    case 'function': {
      const names = model.input === 'formatter' ? registeredNames.formatter() : (FUNCTION_NAMES[model.name]?.() ?? []);
      const current = model.input === 'formatter' ? text(value) : text((value as { function?: string })?.function);
      return (
        <select
          {...common}
          value={current}
          onChange={(e) => {
            const name = e.target.value;
            if (!name) return onChange(undefined);
            onChange(model.input === 'formatter' ? name : { ...(value as object), function: name });
          }}
        >
          <option value="">{t('(none)')}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      );
    }
    case 'validators': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <span className="studio-prop__choices" id={id} role="group" aria-labelledby={`${id}-label`}>
          {Object.keys(validators).map((name) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={chosen.includes(name)}
                onChange={(e) => {
                  const next = e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name);
                  onChange(next.length ? next : undefined);
                }}
              />
              {name}
            </label>
          ))}
        </span>
      );
    }
    case 'strings':
      return (
        <input
          {...common}
          value={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(e) => {
            const items = e.target.value.split(',').map((s) => s.trim());
            onChange(items.some(Boolean) ? items.filter(Boolean) : undefined, group);
          }}
        />
      );
    case 'scalar':
      return (
        <input
          {...common}
          value={text(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : typed(e.target.value), group)}
        />
      );
    case 'object':
      return (
        <fieldset className="studio-prop__object" id={id} aria-labelledby={`${id}-label`}>
          {propertyModels(model.schema.properties ?? {}).map((inner) => (
            <PropertyInput
              key={inner.name}
              model={inner}
              value={(value as Record<string, unknown> | undefined)?.[inner.name]}
              lists={lists}
              onChange={(next, g) => {
                const merged: Record<string, unknown> = { ...(value as object), [inner.name]: next };
                if (next === undefined) delete merged[inner.name];
                onChange(Object.keys(merged).length ? merged : undefined, g && `${model.name}.${g}`);
              }}
            />
          ))}
        </fieldset>
      );
    case 'json':
      // A property of no single type (a default value): its text.
      return (
        <input
          {...common}
          value={typeof value === 'object' ? JSON.stringify(value) : text(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value, group)}
        />
      );
    default:
      return (
        <>
          <input {...common} value={text(value)} onChange={(e) => onChange(e.target.value || undefined, group)} />
          {model.input === 'mask' && <MaskTester mask={text(value)} />}
        </>
      );
  }
}

export function PropertyInput(props: PropertyInputProps) {
  const id = useId();
  const help = props.model.description ? `${id}-help` : undefined;
  const { model } = props;
  const inline = model.input === 'boolean';
  return (
    <div className={`studio-prop studio-prop--${model.input}`}>
      {inline ? (
        <span className="studio-prop__inline">
          <Control {...props} id={id} help={help} />
          <label htmlFor={id}>{t(model.title)}</label>
        </span>
      ) : props.custom || model.input === 'object' || model.input === 'validators' ? (
        <span className="studio-prop__label" id={`${id}-label`}>
          {t(model.title)}
        </span>
      ) : (
        <label htmlFor={id} className="studio-prop__label">
          {t(model.title)}
        </label>
      )}
      {!inline && (props.custom ? props.custom(`${id}-label`) : <Control {...props} id={id} help={help} />)}
      {props.extra}
      {help && (
        <p id={help} className="studio-prop__help">
          {t(model.description ?? '')}
        </p>
      )}
    </div>
  );
}
