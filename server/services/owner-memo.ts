// Answers worked out once and kept per owner object and text key: the
// compiled list statements of a caller (per URL), the tokens a signing key
// verified. The owner is held weakly (a caller replaced after a write, a key
// no longer used, goes with its answers); each owner keeps at most `max`
// answers, the oldest leaving first; a null answer is not kept (a flood of
// forged tokens cannot fill it).

export class OwnerMemo<T> {
  private readonly byOwner = new WeakMap<object, Map<string, T>>();

  constructor(private readonly max: number) {}

  /** What `make` answers for `key` under `owner`, made once while it is kept. */
  get<R extends T | null>(owner: object, key: string, make: () => R): R | T {
    let kept = this.byOwner.get(owner);
    if (!kept) this.byOwner.set(owner, (kept = new Map()));
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = make();
    if (value !== null) {
      kept.set(key, value);
      if (kept.size > this.max) kept.delete(kept.keys().next().value as string);
    }
    return value;
  }
}
