// The export answer as a stream: the same JSON object as a whole answer would be,
//   {"success":true,"filename":"…","format":"json","data":"<the file, JSON-string-escaped>"}
// written window by window with backpressure, so the server holds one window of entries, not the vault.
// `data` comes last so that the file can be escaped as it is written.
import { Readable } from 'node:stream';
import type { TransferFormat } from '../../../src/common/constants';
import { escapedForJson, type ExportText } from './exportWindows';
import { exportWriter } from './formats/passvault';

export interface ExportMeta {
  filename: string;
  format: TransferFormat;
  exportedAt: Date;
}

/** A client that reads nothing for this long has gone: the stream ends, its snapshot and key with it. */
export const EXPORT_STALL_MS = 60_000;

/**
 * The answer's bytes. The first chunk is the envelope, the file's head and the first window: by the
 * time it exists, the first read and decryption have worked.
 */
async function* answerChunks(
  meta: ExportMeta,
  windows: AsyncIterable<ExportText>,
): AsyncGenerator<Buffer, void, undefined> {
  const { head } = exportWriter(meta.format, meta.exportedAt);
  const envelope = JSON.stringify({ success: true, filename: meta.filename, format: meta.format });
  let pending = `${envelope.slice(0, -1)},"data":"${escapedForJson(head)}`;
  let written = 0;
  for await (const window of windows) {
    yield Buffer.from(pending + window.escaped, 'utf8');
    pending = '';
    written += window.entries;
  }
  const tail = exportWriter(meta.format, meta.exportedAt, written).tail();
  yield Buffer.from(`${pending}${escapedForJson(tail)}"}`, 'utf8');
}

/**
 * Pulls a chunk only when the client has taken the one before (Readable's backpressure). Destroying it
 * (the client went away, a stall, the end) closes the chunk generator, whose `finally` blocks end the
 * database read, and then calls `release` (the vault key is wiped).
 */
class AnswerStream extends Readable {
  #first: Buffer | undefined;
  readonly #chunks: AsyncGenerator<Buffer, void, undefined>;
  readonly #release: () => void;
  readonly #stallMs: number;
  #stall: NodeJS.Timeout | undefined;

  constructor(
    first: Buffer,
    chunks: AsyncGenerator<Buffer, void, undefined>,
    release: () => void,
    stallMs: number,
  ) {
    super();
    this.#first = first;
    this.#chunks = chunks;
    this.#release = release;
    this.#stallMs = stallMs;
    this.#watch();
  }

  #watch(): void {
    clearTimeout(this.#stall);
    this.#stall = setTimeout(
      () => this.destroy(new Error('Export stream stalled: the client stopped reading')),
      this.#stallMs,
    );
    this.#stall.unref();
  }

  override _read(): void {
    this.#watch();
    const first = this.#first;
    if (first) {
      this.#first = undefined;
      this.push(first);
      return;
    }
    this.#chunks.next().then(
      (result) => {
        if (!this.destroyed) this.push(result.done ? null : result.value);
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error('Export failed')),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearTimeout(this.#stall);
    // An async generator queues return() behind a next() still running: the read ends after it.
    this.#chunks
      .return(undefined)
      .finally(this.#release)
      .then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError instanceof Error ? closeError : null)),
      );
  }
}

/**
 * The answer stream, once its first chunk is ready. A failure before that (a row that does not decrypt,
 * the database) rejects here, before any byte is sent, so it is answered with its own status; `release`
 * has run by then. A failure later cuts the answer short (the client cannot parse it) and is logged.
 */
export async function openExportStream(
  meta: ExportMeta,
  windows: AsyncIterable<ExportText>,
  release: () => void,
  stallMs: number = EXPORT_STALL_MS,
): Promise<Readable> {
  const chunks = answerChunks(meta, windows);
  let first: IteratorResult<Buffer, void>;
  try {
    first = await chunks.next();
  } catch (error) {
    release();
    throw error;
  }
  // The generator always yields at least the closing chunk, so the first result carries bytes.
  return new AnswerStream(first.done ? Buffer.alloc(0) : first.value, chunks, release, stallMs);
}
