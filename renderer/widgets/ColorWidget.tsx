import type { WidgetProps } from '@rjsf/utils';
import { ariaFor, emptyToUndefined } from './aria';

/** Colour: a native colour picker beside its hex text (the text input carries the label). */
export function ColorWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, onBlur } = props;
  const hex = typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000';
  return (
    <div className="fc-input-group">
      <input
        id={id}
        name={id}
        className="fc-input"
        type="text"
        value={value ?? ''}
        placeholder="#RRGGBB"
        maxLength={7}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        {...ariaFor(props)}
        onChange={(e) => onChange(emptyToUndefined(e.target.value.trim()))}
        onBlur={(e) => onBlur(id, e.target.value)}
      />
      <input
        type="color"
        className="fc-input--swatch"
        aria-label={`${label} picker`}
        value={hex}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
