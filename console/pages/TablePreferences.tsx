// Table preferences: visible columns and their order, relative or exact
// times, and the prompt reminders ('Do not show this again') that can be
// re-enabled here. A popover anchored to its button (the header's Dropdown:
// Escape, a click outside or focus leaving it close it); focus moves into it
// when it opens.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { deleteSetting, settingsState } from '../../engine/stores/settings';
import {
  hasRelativeTimes,
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
import { Dropdown } from '../header/Dropdown';
import { Icon } from '../layout/icons';
import { IconButton } from '../../renderer/tooltip/IconButton';

interface Props {
  doc: PageDocument;
  prefs: Prefs;
  onChange: (prefs: Prefs) => void;
}

export function TablePreferences({ doc, prefs, onChange }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      label={t('Table preferences')}
      className="page-preferences"
      trigger={
        <>
          <Icon name="columns" size={16} />
          <span className="page-tool-label">{t('Table preferences')}</span>
        </>
      }
    >
      <PreferencesPanel doc={doc} prefs={prefs} onChange={onChange} />
    </Dropdown>
  );
}

function PreferencesPanel({ doc, prefs, onChange }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const dragged = useRef<number | null>(null);
  const settings = useSnapshot(settingsState);
  const columns = orderedColumns(doc, prefs);
  const offReminders = reminders(doc).filter((r) => reminderOff(settings.values[r.key]));
  // Mounted when the popover opens: focus goes to its first control.
  useEffect(() => ref.current?.querySelector<HTMLElement>('input, button')?.focus(), []);
  const moveButton = (key: string, title: string, by: -1 | 1, disabled: boolean) => {
    const label = by < 0 ? t('Move {title} up', { title }) : t('Move {title} down', { title });
    return (
      <IconButton
        label={label}
        className="icon-button page-move"
        disabled={disabled}
        onClick={() => onChange(moveColumn(doc, prefs, key, by))}
      >
        <Icon name={by < 0 ? 'up' : 'down'} size={16} />
      </IconButton>
    );
  };
  return (
    // Focusable itself: a press on its text keeps the focus inside (else it would move to <main> and close it).
    <div ref={ref} className="page-preferences-panel" tabIndex={-1}>
      <fieldset>
        <legend>{t('Columns')}</legend>
        <ul>
          {columns.map((column, i) => (
            // Drag a row onto another to move it there; the buttons do the same from the keyboard.
            <li
              key={column.key}
              draggable
              onDragStart={(e) => {
                dragged.current = i;
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => dragged.current !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged.current !== null && dragged.current !== i)
                  onChange(moveColumn(doc, prefs, columns[dragged.current].key, i - dragged.current));
                dragged.current = null;
              }}
              onDragEnd={() => (dragged.current = null)}
            >
              <span className="page-grip" aria-hidden="true">
                <Icon name="grip" size={14} />
              </span>
              <label>
                <input
                  type="checkbox"
                  checked={isColumnVisible(column, prefs)}
                  onChange={(e) => onChange(setColumnVisible(prefs, column.key, e.target.checked))}
                />
                {column.title}
              </label>
              {moveButton(column.key, column.title, -1, i === 0)}
              {moveButton(column.key, column.title, 1, i === columns.length - 1)}
            </li>
          ))}
        </ul>
      </fieldset>
      {hasRelativeTimes(doc) && (
        <fieldset>
          <legend>{t('Times')}</legend>
          <ul>
            <li>
              <label>
                <input
                  type="checkbox"
                  checked={!!prefs.exactTimes}
                  onChange={(e) => onChange({ ...prefs, exactTimes: e.target.checked })}
                />
                {t('Show exact times')}
              </label>
            </li>
          </ul>
        </fieldset>
      )}
      {offReminders.length > 0 && (
        <fieldset aria-label={t('Hidden prompts')}>
          <legend>{t('Hidden prompts')}</legend>
          <ul>
            {offReminders.map((r) => (
              <li key={r.key}>
                <span className="page-reminder">{r.label}</span>
                <button type="button" className="fc-btn page-btn-small" onClick={() => void deleteSetting(r.key)}>
                  {t('Show again')}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
