// The text a page shows when its endpoint fails: a plain "not found" for a
// missing item (404), else the document's error text followed by the
// server's message (its first error item, or the client's message).
import { serverMessage } from '../contract/envelope';
import type { PageDocument } from './types';

export type Translate = (text: string) => string;

/** The HTTP status of a failed request, when it had one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function loadErrorText(
  doc: Pick<PageDocument, 'error' | 'notFound'>,
  error: unknown,
  t: Translate,
  fallback = 'Failed to load.',
): string {
  if (statusOf(error) === 404) return doc.notFound ?? t('Not found.');
  return `${doc.error ?? t(fallback)} ${serverMessage(error)}`;
}
