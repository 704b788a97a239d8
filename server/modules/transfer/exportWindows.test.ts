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
const rows = [1, 2, 3].map((i) => newEntryRow(keys, 'user-1', entry(i), '2025-01-01T00:00:00.000Z'));
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
  function recordingPool() {
    const sent: { keyBytes: number; moved: ArrayBuffer[] }[] = [];
    const pool = {
      // A thread that is ready as soon as it is asked for.
      warm: () => Promise.resolve(),
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
