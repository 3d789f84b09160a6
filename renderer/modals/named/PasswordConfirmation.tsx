import type { VerifyOutcome } from '../../../engine/submit/mfa';
import type { ModalComponentProps } from '../types';
import { VerifyPrompt } from './VerifyPrompt';

/** HTTP 423: the server's message and a Password input; the password is posted, then the request retried. */
export function PasswordConfirmation({ modalId, message, confirm }: ModalComponentProps) {
  return (
    <VerifyPrompt
      modalId={modalId}
      intro={String(message ?? '')}
      label="Password"
      inputType="password"
      autoComplete="current-password"
      submitText="Confirm"
      verify={confirm as (v: string) => Promise<VerifyOutcome>}
    />
  );
}
