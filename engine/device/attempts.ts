// Connection attempt codes of forms spec §4.
export const ATTEMPTED_CODES: readonly number[] = [0, 10, 12, 20, 104];

export const ATTEMPT_REASONS: Readonly<Record<number, string>> = {
  14: 'Monitoring disabled',
  15: 'No active credit',
  7: 'Duplicate serial with different MAC',
};

export interface AttemptResult {
  attempted: boolean;
  text: string;
}

/** 0, 10, 12, 20, 104: the device attempted to connect; 14, 15, 7: known reasons; otherwise the given reason. */
export function connectionAttempt(code: unknown, reason?: string | null): AttemptResult {
  const n = Number(code);
  if (code !== null && code !== '' && ATTEMPTED_CODES.includes(n)) {
    return { attempted: true, text: 'Device attempted to connect' };
  }
  const known = ATTEMPT_REASONS[n];
  return { attempted: false, text: known ?? reason ?? (code == null ? '' : `Code ${String(code)}`) };
}
