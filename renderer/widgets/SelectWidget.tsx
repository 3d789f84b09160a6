import type { WidgetProps } from '@rjsf/utils';
import type { FieldAddon } from '../../engine/schema/types';
import { useOptions } from '../hooks/useOptions';
import type { FormRunContext } from '../form/context';
import { ariaFor, fieldOptions, runContext } from './aria';
import { useField } from '../form/useFormController';

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
        ctx.setValue(addon.key, option?.value);
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

/** A native select over static, function or lookup options; the option's description shows under it. */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  const ctx = runContext(props);
  const { options, loading } = useOptions(o.options, ctx);
  const selected = options.find((opt) => opt.value === value);
  const control = (
    <select
      id={id}
      name={id}
      className="fc-input"
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      aria-busy={loading || undefined}
      {...ariaFor(props)}
      onChange={(e) => {
        const option = options.find((opt) => String(opt.value) === e.target.value);
        onChange(option ? option.value : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{o.placeholder ?? 'Select'}</option>
      {options.map((opt) => (
        <option key={String(opt.value)} value={String(opt.value)}>
          {opt.label}
        </option>
      ))}
    </select>
  );
  return (
    <>
      {o.addon ? (
        <div className="fc-input-group">
          {control}
          <Addon addon={o.addon} ctx={ctx} label={label} />
        </div>
      ) : (
        control
      )}
      {o.optionDescriptionBlock && selected?.description && (
        <p className="fc-option-description">{selected.description}</p>
      )}
    </>
  );
}
