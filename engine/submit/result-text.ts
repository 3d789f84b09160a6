import { resultMessage } from '../errors/result-message';
import { isHttpError } from '../http/errors';
import { t } from '../i18n/i18n';
import { failureBody } from '../contract/envelope';
import { CONNECT_FAILED_MESSAGE, SEND_FAILED_MESSAGE, submitErrorItems } from './failure';

/**
 * The engine's own failure texts, catalogue keys (a thrown Error's message is looked up too).
 * @internal For the catalogue check (scripts/i18n-keys/form-keys.ts): every text is translated.
 */
export const FAILURE_TEXTS = [SEND_FAILED_MESSAGE, CONNECT_FAILED_MESSAGE];

// The failure toast text of a request (forms spec §8), for callers without a
// form to map errors onto (page actions, prompts): the server's first message,
// else the catalogue's 'Failed to {verb} {item} (…)'. A success shows through
// the forms' own outcome path (./outcome.ts).

export interface RequestNames {
  method: string;
  url: string;
  /** A document's own item and verb. */
  item?: string;
  verb?: string;
}

export function failureText(request: RequestNames, error: unknown): string {
  if (!isHttpError(error)) return t(error instanceof Error ? error.message : SEND_FAILED_MESSAGE);
  const body = failureBody(error);
  // A response that is not an object (or none at all) cannot be read.
  if (!body && error.status !== undefined) return t(SEND_FAILED_MESSAGE);
  return resultMessage({
    ok: false,
    ...request,
    errors: submitErrorItems(body),
    statusText: error.statusText,
    code: error.status ?? error.code,
  });
}
