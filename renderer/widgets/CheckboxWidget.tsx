import type { WidgetProps } from '@rjsf/utils';
import { ariaFor, fieldOptions } from './aria';

/** A checkbox whose checked and unchecked values are trueValue / falseValue (true / false by default). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  const on = o.trueValue ?? true;
  const off = o.falseValue ?? false;
  return (
    <div className="fc-check">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={value === on}
        disabled={disabled || readonly}
        {...ariaFor(props)}
        onChange={(e) => onChange(e.target.checked ? on : off)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <label htmlFor={id} className={props.required ? 'fc-required' : undefined}>
        {label}
      </label>
    </div>
  );
}
