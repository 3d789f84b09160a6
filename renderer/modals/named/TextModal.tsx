import { closeModal } from '../../../engine/stores/modals';
import type { ModalComponentProps } from '../types';

/** A modal with a block of plain text and a close button. */
export function TextModal({ modalId, entry, text }: ModalComponentProps) {
  const body = typeof text === 'string' ? text : (entry.text ?? '');
  return (
    <div className="text-modal">
      {body.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </p>
      ))}
      <div className="modal-actions">
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          Close
        </button>
      </div>
    </div>
  );
}
