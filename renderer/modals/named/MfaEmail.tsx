import { mfaPrompt } from './mfa';

/** Code sent by e-mail. */
export const MfaEmail = mfaPrompt('email');
