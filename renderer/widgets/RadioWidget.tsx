import type { WidgetProps } from '@rjsf/utils';
import { useOptions } from '../hooks/useOptions';
import { ariaFor, fieldOptions, runContext } from './aria';

/** Radio options in a fieldset; optionDescriptionBlock shows each option's description under it. */
export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, required, onChange } = props;
  const o = fieldOptions(props);
  const { options } = useOptions(o.options, runContext(props));
  const aria = ariaFor(props);
  return (
    <fieldset className="fc-radio" aria-describedby={aria['aria-describedby']} aria-invalid={aria['aria-invalid']}>
      <legend className={`fc-field__label${required ? ' fc-required' : ''}`}>{label}</legend>
      {options.map((option, i) => {
        const optionId = `${id}-${i}`;
        return (
          <div key={String(option.value)} className={o.optionDescriptionBlock ? 'fc-radio__block' : 'fc-radio__item'}>
            <input
              id={optionId}
              type="radio"
              name={id}
              value={String(option.value)}
              checked={value === option.value}
              disabled={disabled || readonly}
              required={required}
              aria-describedby={option.description ? `${optionId}__desc` : undefined}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={optionId}>{option.label}</label>
            {option.description && (
              <p id={`${optionId}__desc`} className="fc-radio__description">
                {option.description}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
