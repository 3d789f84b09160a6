import type { WidgetProps } from '@rjsf/utils';
import IMask, { type InputMask } from 'imask';
import { useEffect, useRef } from 'react';
import { imaskOptions } from '../../engine/masks/mask';
import { ariaFor, fieldOptions } from './aria';

/** A text input driven by imask with the spec's mask tokens; the masked text is the value. */
export function MaskedWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  const o = fieldOptions(props);
  const ref = useRef<HTMLInputElement>(null);
  const mask = useRef<InputMask | null>(null);
  const emit = useRef(onChange);
  emit.current = onChange;

  useEffect(() => {
    if (!ref.current || !o.mask) return;
    const instance = IMask(ref.current, imaskOptions(o.mask));
    instance.on('accept', () => emit.current(instance.value === '' ? undefined : instance.value));
    mask.current = instance;
    return () => {
      instance.destroy();
      mask.current = null;
    };
  }, [o.mask]);

  useEffect(() => {
    const instance = mask.current;
    const next = value === undefined || value === null ? '' : String(value);
    if (instance && instance.value !== next) instance.value = next;
  }, [value]);

  return (
    <input
      ref={ref}
      id={id}
      name={id}
      className="fc-input"
      type="text"
      defaultValue={value ?? ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      placeholder={o.placeholder ?? o.mask?.replace(/!(.)/g, '$1')}
      autoComplete="off"
      spellCheck={false}
      translate={o.noTranslate ? 'no' : undefined}
      {...ariaFor(props)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
