// The CPU part of an export: a window of sealed rows opened with the vault key and written as the file's
// text, on a worker thread (workers/workerPool.ts). The main thread reads the next window from the
// database meanwhile, so reading and decrypting overlap, and it never holds the decrypted entries: only
// the text it sends.
import type { TransferFormat } from '../../../src/common/constants';
import { decryptedEntry } from '../vault/bulkCrypto';
import type { ExportedRow } from '../vault/entries.bulk';
import { defineTask, keyForTask, keyInTask, runHere, type WorkerPool } from '../../workers/workerPool';
import { exportWriter } from './formats/passvault';

/** A window of the file, escaped as it sits inside the answer's JSON string, and how many entries it holds. */
export interface ExportText {
  escaped: string;
  entries: number;
}

export interface ExportWindowInput {
  format: TransferFormat;
  /** ISO time of the export (the JSON file's `exportedAt`; its head is written elsewhere). */
  exportedAt: string;
  /** Entries of the file before this window. */
  written: number;
  /** A copy of the unlocked vault key, wiped once the window is open. */
  vaultKey: Uint8Array;
  rows: ExportedRow[];
}

/** The text as it sits inside a JSON string (without the quotes). */
export const escapedForJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/** Task: the window's text. A row that does not open fails it with 422 (DECRYPT_FAILED). */
export function formatExportWindow(input: ExportWindowInput): string {
  const key = keyInTask(input.vaultKey);
  try {
    const entries = input.rows.map((row) => decryptedEntry(key, row));
    const writer = exportWriter(input.format, new Date(input.exportedAt), input.written);
    return escapedForJson(writer.entries(entries));
  } finally {
    key.fill(0);
  }
}

const FORMAT_EXPORT_WINDOW = defineTask<ExportWindowInput, string>(__filename, 'formatExportWindow');

/**
 * The file's windows as text, in order. Once a second window is read a worker thread is started; each
 * window goes to it once the next one has been read, and the next is read while the worker works.
 * Until the thread is ready (~0.1 s, a few windows) windows are written here, and an export of one
 * window (most vaults) never starts one. Closing the generator early (the client went away) closes the
 * row reader too; a window still on a worker is let go.
 */
export async function* exportTexts(
  pool: WorkerPool,
  rows: AsyncGenerator<ExportedRow[], void, undefined>,
  meta: { format: TransferFormat; exportedAt: Date; vaultKey: Buffer },
): AsyncGenerator<ExportText, void, undefined> {
  let written = 0;
  let worker: 'none' | 'starting' | 'ready' = 'none';
  const format = (window: ExportedRow[]): Promise<ExportText> => {
    const vaultKey = keyForTask(meta.vaultKey);
    const input = {
      format: meta.format,
      exportedAt: meta.exportedAt.toISOString(),
      written,
      vaultKey,
      rows: window,
    };
    written += window.length;
    const text =
      worker === 'ready'
        ? pool.run(FORMAT_EXPORT_WINDOW, input, [vaultKey.buffer])
        : runHere(formatExportWindow, input);
    const done = text.then((escaped) => ({ escaped, entries: window.length }));
    // Awaited below, or abandoned when the export ends early: never an unhandled rejection.
    done.catch(() => undefined);
    return done;
  };
  const startWorker = () => {
    if (worker !== 'none') return;
    worker = 'starting';
    pool.warm(FORMAT_EXPORT_WINDOW).then(
      () => (worker = 'ready'),
      // A thread that cannot start leaves the export to this one.
      () => undefined,
    );
  };
  let read: ExportedRow[] | undefined;
  let ahead: Promise<ExportText> | undefined;
  try {
    for await (const window of rows) {
      if (read) {
        startWorker();
        const sent = format(read);
        if (ahead) yield await ahead;
        ahead = sent;
      }
      read = window;
    }
    if (read) {
      const last = format(read);
      if (ahead) yield await ahead;
      yield await last;
    }
  } finally {
    await rows.return(undefined);
  }
}
