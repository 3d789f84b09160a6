import type { ModalComponentName } from '../../engine/stores/modals';
import { named, promptContents, type ModalComponent } from './contents';

/**
 * Every modal component by its descriptor `component` name: the form and the
 * confirmation prompt frames, and the contents (./contents.ts), which a prompt
 * draws inside itself without importing this registry back.
 */
export const modalComponents: Record<ModalComponentName, ModalComponent> = {
  Form: named(() => import('../form/FormModal'), 'FormModal'),
  Prompt: named(() => import('../prompts/ConfirmPrompt'), 'ConfirmPrompt'),
  ...promptContents,
};
