// Signed texts (access tokens, XSRF tokens) that verified, kept per signing
// key so that a caller's token costs one HMAC, not one per request. Only
// texts that verified are kept (a flood of forged ones cannot fill it), and a
// verified signature stays verified: expiry and revocation are checked apart.

export class Verified<T> {
  private readonly byKey = new WeakMap<Buffer, Map<string, T>>();

  constructor(private readonly max = 10_000) {}

  /** What `check` answers for `text` under `key`, worked out once while it is kept (a null answer is not kept). */
  get(key: Buffer, text: string, check: () => T | null): T | null {
    let known = this.byKey.get(key);
    if (!known) this.byKey.set(key, (known = new Map()));
    const kept = known.get(text);
    if (kept !== undefined) return kept;
    const value = check();
    if (value !== null) {
      known.set(text, value);
      if (known.size > this.max) known.delete(known.keys().next().value as string);
    }
    return value;
  }
}
