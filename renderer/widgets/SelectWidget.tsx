import type { WidgetProps } from '@rjsf/utils';
import { useOptions } from '../hooks/useOptions';
import { ariaFor, fieldOptions, runContext } from './aria';
import { withAddon } from './Addon';
import { t } from '../../engine/i18n/i18n';

/** A native select over static, function or lookup options; the option's description shows under it. */
export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
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
      <option value="">{o.placeholder ?? (ctx.translate ? ctx.translate('Select') : t('Select'))}</option>
      {options.map((opt) => (
        <option key={String(opt.value)} value={String(opt.value)}>
          {opt.label}
        </option>
      ))}
    </select>
  );
  return (
    <>
      {withAddon(props, control)}
      {o.optionDescriptionBlock && selected?.description && (
        <p className="fc-option-description">{selected.description}</p>
      )}
    </>
  );
}
