import type { PromptValues, PromptView } from '../../../engine/prompts/prompt-view';
import type { VerifyOutcome } from '../../../engine/submit/mfa';
import { DocumentPrompt } from '../../prompts/DocumentPrompt';
import type { ModalComponentProps } from '../types';

/** HTTP 423: the server's message and the fields of prompts/password-confirmation.json; then the retry. */
export function PasswordConfirmation({ modalId, prompt, message, confirm }: ModalComponentProps) {
  return (
    <DocumentPrompt
      modalId={modalId}
      prompt={prompt as PromptView}
      message={typeof message === 'string' ? message : undefined}
      verify={confirm as (values: PromptValues) => Promise<VerifyOutcome>}
    />
  );
}
