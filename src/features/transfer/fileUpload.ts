// Reading an import file in the browser (SPEC sections 4 and 5).
import type { TransferFormat } from '../../common/constants';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LABEL } from '../../common/limits';

export const EMPTY_FILE = 'File appears to be empty or corrupted';
export const READ_FAILED = 'Failed to read file';
/** Said before anything is uploaded: the server would refuse it anyway (413). */
export const TOO_LARGE = `This is more than ${IMPORT_MAX_LABEL}, the most one import can take. Split the file and import the parts one after another.`;

/** Whether an import request with this data would be over the server's limit (the JSON body, escaped). */
export function isTooLargeToImport(data: string): boolean {
  // Quick: a string longer than the limit is over it whatever its encoding.
  if (data.length > IMPORT_MAX_BYTES) return true;
  return new TextEncoder().encode(JSON.stringify(data)).length + 1024 > IMPORT_MAX_BYTES;
}

/** SPEC section 4: a name ending .csv means csv, .json means json; anything else leaves the choice as it is. */
export function formatFromFileName(name: string): TransferFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

export class FileRejected extends Error {}

/**
 * The file as text; rejects with FileRejected: TOO_LARGE before reading a file over the limit,
 * EMPTY_FILE when it is empty or blank, else READ_FAILED.
 */
export function readImportFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    if (file.size > IMPORT_MAX_BYTES) {
      reject(new FileRejected(TOO_LARGE));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      if (!text.trim()) reject(new FileRejected(EMPTY_FILE));
      else if (isTooLargeToImport(text)) reject(new FileRejected(TOO_LARGE));
      else resolve(text);
    };
    reader.onerror = () => reject(new FileRejected(READ_FAILED));
    reader.onabort = () => reject(new FileRejected(READ_FAILED));
    try {
      reader.readAsText(file, 'utf-8');
    } catch {
      reject(new FileRejected(READ_FAILED));
    }
  });
}
