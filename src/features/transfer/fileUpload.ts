// Reading an import file in the browser (SPEC sections 4 and 5).
import type { TransferFormat } from '../../common/constants';

export const EMPTY_FILE = 'File appears to be empty or corrupted';
export const READ_FAILED = 'Failed to read file';

/** SPEC section 4: a name ending .csv means csv, .json means json; anything else leaves the choice as it is. */
export function formatFromFileName(name: string): TransferFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

export class FileRejected extends Error {}

/** The file as text; rejects with FileRejected(EMPTY_FILE) when it is empty or blank, else READ_FAILED. */
export function readImportFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      if (text.trim()) resolve(text);
      else reject(new FileRejected(EMPTY_FILE));
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
