import { mfaPrompt } from './mfa';

/** Code from Teltonika ID. */
export const MfaID = mfaPrompt('teltonika_id');
