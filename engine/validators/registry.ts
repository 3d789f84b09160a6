// Validators a document names in a field's `validate` list. Adding one here makes it
// available to every document (schemas:check verifies the names).
import { firmwareVersion, VERSION_OPERATORS, type VersionOperator } from '../device/firmware';
import { isValidMonitoringPeriod, MONITORING_MAX, MONITORING_MIN } from '../device/monitoring';
import { messages } from './messages';
import { isBase64Url, isDigits, isDomainName, isHexColor, isIPv4 } from './patterns';

/** Returns a message when the (non-empty) value is invalid. */
export type Validator = (value: unknown, label: string | undefined, key: string) => string | undefined;

const check =
  (ok: (v: unknown) => boolean, message: Validator): Validator =>
  (value, label, key) =>
    ok(value) ? undefined : message(value, label, key);

/** "> 07.06", ">=01.11.1", "!= 2.1.0": an operator of > >= = <= < != and a version. */
export function parseVersionComparison(value: unknown): { operator: VersionOperator; version: number[] } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(>=|<=|!=|>|<|=)\s*(\d+(?:\.\d+)*)\s*$/.exec(value);
  if (!m || !VERSION_OPERATORS.includes(m[1] as VersionOperator)) return undefined;
  return { operator: m[1] as VersionOperator, version: m[2].split('.').map(Number) };
}

export const validators: Record<string, Validator> = {
  ipv4: check(isIPv4, (_v, l, k) => messages.ipv4(l, k)),
  domain: check(isDomainName, (_v, l, k) => messages.domain(l, k)),
  digits: check(isDigits, (_v, l, k) => messages.digits(l, k)),
  hexColor: check(isHexColor, (_v, l, k) => messages.format(l, k)),
  base64url: check(isBase64Url, (_v, l, k) => messages.format(l, k)),
  firmwareVersion: check(
    (v) => firmwareVersion(v) !== undefined,
    (_v, l, k) => messages.format(l, k),
  ),
  monitoringPeriod: (value, label, key) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (isValidMonitoringPeriod(n)) return undefined;
    return typeof n === 'number' && n > MONITORING_MAX
      ? messages.max(label, key, MONITORING_MAX)
      : messages.min(label, key, MONITORING_MIN);
  },
  versionComparison: check(
    (v) => parseVersionComparison(v) !== undefined,
    (_v, l, k) => messages.format(l, k),
  ),
};
