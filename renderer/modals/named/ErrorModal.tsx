import { closeModal } from '../../../engine/stores/modals';
import { Messages } from '../../form/Messages';
import type { ModalComponentProps } from '../types';

/** The Error modal of forms with modalError: one message, or one per field. */
export function ErrorModal({ modalId, messages }: ModalComponentProps) {
  const list = Array.isArray(messages) ? (messages as string[]) : [String(messages ?? '')];
  return (
    <div className="error-modal" role="alert">
      <Messages messages={list} />
      <div className="modal-actions">
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          Close
        </button>
      </div>
    </div>
  );
}
