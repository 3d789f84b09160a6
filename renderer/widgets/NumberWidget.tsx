import type { WidgetProps } from '@rjsf/utils';
import { withAddon } from './Addon';
import { ariaFor, fieldOptions } from './aria';

/** Number input with min/max/step; a partial entry stays a string until it parses. */
export function NumberWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  return withAddon(
    props,
    <input
      id={id}
      name={id}
      className="fc-input"
      type="number"
      inputMode="decimal"
      value={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      placeholder={o.placeholder}
      min={o.min}
      max={o.max}
      step={o.step ?? 'any'}
      {...ariaFor(props)}
      onChange={(e) => {
        const raw = e.target.value;
        const n = Number(raw);
        onChange(raw === '' ? undefined : Number.isFinite(n) ? n : raw);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />,
  );
}
