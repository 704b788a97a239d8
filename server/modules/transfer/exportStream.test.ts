import type { Readable } from 'node:stream';
import type { ExportedEntry } from '../../../src/common/wire';
import { openExportStream, type ExportMeta } from './exportStream';
import { escapedForJson, type ExportText } from './exportWindows';
import { exportWriter, writeExport } from './formats/passvault';

const entry = (i: number): ExportedEntry => ({
  title: `Entry ${i} "quoted" \\ back`,
  email: `user${i}@example.test`,
  username: '',
  password: `pw-${i}\n\u00e9\ud83c\udfe6`,
  website: 'https://example.test',
  category: 'other',
  isFavorite: i % 2 === 0,
  notes: i % 3 === 0 ? 'line 1\r\nline 2, "x"' : '',
  tags: i % 2 === 0 ? ['a;b', 'c'] : [],
  totp: i % 4 === 0 ? 'otpauth://totp/Entry?secret=JBSWY3DPEHPK3PXP' : '',
  fields: i % 5 === 0 ? [{ name: `PIN "${i}"`, value: `=${i}\n\u00e9`, hidden: true }] : [],
  createdAt: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
  updatedAt: '2025-02-01T00:00:00.000Z',
});

const ENTRIES = Array.from({ length: 10 }, (_, i) => entry(i));
const windowsOf = (entries: ExportedEntry[], size: number) =>
  Array.from({ length: Math.ceil(entries.length / size) }, (_, i) => entries.slice(i * size, (i + 1) * size));

/**
 * A source of windows of the file's text, as the worker threads write them (exportWindows.ts), that
 * records how far it was read and whether it was closed.
 */
function source(windows: ExportedEntry[][], failAt?: number, format: ExportMeta['format'] = 'json') {
  const state = { read: 0, closed: false, released: 0 };
  async function* generate(): AsyncGenerator<ExportText, void, undefined> {
    let written = 0;
    try {
      for (const [i, window] of windows.entries()) {
        if (i === failAt) throw new Error('disk I/O error');
        state.read += 1;
        const text = exportWriter(format, meta(format).exportedAt, written).entries(window);
        written += window.length;
        yield { escaped: escapedForJson(text), entries: window.length };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, windows: generate(), release: () => (state.released += 1) };
}

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

const meta = (format: ExportMeta['format']): ExportMeta => ({
  filename: `passwords_export_2026-11-22.${format}`,
  format,
  exportedAt: new Date('2026-11-22T12:00:00.000Z'),
});

describe('the export answer stream', () => {
  it.each(['json', 'csv'] as const)(
    'is one JSON object whose data is the %s file, sent a window at a time',
    async (format) => {
      const { state, windows, release } = source(windowsOf(ENTRIES, 3), undefined, format);
      const chunks = await chunksOf(await openExportStream(meta(format), windows, release));
      // The envelope with the first window, one chunk per further window, the tail.
      expect(chunks).toHaveLength(5);
      const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      expect(answer).toEqual({
        success: true,
        filename: meta(format).filename,
        format,
        data: writeExport(format, ENTRIES, meta(format).exportedAt),
      });
      expect(state).toEqual({ read: 4, closed: true, released: 1 });
    },
  );

  it('answers an empty vault in one chunk', async () => {
    const { windows, release, state } = source([]);
    const chunks = await chunksOf(await openExportStream(meta('json'), windows, release));
    expect(chunks).toHaveLength(1);
    expect(JSON.parse(chunks[0].toString('utf8')).data).toBe(
      '{\n  "version": 1,\n  "exportedAt": "2026-11-22T12:00:00.000Z",\n  "passwords": []\n}',
    );
    expect(state.released).toBe(1);
  });

  it('reads the first window before it answers: a failure there rejects, and the key is released', async () => {
    const { windows, release, state } = source(windowsOf(ENTRIES, 3), 0);
    await expect(openExportStream(meta('json'), windows, release)).rejects.toThrow('disk I/O error');
    expect(state).toEqual({ read: 0, closed: true, released: 1 });
  });

  it('reads no further than the client takes', async () => {
    const { windows, release, state } = source(windowsOf(ENTRIES, 1));
    const stream = await openExportStream(meta('json'), windows, release);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first window, and at most the next one while Readable fills its (small) buffer.
    expect(state.read).toBeLessThanOrEqual(2);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(state.closed).toBe(true);
    expect(state.released).toBe(1);
  });

  it('cuts the answer short on a later failure and still closes the read and releases the key', async () => {
    const { windows, release, state } = source(windowsOf(ENTRIES, 3), 2);
    const stream = await openExportStream(meta('json'), windows, release);
    await expect(chunksOf(stream)).rejects.toThrow('disk I/O error');
    expect(state).toEqual({ read: 2, closed: true, released: 1 });
  });

  it('ends a stream that nobody reads', async () => {
    const { windows, release, state } = source(windowsOf(ENTRIES, 1));
    const stream = await openExportStream(meta('json'), windows, release, 30);
    const errors: Error[] = [];
    stream.on('error', (error) => errors.push(error));
    await new Promise((resolve) => stream.once('close', resolve));
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/stalled/)]);
    expect(state.closed).toBe(true);
    expect(state.released).toBe(1);
  });
});
