import { createElement, useId, useState, type FormEvent } from 'react';
import {
  REMINDER_LABEL,
  REMINDER_NOTE,
  cancelPrompt,
  confirmPrompt,
  isConfirmDisabled,
  type PromptAnswer,
} from '../../engine/prompts/confirm';
import { isClosable } from '../../engine/stores/modals';
import { promptContents } from '../modals/contents';
import type { ModalComponentProps } from '../modals/types';

/** The confirmation prompt: text, optional content, select box, input, reminder, Cancel and Confirm. */
export function ConfirmPrompt({ modalId, entry, ...props }: ModalComponentProps) {
  const ids = { select: useId(), input: useId(), reminder: useId(), note: useId() };
  const [answer, setAnswer] = useState<PromptAnswer>(() => ({
    selected: entry.selectBox?.value,
    input: entry.input?.value ?? '',
  }));
  const disabled = isConfirmDisabled(entry, answer);
  const content = entry.promptContent ? promptContents[entry.promptContent] : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirmPrompt(modalId, answer);
  };

  return (
    <form className="confirm-prompt" onSubmit={onSubmit} noValidate>
      {entry.text && <p className="confirm-prompt__text">{entry.text}</p>}
      {content && createElement(content, { ...props, modalId, entry })}
      {entry.selectBox && (
        <div className="fc-field">
          <label htmlFor={ids.select} className="fc-field__label">
            {entry.selectBox.label}
          </label>
          <select
            id={ids.select}
            className="fc-input"
            required={entry.selectBox.required !== false}
            disabled={entry.selectBoxReadonly}
            value={answer.selected ?? ''}
            onChange={(e) => {
              const option = entry.selectBox?.options.find((o) => String(o.value) === e.target.value);
              setAnswer({ ...answer, selected: option?.value ?? '' });
            }}
          >
            <option value="">Select</option>
            {entry.selectBox.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {entry.input && (
        <div className="fc-field">
          <label htmlFor={ids.input} className="fc-field__label fc-required">
            {entry.input.label}
          </label>
          <input
            id={ids.input}
            className="fc-input"
            type={entry.input.type ?? 'text'}
            required
            aria-required="true"
            value={answer.input ?? ''}
            onChange={(e) => setAnswer({ ...answer, input: e.target.value })}
          />
        </div>
      )}
      {entry.reminderKey && (
        <div className="fc-check">
          <input
            id={ids.reminder}
            type="checkbox"
            aria-describedby={ids.note}
            checked={answer.remind ?? false}
            onChange={(e) => setAnswer({ ...answer, remind: e.target.checked })}
          />
          <label htmlFor={ids.reminder}>{REMINDER_LABEL}</label>
          <p id={ids.note} className="fc-field__subtext">
            {REMINDER_NOTE}
          </p>
        </div>
      )}
      <div className="modal-actions">
        {isClosable(entry) && (
          <button type="button" className="fc-btn" onClick={() => cancelPrompt(modalId)}>
            {entry.cancelText}
          </button>
        )}
        <button type="submit" className="fc-btn fc-btn--primary" disabled={disabled}>
          {entry.confirmText}
        </button>
      </div>
    </form>
  );
}
