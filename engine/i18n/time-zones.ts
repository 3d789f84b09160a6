// The choices of the System timezone submenu (forms spec §2 "Header widgets"):
// the IANA zone names the runtime knows, UTC always among them.

/** The zone names offered: `known` in its order, UTC first when it is not among them. */
export function timeZoneChoices(known: readonly string[]): string[] {
  return known.includes('UTC') ? [...known] : ['UTC', ...known];
}

/** The choices from the runtime's own list (only UTC where the runtime lists none). */
export function runtimeTimeZoneChoices(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return timeZoneChoices(intl.supportedValuesOf?.('timeZone') ?? []);
}
