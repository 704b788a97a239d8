import fs from 'node:fs';
import path from 'node:path';
import type { ExportedEntry } from '../../../../src/common/wire';
import { parseCsv, writeCsv } from './csv';
import { readImport } from './detect';
import { CSV_COLUMNS, exportWriter, joinTags, splitJoinedTags, writeExport } from './passvault';

const sample = (name: string) => fs.readFileSync(path.join(__dirname, '__samples__', name), 'utf8');

const ENTRIES: ExportedEntry[] = [
  {
    title: 'Gmail',
    email: 'alice@example.com',
    username: '',
    password: 'p@ss,"word"\n2',
    website: 'https://mail.google.com',
    category: 'social',
    isFavorite: true,
    notes: '+44 20 7946 0000\r\nsecond line',
    tags: ['mail', 'semi;colon', 'back\\slash'],
    createdAt: '2025-01-02T03:04:05.678Z',
    updatedAt: '2025-02-03T04:05:06.789Z',
  },
  {
    title: 'Z\u00fcrich Bank \ud83c\udfe6',
    email: '',
    username: 'a.muster',
    password: '=SUM(A1:A9)',
    website: 'https://bank.example.ch',
    category: 'finance',
    isFavorite: false,
    notes: '',
    tags: [],
    createdAt: '2025-03-04T05:06:07.000Z',
    updatedAt: '2025-03-04T05:06:07.000Z',
  },
  {
    title: '@handle',
    email: 'me@example.com',
    username: 'me',
    password: "'=already quoted",
    website: '',
    category: 'other',
    isFavorite: false,
    notes: '\ttabbed',
    tags: ['-dash'],
    createdAt: '2025-04-05T06:07:08.000Z',
    updatedAt: '2025-04-06T06:07:08.000Z',
  },
];

describe('our JSON export', () => {
  it('is version 1 with the export time and every field, two-space indented', () => {
    const text = writeExport('json', ENTRIES, new Date('2026-11-22T12:00:00.000Z'));
    expect(text.startsWith('{\n  "version": 1,\n  "exportedAt": "2026-11-22T12:00:00.000Z",\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      version: 1,
      exportedAt: '2026-11-22T12:00:00.000Z',
      passwords: ENTRIES,
    });
  });

  it('is read back field for field', () => {
    expect(readImport(writeExport('json', ENTRIES, new Date()))).toEqual({
      format: 'passvault-json',
      rows: ENTRIES,
    });
  });

  it('reads the sample file', () => {
    const { format, rows } = readImport(sample('passvault.json'));
    expect(format).toBe('passvault-json');
    expect(rows[1]).toMatchObject({ title: 'Z\u00fcrich Bank \ud83c\udfe6', password: '=SUM(A1:A9)' });
  });
});

describe('our CSV export', () => {
  const text = writeExport('csv', ENTRIES, new Date());
  const [header, ...records] = parseCsv(text);

  it('starts with the columns other managers import (name,url,username,password,note), then ours', () => {
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(header.slice(0, 9).join(',')).toBe('name,url,username,password,note,email,category,favorite,tags');
  });

  it('puts the login other managers should use in username: the username, else the e-mail', () => {
    expect(records.map((record) => record[2])).toEqual(['alice@example.com', 'a.muster', 'me']);
  });

  it('neutralises every cell that starts like a formula', () => {
    expect(records[1][3]).toBe("'=SUM(A1:A9)");
    expect(records[2][0]).toBe("'@handle");
    expect(records[2][3]).toBe("''=already quoted");
    expect(records[2][4]).toBe("'\ttabbed");
    expect(records[2][8]).toBe("'-dash");
    expect(records[0][4]).toBe("'+44 20 7946 0000\r\nsecond line");
  });

  it('is read back field for field, the neutralising quotes taken off', () => {
    expect(readImport(text)).toEqual({ format: 'passvault-csv', rows: ENTRIES });
  });

  it('reads the sample file: escaped tags, a category that is not ours kept as a tag', () => {
    const { format, rows } = readImport(sample('passvault.csv'));
    expect(format).toBe('passvault-csv');
    expect(rows[0]).toMatchObject({
      password: 'p@ss,"word"\n2',
      notes: '+44 20 7946 0000',
      isFavorite: true,
    });
    expect(rows[2]).toEqual({
      title: 'Semi;colons',
      email: '',
      username: 'user',
      password: '-neg',
      website: 'https://tags.example.com',
      category: 'other',
      isFavorite: false,
      notes: "it's '@ fine",
      tags: ['a;b', 'c\\d', 'Banking'],
    });
  });
});

describe('the window-by-window writer', () => {
  const at = new Date('2026-11-22T12:00:00.000Z');
  // The whole-file writers it replaced, word for word: the files must not change.
  const previousJson = (entries: ExportedEntry[]) =>
    JSON.stringify({ version: 1, exportedAt: at.toISOString(), passwords: entries }, null, 2);
  const previousCsv = (entries: ExportedEntry[]) =>
    writeCsv(
      CSV_COLUMNS,
      entries.map((entry) => [
        entry.title,
        entry.website,
        entry.username || entry.email,
        entry.password,
        entry.notes,
        entry.email,
        entry.category,
        entry.isFavorite ? 'true' : 'false',
        joinTags(entry.tags),
        entry.createdAt,
        entry.updatedAt,
      ]),
    );

  const windowings: [string, ExportedEntry[][]][] = [
    ['no entry', []],
    ['one window', [ENTRIES]],
    ['one entry per window', ENTRIES.map((entry) => [entry])],
    ['uneven windows', [ENTRIES.slice(0, 2), ENTRIES.slice(2)]],
    ['a window of one entry', [ENTRIES.slice(0, 1)]],
  ];

  it.each(windowings)('writes the JSON file the whole-file writer wrote: %s', (_case, windows) => {
    const writer = exportWriter('json', at);
    const text = writer.head + windows.map((window) => writer.entries(window)).join('') + writer.tail();
    expect(text).toBe(previousJson(windows.flat()));
  });

  it.each(windowings)('writes the CSV file the whole-file writer wrote: %s', (_case, windows) => {
    const writer = exportWriter('csv', at);
    const text = writer.head + windows.map((window) => writer.entries(window)).join('') + writer.tail();
    expect(text).toBe(previousCsv(windows.flat()));
  });

  it('starts a new file with each writer', () => {
    expect(writeExport('json', ENTRIES, at)).toBe(previousJson(ENTRIES));
    expect(writeExport('json', [], at)).toBe(previousJson([]));
    expect(writeExport('csv', [], at)).toBe(previousCsv([]));
  });
});

describe('a hand-made list of entries', () => {
  it('names an entry without a title after the host of its website', () => {
    const { rows } = readImport('[{"url": "https://www.shop.test/login", "password": "p"}]');
    expect(rows[0]).toMatchObject({ title: 'shop.test', website: 'https://www.shop.test/login' });
  });
});

describe('tags in one CSV cell', () => {
  it('joins with ; and escapes ; and \\ inside a tag', () => {
    expect(joinTags(['a', 'b;c', 'd\\e'])).toBe('a;b\\;c;d\\\\e');
    expect(splitJoinedTags('a;b\\;c;d\\\\e')).toEqual(['a', 'b;c', 'd\\e']);
  });

  it('drops blanks and repeats', () => {
    expect(splitJoinedTags(' a ;; b;a;')).toEqual(['a', 'b']);
    expect(splitJoinedTags('')).toEqual([]);
  });
});
