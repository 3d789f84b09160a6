import type { FunctionRef, LookupRef, OptionItem, OptionsSource } from '../../engine/schema/types';
import { registeredNames } from '../../engine/schema/functions';
import type { PickerLists } from './PropertyInput';
import { t } from '../../engine/i18n/i18n';

// A field's options without JSON: a list of value and label (add, edit, remove), a
// lookup document picked from the lookups there are, or a registered options function.
// A lookup chosen by another field (lookupBy) is edited in the Source view.

type Mode = 'list' | 'lookup' | 'function' | 'switch';

const modeOf = (value: OptionsSource | undefined): Mode =>
  value === undefined || Array.isArray(value)
    ? 'list'
    : 'lookup' in value
      ? 'lookup'
      : 'function' in value
        ? 'function'
        : 'switch';

export interface OptionsEditorProps {
  value: OptionsSource | undefined;
  labelId: string;
  lists: PickerLists;
  onChange(value: OptionsSource | undefined, group?: string): void;
}

export function OptionsEditor({ value, labelId, lists, onChange }: OptionsEditorProps) {
  const mode = modeOf(value);
  const items: OptionItem[] = Array.isArray(value) ? value : [];
  const setItem = (at: number, next: Partial<OptionItem>) =>
    onChange(
      items.map((o, i) => (i === at ? { ...o, ...next } : o)),
      `options.${at}`,
    );
  return (
    <div className="studio-options" role="group" aria-labelledby={labelId}>
      <label>
        {t('Options from')}
        <select
          className="fc-input"
          value={mode}
          onChange={(e) => {
            const next = e.target.value as Mode;
            if (next === 'list') onChange([{ value: 'first', label: 'First' }]);
            if (next === 'lookup') onChange({ lookup: lists.lookups[0] ?? 'companies' });
            if (next === 'function') onChange({ function: registeredNames.options()[0]! });
          }}
        >
          <option value="list">{t('A list')}</option>
          <option value="lookup">{t('A lookup')}</option>
          <option value="function">{t('A registered function')}</option>
          {mode === 'switch' && <option value="switch">{t('A lookup chosen by another field')}</option>}
        </select>
      </label>
      {mode === 'list' && (
        <>
          <ol className="studio-options__list">
            {items.map((option, at) => (
              <li key={at}>
                <label>
                  {t('Value of option {number}', { number: at + 1 })}
                  <input
                    className="fc-input"
                    value={String(option.value)}
                    onChange={(e) => setItem(at, { value: e.target.value })}
                  />
                </label>
                <label>
                  {t('Label of option {number}', { number: at + 1 })}
                  <input
                    className="fc-input"
                    value={option.label}
                    onChange={(e) => setItem(at, { label: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="fc-btn"
                  disabled={items.length === 1}
                  onClick={() => onChange(items.filter((_, i) => i !== at))}
                >
                  {t('Remove option {number}', { number: at + 1 })}
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="fc-btn"
            onClick={() =>
              onChange([...items, { value: `option_${items.length + 1}`, label: `Option ${items.length + 1}` }])
            }
          >
            {t('Add option')}
          </button>
        </>
      )}
      {mode === 'lookup' && (
        <label>
          {t('Lookup')}
          <select
            className="fc-input"
            value={(value as LookupRef).lookup}
            onChange={(e) => onChange({ ...(value as LookupRef), lookup: e.target.value })}
          >
            {lists.lookups.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {mode === 'function' && (
        <label>
          {t('Function')}
          <select
            className="fc-input"
            value={(value as FunctionRef).function}
            onChange={(e) => onChange({ ...(value as FunctionRef), function: e.target.value })}
          >
            {registeredNames.options().map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {mode === 'switch' && <p>{t('Edit a lookup chosen by another field in the Source view.')}</p>}
    </div>
  );
}
