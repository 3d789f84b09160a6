import { useId, useState, type FormEvent } from 'react';
import { t } from '../../engine/i18n/i18n';
import { checkPrompt, promptValues, type PromptValues, type PromptView } from '../../engine/prompts/prompt-view';
import { closeModal, rejectModal, resolveModal } from '../../engine/stores/modals';
import type { VerifyOutcome } from '../../engine/submit/mfa';
import { PromptField } from './PromptField';

export interface DocumentPromptProps {
  modalId: string;
  /** The prompt document as the dialog shows it. */
  prompt: PromptView;
  /** A message of the server shown above the description (the 423 text, the MFA message). */
  message?: string;
  inputMode?: 'numeric' | 'text';
  /**
   * Checks the values with the server: success settles the modal with its value, a refused value keeps
   * it open with the server's messages, any other failure closes it and hands the error back. Without
   * it, Confirm settles the modal with the values.
   */
  verify?: (values: PromptValues) => Promise<VerifyOutcome>;
}

/** A prompt dialog drawn from its document (schemas/prompts/*.json). */
export function DocumentPrompt({ modalId, prompt, message, inputMode, verify }: DocumentPromptProps) {
  const baseId = useId();
  const introId = `${baseId}-intro`;
  const [values, setValues] = useState<PromptValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [waiting, setWaiting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    const found = checkPrompt(prompt, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const sent = promptValues(prompt, values);
    if (!verify) {
      resolveModal(modalId, sent);
      return;
    }
    setWaiting(true);
    try {
      const outcome = await verify(sent);
      if (outcome.ok) resolveModal(modalId, outcome.value);
      else {
        setServerErrors(outcome.errors.length ? outcome.errors : [t('Verification failed')]);
        setWaiting(false);
      }
    } catch (error) {
      rejectModal(modalId, error);
    }
  };

  const intro = [message, prompt.description].filter(Boolean);
  return (
    <form className="verify-prompt" onSubmit={onSubmit} noValidate aria-busy={waiting || undefined}>
      {prompt.subtitle && <p className="verify-prompt__subtitle">{prompt.subtitle}</p>}
      {intro.length > 0 && (
        <div id={introId}>
          {intro.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {prompt.fields.map((field, index) => (
        <PromptField
          key={field.key}
          field={field}
          id={`${baseId}-${field.key}`}
          value={values[field.key]}
          error={errors[field.key] || (index === 0 ? serverErrors.join(' ') || undefined : undefined)}
          describedBy={intro.length ? introId : undefined}
          inputMode={inputMode}
          autoFocus={index === 0}
          onChange={(value) => {
            setValues({ ...values, [field.key]: value });
            if (errors[field.key]) setErrors({ ...errors, [field.key]: '' });
            if (serverErrors.length) setServerErrors([]);
          }}
        />
      ))}
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={() => closeModal(modalId)}>
          {prompt.cancelText}
        </button>
        <button type="submit" className="fc-btn fc-btn--primary" disabled={waiting}>
          {prompt.confirmText}
        </button>
      </div>
    </form>
  );
}
