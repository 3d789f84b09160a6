import { http } from '../../engine/http/client';
import { showToast } from '../../engine/stores/toasts';
import { fetchDownload } from '../../engine/submit/download';

/** Has the browser download an address (a same-origin URL or an object URL) as a file under the given name. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a blob to the browser as a file download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * File download of forms spec §7: GET with :id replaced, a blob saved under the
 * content-disposition name; a 401 is retried once, any other failure is an error toast.
 */
export async function downloadFile(url: string, id?: string | number): Promise<boolean> {
  try {
    const file = await fetchDownload(http, url, id);
    saveBlob(file.blob, file.fileName);
    return true;
  } catch (error) {
    showToast({ message: error instanceof Error ? error.message : String(error), type: 'error' });
    return false;
  }
}
