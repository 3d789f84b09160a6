import type { WidgetProps } from '@rjsf/utils';
import { ariaFor, emptyToUndefined, fieldOptions } from './aria';

export function TextareaWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  return (
    <textarea
      id={id}
      name={id}
      className="fc-input fc-input--textarea"
      rows={4}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      placeholder={o.placeholder}
      minLength={o.minlength}
      maxLength={o.maxlength}
      translate={o.noTranslate ? 'no' : undefined}
      {...ariaFor(props)}
      onChange={(e) => onChange(emptyToUndefined(e.target.value))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
