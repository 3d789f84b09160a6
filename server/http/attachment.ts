/** The Content-Disposition of a download saved under `name` (ASCII fallback and the UTF-8 name). */
export const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
