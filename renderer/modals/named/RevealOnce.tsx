import { useState } from 'react';
import { t } from '../../../engine/i18n/i18n';
import { closeModal } from '../../../engine/stores/modals';
import type { ModalComponentProps } from '../types';

/** A secret shown once (a form document's `reveal`): the text, the value read-only and selectable, Copy and Close. */
export function RevealOnce({ modalId, text, value }: ModalComponentProps) {
  const [copied, setCopied] = useState(false);
  const secret = String(value ?? '');
  return (
    <div className="reveal-once">
      <p>{t(String(text ?? ''))}</p>
      <input
        className="fc-input"
        readOnly
        value={secret}
        aria-label={t('Value')}
        onFocus={(event) => event.currentTarget.select()}
        spellCheck={false}
      />
      <div className="modal-actions">
        <button
          type="button"
          className="fc-btn"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? t('Copied') : t('Copy')}
        </button>
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          {t('Close')}
        </button>
      </div>
    </div>
  );
}
