import { resultMessage } from '../errors/result-message';
import { isHttpError } from '../http/errors';
import { t } from '../i18n/i18n';
import { CONNECT_FAILED_MESSAGE, SEND_FAILED_MESSAGE, errorItems, failureBody } from './failure';

/** The engine's own failure texts, catalogue keys (a thrown Error's message is looked up too). */
export const FAILURE_TEXTS = [SEND_FAILED_MESSAGE, CONNECT_FAILED_MESSAGE];

// The toast texts of a request's result (forms spec §8), for callers without a
// form to map errors onto (page actions, prompts): the server's message, else
// the catalogue's '{Item} {verb}d successfully' / 'Failed to {verb} {item} (…)'.

export interface RequestNames {
  method: string;
  url: string;
  /** A document's own item and verb. */
  item?: string;
  verb?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The server's `message` of a success envelope, if any. */
function serverMessage(body: unknown): string | undefined {
  const message = isObject(body) ? body.message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

export function successText(request: RequestNames, body: unknown): string {
  return serverMessage(body) ?? resultMessage({ ok: true, ...request });
}

export function failureText(request: RequestNames, error: unknown): string {
  if (!isHttpError(error)) return t(error instanceof Error ? error.message : SEND_FAILED_MESSAGE);
  const body = failureBody(error);
  // A response that is not an object (or none at all) cannot be read.
  if (!body && error.status !== undefined) return t(SEND_FAILED_MESSAGE);
  return resultMessage({
    ok: false,
    ...request,
    errors: errorItems(body),
    statusText: error.statusText,
    code: error.status ?? error.code,
  });
}
