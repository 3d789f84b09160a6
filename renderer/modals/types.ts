import type { ModalEntry } from '../../engine/stores/modals';

/** Props every modal component of the registry receives, plus the descriptor's own props. */
export interface ModalComponentProps {
  modalId: string;
  entry: ModalEntry;
  [prop: string]: unknown;
}
