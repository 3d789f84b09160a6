import type { FieldSchema } from '../../engine/schema/types';

interface Props {
  field: FieldSchema;
  id: string;
  value: unknown;
  error?: string;
  describedBy?: string;
  inputMode?: 'numeric' | 'text';
  autoFocus: boolean;
  onChange: (value: unknown) => void;
}

/** One field of a prompt document: label with its required marker, the input, its message. */
export function PromptField({ field, id, value, error, describedBy, inputMode, autoFocus, onChange }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.key,
    required: field.required,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [describedBy, error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    'data-autofocus': autoFocus || undefined,
    autoComplete: field.autocomplete,
    placeholder: field.placeholder,
    disabled: field.disabled,
  };
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const options = Array.isArray(field.options) ? field.options : [];
  let input;
  if (field.type === 'textarea') {
    input = <textarea className="fc-input" {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  } else if (field.type === 'select' || options.length > 0) {
    input = (
      <select className="fc-input" {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="" />
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'checkbox') {
    input = (
      <input
        type="checkbox"
        {...common}
        checked={value === (field.trueValue ?? true)}
        onChange={(e) => onChange(e.target.checked ? (field.trueValue ?? true) : (field.falseValue ?? false))}
      />
    );
  } else {
    input = (
      <input
        className="fc-input"
        type={field.type ?? 'text'}
        inputMode={inputMode}
        minLength={field.minlength}
        maxLength={field.maxlength}
        {...common}
        value={text}
        onChange={(e) =>
          onChange(field.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value)
        }
      />
    );
  }
  return (
    <div className={`fc-field${error ? ' fc-field--invalid' : ''}`}>
      <div className="fc-field__label-row">
        <label htmlFor={id} className={`fc-field__label${field.required ? ' fc-required' : ''}`}>
          {field.label ?? field.key}
        </label>
      </div>
      {input}
      {field.subtext && <p className="fc-field__subtext">{field.subtext}</p>}
      {error && (
        <p id={errorId} className="fc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
