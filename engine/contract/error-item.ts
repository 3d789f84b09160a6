// The error item of the RMS API failure envelope, {success: false, errors:
// [ErrorItem]} (docs/architecture.md, the vendor's OpenAPI): one definition for the server
// that answers it and the console that reads it. Another server may leave the
// code or the source out, so what the console reads is a ReceivedErrorItem.

export interface ErrorItem {
  code: string;
  message: string;
  /** The field or parameter at fault, or null when the whole request is. */
  source: string | null;
}

/** An error item as the console receives it: only the message is certain. */
export type ReceivedErrorItem = Pick<ErrorItem, 'message'> & Partial<Omit<ErrorItem, 'message'>>;
