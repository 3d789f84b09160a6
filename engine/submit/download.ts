import type { HttpClient } from '../http/client';
import { firstErrorItem } from '../contract/envelope';
import { isHttpError } from '../http/errors';

// File download (forms spec §7): a GET with :id replaced, expecting a blob and
// a content-disposition file name; a 401 is retried once, other failures end
// in an error toast (the caller shows it).

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name.replace(/[\\/]/g, '_') || fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

type DownloadClient = Pick<HttpClient, 'get'>;

/** Fetches a file; retries once on 401. Rejects with an Error whose message is the toast text. */
export async function fetchDownload(
  client: DownloadClient,
  url: string,
  id?: string | number,
  fallbackName = 'download',
): Promise<DownloadedFile> {
  const path = id === undefined ? url : url.replace(/:id\b/g, encodeURIComponent(String(id)));
  const attempt = () => client.get<Blob>(path, { responseType: 'blob', skipCancel: true });
  let response;
  try {
    response = await attempt().catch((error: unknown) => {
      if (isHttpError(error) && error.status === 401) return attempt();
      throw error;
    });
  } catch (error) {
    const item = isHttpError(error) ? firstErrorItem(error.data) : undefined;
    const status = isHttpError(error) ? error.statusText || error.status : undefined;
    throw new Error(item?.message ?? `Failed to get file${status ? ` (${status})` : ''}`, { cause: error });
  }
  return {
    blob: response.data,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName),
  };
}
