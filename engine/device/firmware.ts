// Firmware version extraction and comparison (forms spec §5, §9).
export type Version = readonly number[];
export type VersionOperator = '>' | '>=' | '=' | '<=' | '<' | '!=';
export const VERSION_OPERATORS: readonly VersionOperator[] = ['>', '>=', '=', '<=', '<', '!='];

/**
 * "RUT9XX_R_00.06.05.3" -> [6, 5, 3]; "RUTX_R_00.07.06" -> [7, 6]; "07.13" -> [7, 13].
 * Needs three numeric groups in firmware strings; the leading client number (00) is dropped.
 * A bare version ("07.00", "01.11.1") is read as written.
 */
export function firmwareVersion(firmware: unknown): Version | undefined {
  if (typeof firmware !== 'string') return undefined;
  const token = /(\d+(?:\.\d+)+)/.exec(firmware)?.[1];
  if (!token) return undefined;
  const groups = token.split('.').map(Number);
  const bare = /^\d+(?:\.\d+)+$/.test(firmware.trim());
  if (bare) return groups;
  if (groups.length < 3) return undefined;
  return groups.slice(1);
}

export function compareVersions(a: Version, b: Version): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export function versionSatisfies(version: Version, operator: VersionOperator, target: Version): boolean {
  const c = compareVersions(version, target);
  switch (operator) {
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '=':
      return c === 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '!=':
      return c !== 0;
    default:
      throw new Error(`Unsupported version operator: ${String(operator)}`);
  }
}

/** True when the firmware string is at least the bare minimum ("07.06"); false when unknown. */
export function firmwareAtLeast(firmware: unknown, minimum: string): boolean {
  const v = firmwareVersion(firmware);
  const m = firmwareVersion(minimum);
  return !!v && !!m && versionSatisfies(v, '>=', m);
}
