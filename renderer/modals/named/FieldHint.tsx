import { closeModal } from '../../../engine/stores/modals';
import type { ModalComponentProps } from '../types';

/** The hint of a form field, opened from the hint button beside its label. Text only (escaped). */
export function FieldHint({ modalId, hint, label }: ModalComponentProps) {
  return (
    <div className="field-hint">
      {typeof label === 'string' && <p className="field-hint__label">{label}</p>}
      <p style={{ whiteSpace: 'pre-line' }}>{String(hint ?? '')}</p>
      <div className="modal-actions">
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          OK
        </button>
      </div>
    </div>
  );
}
