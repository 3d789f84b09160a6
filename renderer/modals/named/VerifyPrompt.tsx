import { useId, useState, type FormEvent } from 'react';
import { closeModal, rejectModal, resolveModal } from '../../../engine/stores/modals';
import type { VerifyOutcome } from '../../../engine/submit/mfa';

interface VerifyPromptProps {
  modalId: string;
  intro: string;
  label: string;
  inputType: 'text' | 'password';
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  submitText: string;
  verify: (value: string) => Promise<VerifyOutcome>;
}

/**
 * A one-field prompt that verifies its value with the server: success settles
 * the modal with the result, a refused value keeps it open with the server's
 * errors, any other failure closes it and hands the error back.
 */
export function VerifyPrompt({
  modalId,
  intro,
  label,
  inputType,
  autoComplete,
  inputMode,
  submitText,
  verify,
}: VerifyPromptProps) {
  const ids = { input: useId(), intro: useId(), errors: useId() };
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [waiting, setWaiting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    if (!value.trim()) {
      setErrors([`The ${label.toLowerCase()} field is required.`]);
      return;
    }
    setWaiting(true);
    try {
      const outcome = await verify(value);
      if (outcome.ok) resolveModal(modalId, outcome.value);
      else {
        setErrors(outcome.errors.length ? outcome.errors : ['Verification failed']);
        setWaiting(false);
      }
    } catch (error) {
      rejectModal(modalId, error);
    }
  };

  return (
    <form className="verify-prompt" onSubmit={onSubmit} noValidate aria-busy={waiting || undefined}>
      <p id={ids.intro}>{intro}</p>
      <div className={`fc-field${errors.length ? ' fc-field--invalid' : ''}`}>
        <div className="fc-field__label-row">
          <label htmlFor={ids.input} className="fc-field__label fc-required">
            {label}
          </label>
        </div>
        <input
          id={ids.input}
          className="fc-input"
          type={inputType}
          inputMode={inputMode}
          autoComplete={autoComplete}
          required
          aria-required="true"
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={[ids.intro, errors.length ? ids.errors : ''].filter(Boolean).join(' ')}
          value={value}
          data-autofocus
          onChange={(e) => {
            setValue(e.target.value);
            if (errors.length) setErrors([]);
          }}
        />
        {errors.length > 0 && (
          <ul id={ids.errors} className="fc-field__errors" role="alert">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={() => closeModal(modalId)}>
          Cancel
        </button>
        <button type="submit" className="fc-btn fc-btn--primary" disabled={waiting}>
          {submitText}
        </button>
      </div>
    </form>
  );
}
