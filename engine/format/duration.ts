// Durations (uptime, seconds) as days and hours when not zero, then minutes,
// in the chosen language's narrow unit words (Intl.NumberFormat unit style):
// "3d 4h 12m" in English, "3д 4г 12х" in Ukrainian.

const UNITS = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
] as const;

export function formatDuration(seconds: number, locale = 'en'): string {
  if (!Number.isFinite(seconds)) return '';
  let rest = Math.max(0, Math.floor(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount || unit === 'minute') {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(amount));
    }
  }
  return parts.join(' ');
}
