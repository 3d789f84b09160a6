import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TITLES, OTHER_ANNOUNCEMENT_TITLE, announcementTitle } from './announcements';

describe('announcement titles', () => {
  it('come from the type', () => {
    expect(announcementTitle('maintenance')).toBe('Scheduled maintenance');
    expect(announcementTitle('feature')).toBe('New feature');
    expect(announcementTitle('incident')).toBe('Service incident');
  });

  it('read Information for any other type, inherited object keys included', () => {
    expect(announcementTitle('')).toBe('Information');
    expect(announcementTitle('Maintenance')).toBe('Information');
    expect(announcementTitle('constructor')).toBe('Information');
    expect(announcementTitle('__proto__')).toBe('Information');
  });

  it('is always one of the known titles', () => {
    const titles = [...Object.values(ANNOUNCEMENT_TITLES), OTHER_ANNOUNCEMENT_TITLE];
    fc.assert(fc.property(fc.string(), (type) => titles.includes(announcementTitle(type))));
  });
});
