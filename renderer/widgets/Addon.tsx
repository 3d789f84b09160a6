import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FieldAddon } from '../../engine/schema/types';
import type { FormRunContext } from '../form/context';
import { useField } from '../form/useFormController';
import { useOptions } from '../hooks/useOptions';
import { fieldOptions, runContext } from './aria';

// A field's addon: a select beside the input (a unit, a prefix) submitted under
// its own key and checked by the server against its options. Text, number and
// select fields carry one.

function Addon({ addon, ctx, label }: { addon: FieldAddon; ctx: FormRunContext; label: string }) {
  const { options } = useOptions(addon.options, ctx);
  const value = useField(ctx.store, addon.key).value ?? addon.default ?? '';
  return (
    <select
      className="fc-input fc-input--addon"
      aria-label={`${label} unit`}
      value={String(value)}
      onChange={(e) => {
        const option = options.find((o) => String(o.value) === e.target.value);
        ctx.store.setValue(addon.key, option?.value);
      }}
    >
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The control, with the field's addon beside it when the document gives one. */
export function withAddon(props: WidgetProps, control: ReactNode): ReactNode {
  const addon = fieldOptions(props).addon;
  if (!addon) return control;
  return (
    <div className="fc-input-group">
      {control}
      <Addon addon={addon} ctx={runContext(props)} label={String(props.label ?? '')} />
    </div>
  );
}
