// The CPU part of an export: a window of sealed rows opened with the vault key and written as the file's
// text, on a worker thread (workers/workerPool.ts). The main thread reads the next window from the
// database meanwhile, so reading and decrypting overlap, and it never holds the decrypted entries: only
// the text it sends.
import type { TransferFormat } from '../../../src/common/constants';
import { nextTurn } from '../../db/nextTurn';
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

/** Windows on the worker at most: the one it writes and the next, so that it never waits for one. */
const ON_WORKER = 2;
/** Windows being written at most (here and on the worker) before the oldest is waited for. */
const IN_THE_MAKING = 4;

const FORMAT_EXPORT_WINDOW = defineTask<ExportWindowInput, string>(__filename, 'formatExportWindow');

/**
 * The file's windows as text, in order. Once a second window is read a worker thread is started. From
 * when it is ready (~0.1 s, a few windows) a window goes to it while it holds fewer than ON_WORKER, and
 * is written here otherwise, so both threads write: on its own the worker (a small heap: ~20 ms a
 * window against ~16 ms here) set the pace of the whole export while this thread, between its reads,
 * waited. A written window goes out at once, in the file's order. An export of one window (most vaults)
 * never starts a thread. Closing the generator early (the client went away) closes the row reader too;
 * a window still on a worker is let go.
 */
export async function* exportTexts(
  pool: WorkerPool,
  rows: AsyncGenerator<ExportedRow[], void, undefined>,
  meta: { format: TransferFormat; exportedAt: Date; vaultKey: Buffer },
): AsyncGenerator<ExportText, void, undefined> {
  let written = 0;
  let worker: 'none' | 'starting' | 'ready' = 'none';
  let onWorker = 0;
  /** The texts being written, in the file's order; `ready` once written (or failed). */
  const making: { text: Promise<ExportText>; ready: boolean }[] = [];
  const begin = (window: ExportedRow[]): void => {
    const vaultKey = keyForTask(meta.vaultKey);
    const input = {
      format: meta.format,
      exportedAt: meta.exportedAt.toISOString(),
      written,
      vaultKey,
      rows: window,
    };
    written += window.length;
    let escaped: Promise<string>;
    if (worker === 'ready' && onWorker < ON_WORKER) {
      onWorker += 1;
      escaped = pool.run(FORMAT_EXPORT_WINDOW, input, [vaultKey.buffer]).finally(() => (onWorker -= 1));
    } else {
      escaped = runHere(formatExportWindow, input);
    }
    const item = { text: escaped.then((text) => ({ escaped: text, entries: window.length })), ready: false };
    // Awaited below, or abandoned when the export ends early: never an unhandled rejection.
    item.text.then(
      () => (item.ready = true),
      () => (item.ready = true),
    );
    making.push(item);
  };
  const oldest = () => (making.shift() as (typeof making)[number]).text;
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
  try {
    for await (const window of rows) {
      if (read) {
        startWorker();
        begin(read);
      }
      read = window;
      // What is written goes out at once; the oldest is waited for only when enough are in the making.
      while (making.length > 0 && (making[0].ready || making.length > IN_THE_MAKING)) yield await oldest();
      // On SQLite the worker's "ready", its answers and other requests are handled here (nextTurn.ts).
      await nextTurn();
    }
    if (read) begin(read);
    while (making.length > 0) yield await oldest();
  } finally {
    await rows.return(undefined);
  }
}
