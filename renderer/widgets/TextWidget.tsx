import type { WidgetProps } from '@rjsf/utils';
import type { ClipboardEvent } from 'react';
import { applyPaste } from '../../engine/fields/text';
import { formatters } from '../../engine/schema/functions';
import { withAddon } from './Addon';
import { ariaFor, emptyToUndefined, fieldOptions } from './aria';

/** Text-like inputs (text, email, url, date): formatter on typing, pasted text trimmed and cut to maxlength. */
export function TextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props) as ReturnType<typeof fieldOptions> & { inputType?: string };
  const format = o.formatter ? formatters[o.formatter] : undefined;
  const emit = (raw: string) => onChange(emptyToUndefined(format ? String(format(raw) ?? '') : raw));
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const el = event.currentTarget;
    event.preventDefault();
    const next = applyPaste(
      el.value,
      event.clipboardData.getData('text'),
      el.selectionStart ?? el.value.length,
      el.selectionEnd ?? el.value.length,
      o.maxlength,
    );
    emit(next);
  };
  return withAddon(
    props,
    <input
      id={id}
      name={id}
      className="fc-input"
      type={o.inputType ?? 'text'}
      value={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      placeholder={o.placeholder}
      minLength={o.minlength}
      maxLength={o.maxlength}
      autoComplete={o.autocomplete ?? 'off'}
      translate={o.noTranslate ? 'no' : undefined}
      {...ariaFor(props)}
      onChange={(e) => emit(e.target.value)}
      onPaste={onPaste}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />,
  );
}
