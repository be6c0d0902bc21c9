import { apiDownload } from './api-client';

/**
 * Hands `blob` to the browser as a file named `filename`, through a temporary <a download>: the one
 * way a page can save bytes it already holds (a generated CSV, a PDF fetched with the user's token).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches a file behind the user's token and saves it under the name the server gave it, else
 * `fallbackName` (a proxy may drop Content-Disposition, or hide it from a cross-origin page).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  saveBlob(blob, filename ?? fallbackName);
}

/**
 * Fetches a file behind the user's token and shows it in a new tab (a licence, to read rather than
 * keep). The tab is opened before the download so the browser treats it as the user's click, not a
 * pop-up; it is closed again when the download fails.
 */
export async function openFileInNewTab(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // Kept a minute so the new tab can finish reading it.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
