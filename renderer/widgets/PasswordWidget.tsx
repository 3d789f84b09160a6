import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { generatePassword } from '../../engine/fields/password';
import { ariaFor, emptyToUndefined, fieldOptions } from './aria';
import { t } from '../../engine/i18n/i18n';

/** Password input with a show/hide toggle and, with `generate`, a 16-character generator. */
export function PasswordWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  const [visible, setVisible] = useState(false);
  return (
    <div className="fc-input-group">
      <input
        id={id}
        name={id}
        className="fc-input"
        type={visible ? 'text' : 'password'}
        value={value ?? ''}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        placeholder={o.placeholder}
        minLength={o.minlength}
        maxLength={o.maxlength}
        autoComplete={o.autocomplete ?? (o.generate ? 'new-password' : 'current-password')}
        {...ariaFor(props)}
        onChange={(e) => onChange(emptyToUndefined(e.target.value))}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <button
        type="button"
        className="fc-btn fc-input-group__button"
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible(!visible)}
      >
        {visible ? t('Hide password') : t('Show password')}
      </button>
      {o.generate && !disabled && !readonly && (
        <button
          type="button"
          className="fc-btn fc-input-group__button"
          aria-controls={id}
          onClick={() => {
            onChange(generatePassword());
            setVisible(true);
          }}
        >
          {t('Generate password')}
        </button>
      )}
    </div>
  );
}
