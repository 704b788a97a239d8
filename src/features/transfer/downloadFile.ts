// SPEC section 7: the export is downloaded as a file named by the server or, by default,
// 'passwords_export_{date}.{format}' with the ISO date. JSON is pretty-printed, CSV kept as text.
import type { TransferFormat } from '../../common/constants';

const MIME_TYPES: Record<TransferFormat, string> = {
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

export function defaultExportFilename(format: TransferFormat, now: Date = new Date()): string {
  return `passwords_export_${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The text to save, or null when the answer carried nothing. The server sends JSON already
 * pretty-printed; an object (an answer that is the export itself) is written with 2-space indentation.
 */
export function exportFileContent(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() ? data : null;
  if (typeof data === 'object' && data !== null) return JSON.stringify(data, null, 2);
  return null;
}

/** Saves text as a file through a temporary object URL and <a download>, revoked once the click is handled. */
export function downloadFile(content: string, filename: string, format: TransferFormat): void {
  const url = URL.createObjectURL(new Blob([content], { type: MIME_TYPES[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after the click event returns: free it on the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
