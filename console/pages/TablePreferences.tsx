// Table preferences: visible columns and their order, and the prompt
// reminders ('Do not show this again') that can be re-enabled here.
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { deleteSetting, settingsState } from '../../engine/stores/settings';
import {
  isColumnVisible,
  moveColumn,
  orderedColumns,
  reminderOff,
  reminders,
  setColumnVisible,
  type TablePreferences as Prefs,
} from '../../engine/pages/preferences';
import type { PageDocument } from '../../engine/pages/types';
import { t } from '../../engine/i18n/i18n';

interface Props {
  doc: PageDocument;
  prefs: Prefs;
  onChange: (prefs: Prefs) => void;
}

export function TablePreferences({ doc, prefs, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const settings = useSnapshot(settingsState);
  const columns = orderedColumns(doc, prefs);
  const offReminders = reminders(doc).filter((r) => reminderOff(settings.values[r.key]));
  return (
    <div className="page-preferences">
      <button
        type="button"
        className="fc-btn"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('Table preferences')}
      </button>
      {open && (
        <div id={panelId} role="group" aria-label={t('Table preferences')} className="page-preferences-panel">
          <fieldset>
            <legend>{t('Columns')}</legend>
            <ul>
              {columns.map((column, i) => (
                <li key={column.key}>
                  <label>
                    <input
                      type="checkbox"
                      checked={isColumnVisible(column, prefs)}
                      onChange={(e) => onChange(setColumnVisible(prefs, column.key, e.target.checked))}
                    />
                    {column.title}
                  </label>
                  <button
                    type="button"
                    className="fc-btn page-btn-small"
                    aria-label={t('Move {title} up', { title: column.title })}
                    disabled={i === 0}
                    onClick={() => onChange(moveColumn(doc, prefs, column.key, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="fc-btn page-btn-small"
                    aria-label={t('Move {title} down', { title: column.title })}
                    disabled={i === columns.length - 1}
                    onClick={() => onChange(moveColumn(doc, prefs, column.key, 1))}
                  >
                    ↓
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          {offReminders.length > 0 && (
            <fieldset aria-label={t('Hidden prompts')}>
              <legend>{t('Hidden prompts')}</legend>
              <ul>
                {offReminders.map((r) => (
                  <li key={r.key}>
                    {r.label}{' '}
                    <button type="button" className="fc-btn page-btn-small" onClick={() => void deleteSetting(r.key)}>
                      {t('Show again')}
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
