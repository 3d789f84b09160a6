import { mfaPrompt } from './mfa';

/** Code from an authenticator app (TOTP). */
export const MfaTOTP = mfaPrompt('totp');
