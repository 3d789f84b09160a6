import { t } from '../../../engine/i18n/i18n';
import type { PromptValues, PromptView } from '../../../engine/prompts/prompt-view';
import type { VerifyOutcome } from '../../../engine/submit/mfa';
import { DocumentPrompt } from '../../prompts/DocumentPrompt';
import type { ModalComponentProps } from '../types';

/** What each method's code prompt asks for (translated; the server's own message wins). */
export const MFA_TEXTS = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  teltonika_id: 'Enter the verification code from your Teltonika ID.',
  email: 'Enter the verification code we sent to your e-mail.',
} as const;

/** The code prompt of one MFA method, drawn from prompts/verification-code.json. */
export function mfaPrompt(method: keyof typeof MFA_TEXTS) {
  return function MfaPrompt({ modalId, prompt, verify, message }: ModalComponentProps) {
    return (
      <DocumentPrompt
        modalId={modalId}
        prompt={prompt as PromptView}
        message={typeof message === 'string' && message ? message : t(MFA_TEXTS[method])}
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        verify={verify as (values: PromptValues) => Promise<VerifyOutcome>}
      />
    );
  };
}
