// Where API calls go (shell spec §7): under /api on the page's origin; "a
// review-environment override can point to a separate API host when a stored
// setting exists". The override is a development aid: in a production build it
// would send every call, cookies and the XSRF header included, to another host.

/** Local-storage key of the review-environment API host. */
export const REVIEW_API_KEY = 'review_api_url';

/** The API base: the stored review override in development builds, else /api. */
export function apiBase(storedReview: string | null, development: boolean): string {
  return (development && storedReview) || '/api';
}
