// Which error messages a form shows (forms spec §8: "Errors with a matching field
// appear under it; others go to a general list. ... Error lists show one message
// or one per field"). A field shows one message: the server's for it while its
// value is unchanged since the submission (editing the field drops the server's,
// engine/form/controller.ts), else its client check's. The general list shows
// each message once: one message, or one entry per message.

/** The one message a field shows, if any. */
export function fieldError(client: string | undefined, server: readonly string[] | undefined): string | undefined {
  return server?.[0] ?? client;
}

/** The general list: each message once, in the order received. */
export function generalErrors(messages: readonly string[]): string[] {
  return [...new Set(messages)];
}

/** The Error modal's list (modalError): one message per field, then the general ones, each once. */
export function errorList(fields: Readonly<Record<string, readonly string[]>>, general: readonly string[]): string[] {
  return generalErrors([...Object.values(fields).flatMap((messages) => messages.slice(0, 1)), ...general]);
}
