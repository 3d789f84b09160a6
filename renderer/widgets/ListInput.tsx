import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { importCsv } from '../../engine/fields/csv';
import {
  addListItem,
  backspace,
  isAddKey,
  listInputRequired,
  normaliseList,
  removeListItem,
  type ListItem,
} from '../../engine/fields/list-input';
import { ariaFor, fieldOptions, runContext } from './aria';
import { t, tn } from '../../engine/i18n/i18n';

export const LIST_EXAMPLE_CSV = '/assets-static/demo_files/list_input_example.csv';
/** Chips rendered at once; a long (imported) list shows the rest as a count. */
export const CHIPS_SHOWN = 200;

/** A list of values typed as chips: add keys, paste, Backspace, CSV upload (forms spec §3, §5). */
export function ListInput(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange } = props;
  const o = fieldOptions(props);
  const options = o.list ?? {};
  const ctx = runContext(props);
  const items: ListItem[] = Array.isArray(value) ? value : [];
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const aria = ariaFor(props);
  const errorId = `${id}__item-error`;

  const emit = (next: ListItem[]) => onChange(next.length ? next : undefined);
  const add = (raw: string) => {
    const result = addListItem(items, raw, options);
    setError(result.error);
    setText(result.input);
    if (result.items.length !== items.length) emit(result.items);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isAddKey(event.key, options)) {
      event.preventDefault();
      // The browser's validity of the typed value is checked before adding.
      if (event.currentTarget.value.trim() && !event.currentTarget.checkValidity()) {
        setError(event.currentTarget.validationMessage);
        return;
      }
      add(event.currentTarget.value);
    } else if (event.key === 'Backspace' && event.currentTarget.value === '' && items.length) {
      event.preventDefault();
      emit(backspace(items, ''));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\n,;]/.test(pasted)) return;
    event.preventDefault();
    const next = normaliseList([...items, ...pasted.split(/[\n,;]+/)], options);
    emit(next);
    setText('');
  };

  const onCsv = async (file: File | undefined) => {
    if (!file) return;
    const result = await importCsv(file, options);
    if (fileRef.current) fileRef.current.value = '';
    if ('error' in result) ctx.notify(result.error, 'error');
    else {
      setError(undefined);
      emit(result.items);
    }
  };

  const shown = items.length > CHIPS_SHOWN ? items.slice(0, CHIPS_SHOWN) : items;
  const locked = disabled || readonly;
  return (
    <div className="fc-list" translate={options.notranslate || o.noTranslate ? 'no' : undefined}>
      {items.length > 0 && (
        <ul className="fc-list__chips" aria-label={t('{name} values', { name: label })}>
          {shown.map((item, index) => (
            <li key={`${index}-${item}`} className="fc-chip">
              <span>{item}</span>
              {!locked && (
                <button
                  type="button"
                  className="fc-chip__remove"
                  aria-label={t('Remove {name}', { name: item })}
                  onClick={() => emit(removeListItem(items, index))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
          {items.length > CHIPS_SHOWN && (
            <li className="fc-chip fc-chip--more">{t('+{count} more', { count: items.length - CHIPS_SHOWN })}</li>
          )}
        </ul>
      )}
      <input
        id={id}
        name={id}
        className="fc-input"
        type={options.type === 'number' ? 'number' : 'text'}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        required={listInputRequired(items, required)}
        placeholder={o.placeholder}
        pattern={options.pattern}
        min={options.min}
        max={options.max}
        minLength={options.minItemLength}
        maxLength={options.maxItemLength}
        {...aria}
        aria-describedby={[aria['aria-describedby'], error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={aria['aria-invalid'] || !!error || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={(e) => {
          if (e.target.value.trim() && e.target.checkValidity()) add(e.target.value);
        }}
      />
      <p className="fc-field__subtext">{tn('{count} items. Press Enter or comma to add a value.', items.length)}</p>
      {error && (
        <p id={errorId} className="fc-field__error" role="alert">
          {error}
        </p>
      )}
      {options.showCsvUpload && !locked && (
        <div className="fc-list__csv">
          <label className="fc-btn" htmlFor={`${id}__csv`}>
            {t('Upload CSV')}
          </label>
          <input
            id={`${id}__csv`}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className="visually-hidden"
            onChange={(e) => void onCsv(e.target.files?.[0])}
          />
          <a href={LIST_EXAMPLE_CSV} download className="fc-field__link">
            {t('Download example CSV file')}
          </a>
          {items.length > 0 && (
            <button type="button" className="fc-btn" onClick={() => emit([])}>
              {t('Clear all')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
