import type { PromptValues, PromptView } from '../../../engine/prompts/prompt-view';
import type { VerifyOutcome } from '../../../engine/submit/mfa';
import { DocumentPrompt } from '../../prompts/DocumentPrompt';
import type { ModalComponentProps } from '../types';

/** A prompt document opened by name (a page action's `"prompt"`): Confirm sends or returns its values. */
export function DocumentPromptModal({ modalId, prompt, send }: ModalComponentProps) {
  return (
    <DocumentPrompt
      modalId={modalId}
      prompt={prompt as PromptView}
      verify={send as ((values: PromptValues) => Promise<VerifyOutcome>) | undefined}
    />
  );
}
