import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runtimeTimeZoneChoices, timeZoneChoices } from './time-zones';

describe('time zone choices', () => {
  it('keep the known zones and put UTC first when missing', () => {
    expect(timeZoneChoices(['Europe/Vilnius', 'UTC'])).toEqual(['Europe/Vilnius', 'UTC']);
    expect(timeZoneChoices(['Europe/Vilnius', 'Asia/Tokyo'])).toEqual(['UTC', 'Europe/Vilnius', 'Asia/Tokyo']);
    expect(timeZoneChoices([])).toEqual(['UTC']);
  });

  it('always offer UTC once, and every known zone in its order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('UTC', 'Europe/Oslo', 'Asia/Tokyo', 'America/New_York')), (known) => {
        const choices = timeZoneChoices(known);
        expect(choices.filter((zone) => zone === 'UTC')).toHaveLength(1);
        expect(choices.filter((zone) => zone !== 'UTC')).toEqual(known.filter((zone) => zone !== 'UTC'));
      }),
    );
  });

  it("offer the runtime's IANA zone names", () => {
    const choices = runtimeTimeZoneChoices();
    expect(choices).toContain('UTC');
    expect(choices).toContain('Europe/Vilnius');
  });
});
