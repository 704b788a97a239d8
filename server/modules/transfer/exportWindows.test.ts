// An export window as a worker thread writes it: the file's text for those entries after the ones
// before, and the key copy wiped, also when a row does not open.
import crypto from 'node:crypto';
import { HttpError } from '../../http/errors';
import { decryptedEntry, newEntryRow } from '../vault/bulkCrypto';
import { fingerprintKey } from '../vault/health';
import type { WorkerPool } from '../../workers/workerPool';
import { escapedForJson, exportTexts, formatExportWindow } from './exportWindows';
import { exportWriter } from './formats/passvault';

const vault = crypto.randomBytes(32);
const keys = { vault, server: crypto.randomBytes(32), fingerprint: fingerprintKey(vault) };
const entry = (i: number) => ({
  title: `Entry ${i} "quoted"`,
  email: '',
  username: `user${i}`,
  password: `pw-${i}\n`,
  website: '',
  category: 'other' as const,
  isFavorite: false,
  notes: '',
  tags: [],
  totp: '',
  fields: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const rows = [1, 2, 3].map((i) => newEntryRow(keys, 'user-1', entry(i), '2025-01-01T00:00:00.000Z', i));
const exportedAt = '2026-11-22T12:00:00.000Z';

describe('an export window', () => {
  it.each(['json', 'csv'] as const)('is the %s text of its entries after the ones before it', (format) => {
    const key = new Uint8Array(vault);
    const text = formatExportWindow({ format, exportedAt, written: 5, vaultKey: key, rows: rows as never });
    // The file's key order is the export's: the plain fields, then the secrets.
    const entries = rows.map((row) => decryptedEntry(vault, row as never));
    expect(entries).toEqual([1, 2, 3].map(entry));
    const expected = exportWriter(format, new Date(exportedAt), 5).entries(entries);
    expect(text).toBe(escapedForJson(expected));
    expect(key.every((byte) => byte === 0)).toBe(true);
  });

  it('fails with 422 when a row does not open, and still wipes the key', () => {
    const key = new Uint8Array(vault);
    const broken = [{ ...rows[0], password_enc: rows[1].password_enc }];
    let failure: unknown;
    try {
      formatExportWindow({ format: 'json', exportedAt, written: 0, vaultKey: key, rows: broken as never });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 422 });
    expect(key.every((byte) => byte === 0)).toBe(true);
  });
});

describe('the windows of an export', () => {
  /** A pool that runs tasks here and records what each was handed and moved. */
  /** By default a thread that is ready as soon as it is asked for. */
  function recordingPool(warm: () => Promise<void> = () => Promise.resolve()) {
    const sent: { keyBytes: number; moved: ArrayBuffer[] }[] = [];
    const pool = {
      warm,
      run: (_task: unknown, input: Parameters<typeof formatExportWindow>[0], moved: ArrayBuffer[]) => {
        sent.push({ keyBytes: input.vaultKey.buffer.byteLength, moved });
        return Promise.resolve(formatExportWindow(input));
      },
    };
    return { sent, pool: pool as unknown as WorkerPool };
  }

  async function* windowsOf(...windows: (typeof rows)[]) {
    for (const window of windows) yield window as never;
  }

  it("move to a worker only a copy of the key's own bytes, and the key itself stays", async () => {
    const { sent, pool } = recordingPool();
    // The key as unwrapping leaves it: a view into a larger slab of memory.
    const slab = Buffer.alloc(4096, 9);
    vault.copy(slab, 100);
    const vaultKey = slab.subarray(100, 132);
    const texts = [];
    for await (const text of exportTexts(pool, windowsOf(rows, rows, rows), {
      format: 'json',
      exportedAt: new Date(exportedAt),
      vaultKey,
    })) {
      texts.push(text);
    }
    expect(texts.map((text) => text.entries)).toEqual([3, 3, 3]);
    // The first window is written here while the thread starts; the others go to it.
    expect(sent).toHaveLength(2);
    for (const call of sent) {
      expect(call.keyBytes).toBe(32);
      expect(call.moved.map((buffer) => buffer.byteLength)).toEqual([32]);
    }
    expect(vaultKey.equals(vault)).toBe(true);
  });

  /** Windows of distinct entries (3 each), so that their order shows in the file. */
  const distinctWindows = (count: number) =>
    Array.from({ length: count }, (_, w) =>
      [1, 2, 3].map((i) =>
        newEntryRow(keys, 'user-1', entry(w * 10 + i), '2025-01-01T00:00:00.000Z', w * 10 + i),
      ),
    );

  async function exportOf(pool: WorkerPool, windows: (typeof rows)[]) {
    const texts = [];
    for await (const text of exportTexts(pool, windowsOf(...windows), {
      format: 'json',
      exportedAt: new Date(exportedAt),
      vaultKey: Buffer.from(vault),
    })) {
      texts.push(text.escaped);
    }
    return texts;
  }

  const expectedTexts = (windows: (typeof rows)[]) =>
    windows.map((window, w) =>
      escapedForJson(
        exportWriter('json', new Date(exportedAt), w * 3).entries(
          window.map((row) => decryptedEntry(vault, row as never)),
        ),
      ),
    );

  it('see the thread become ready while rows come without a pause (SQLite), and hand it the windows', async () => {
    // As a real thread's "ready" does, the answer arrives as a message: a later turn of the event loop.
    const { sent, pool } = recordingPool(() => new Promise((resolve) => setImmediate(resolve)));
    const windows = distinctWindows(10);
    const texts = await exportOf(pool, windows);
    expect(texts).toEqual(expectedTexts(windows));
    // The first windows are written here while the thread starts; then it takes them.
    expect(sent.length).toBeGreaterThanOrEqual(7);
  });

  it('write windows here while the thread is busy, and send them out in the file order', async () => {
    const sent: number[] = [];
    const queued: (() => void)[] = [];
    let mostAtOnce = 0;
    const pool = {
      warm: () => Promise.resolve(),
      // A thread that writes a window only when told to: it stays busy meanwhile.
      run: (_task: unknown, input: Parameters<typeof formatExportWindow>[0]) => {
        sent.push(input.written);
        mostAtOnce = Math.max(mostAtOnce, queued.length + 1);
        return new Promise<string>((resolve) => queued.push(() => resolve(formatExportWindow(input))));
      },
    } as unknown as WorkerPool;
    const windows = distinctWindows(8);
    const exported = exportOf(pool, windows);
    // The thread finishes one window every few turns of the event loop, slower than this one.
    const slowThread = setInterval(() => queued.shift()?.(), 5);
    try {
      const texts = await exported;
      expect(texts).toEqual(expectedTexts(windows));
    } finally {
      clearInterval(slowThread);
    }
    // Two at most were on the thread at once; besides the first (the thread was starting), windows
    // that came while it was busy were written here.
    expect(mostAtOnce).toBe(2);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThan(windows.length - 1);
  });

  it('write an export of one window here, without a worker', async () => {
    const { sent, pool } = recordingPool();
    const texts = [];
    for await (const text of exportTexts(pool, windowsOf(rows), {
      format: 'csv',
      exportedAt: new Date(exportedAt),
      vaultKey: Buffer.from(vault),
    })) {
      texts.push(text);
    }
    expect(texts).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });
});
