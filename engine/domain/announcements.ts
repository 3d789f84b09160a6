// A system announcement's title comes from its type (forms spec §2 "Header
// widgets"); the titles are English catalogue keys the console translates.

/** The title of each known announcement type. */
export const ANNOUNCEMENT_TITLES: Readonly<Record<string, string>> = {
  maintenance: 'Scheduled maintenance',
  feature: 'New feature',
  incident: 'Service incident',
};

/** The title of an announcement of any other type. */
export const OTHER_ANNOUNCEMENT_TITLE = 'Information';

export function announcementTitle(type: string): string {
  return Object.hasOwn(ANNOUNCEMENT_TITLES, type) ? ANNOUNCEMENT_TITLES[type] : OTHER_ANNOUNCEMENT_TITLE;
}
