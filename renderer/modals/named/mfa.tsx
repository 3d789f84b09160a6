import type { VerifyOutcome } from '../../../engine/submit/mfa';
import type { ModalComponentProps } from '../types';
import { VerifyPrompt } from './VerifyPrompt';

const texts = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  teltonika_id: 'Enter the verification code from your Teltonika ID.',
  email: 'Enter the verification code we sent to your e-mail.',
} as const;

/** The code prompt of one MFA method (the Code field is required). */
export function mfaPrompt(method: keyof typeof texts) {
  return function MfaPrompt({ modalId, verify, message }: ModalComponentProps) {
    return (
      <VerifyPrompt
        modalId={modalId}
        intro={typeof message === 'string' && message ? message : texts[method]}
        label="Code"
        inputType="text"
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        submitText="Verify"
        verify={verify as (v: string) => Promise<VerifyOutcome>}
      />
    );
  };
}
