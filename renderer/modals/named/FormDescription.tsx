import { closeModal } from '../../../engine/stores/modals';
import type { ModalComponentProps } from '../types';

/** A form document's description in its own modal (long texts that do not fit above the fields). */
export function FormDescription({ modalId, description }: ModalComponentProps) {
  return (
    <div className="form-description">
      <p style={{ whiteSpace: 'pre-line' }}>{String(description ?? '')}</p>
      <div className="modal-actions">
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          Close
        </button>
      </div>
    </div>
  );
}
