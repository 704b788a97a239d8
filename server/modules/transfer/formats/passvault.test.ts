import fs from 'node:fs';
import path from 'node:path';
import type { ExportedEntry } from '../../../../src/common/wire';
import { neutralise, parseCsv, writeCsv } from './csv';
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
    totp: 'otpauth://totp/Google:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Google',
    fields: [
      { name: 'Recovery e-mail', value: 'alice.backup@example.com', hidden: false },
      { name: '=PIN', value: '=0042', hidden: true },
      { name: 'Answer "one"', value: 'line 1\r\nline 2, "quoted" \u00e9\ud83d\udd11', hidden: true },
    ],
    createdAt: '2025-01-02T03:04:05.678Z',
    updatedAt: '2025-02-03T04:05:06.789Z',
  },
  {
    title: 'Z\u00fcrich Bank \ud83c\udfe6',
    email: '',
    username: '+a.muster',
    password: '=SUM(A1:A9)',
    website: 'https://bank.example.ch',
    category: 'finance',
    isFavorite: false,
    notes: '',
    tags: [],
    totp: 'JBSWY3DPEHPK3PXP',
    fields: [],
    createdAt: '2025-03-04T05:06:07.000Z',
    updatedAt: '2025-03-04T05:06:07.000Z',
  },
  {
    title: '@handle',
    email: '-me@example.com',
    username: 'me',
    password: "'=already quoted",
    website: '=HYPERLINK("http://evil.example")',
    category: 'other',
    isFavorite: false,
    notes: '\ttabbed',
    tags: ['-dash'],
    totp: '',
    fields: [{ name: '@mention', value: '-', hidden: false }],
    createdAt: '2025-04-05T06:07:08.000Z',
    updatedAt: '2025-04-06T06:07:08.000Z',
  },
  {
    title: "'quoted title",
    email: '@me.example.com',
    username: '',
    password: '-\u00e9t\u00e9 \u043f\u0430\u0440\u043e\u043b\u044c "x"\n',
    website: '',
    category: 'work',
    isFavorite: true,
    notes: "'@ already neutral-looking",
    tags: ['\u00e9t\u00e9'],
    totp: 'otpauth://totp/Work?secret=JBSWY3DPEHPK3PXP&digits=8',
    fields: [{ name: 'Spaces', value: '  padded  ', hidden: false }],
    createdAt: '2025-05-05T06:07:08.000Z',
    updatedAt: '2025-05-06T06:07:08.000Z',
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

  it('is read back field for field, TOTP and custom fields included', () => {
    expect(readImport(writeExport('json', ENTRIES, new Date()))).toEqual({
      format: 'passvault-json',
      rows: ENTRIES,
    });
  });

  it('reads the sample file', () => {
    const { format, rows } = readImport(sample('passvault.json'));
    expect(format).toBe('passvault-json');
    expect(rows[0]).toMatchObject({
      totp: 'otpauth://totp/Google:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Google',
      fields: [
        { name: 'Recovery email', value: 'alice.backup@example.com', hidden: false },
        { name: 'PIN', value: '=0042', hidden: true },
      ],
    });
    expect(rows[1]).toMatchObject({
      title: 'Z\u00fcrich Bank \ud83c\udfe6',
      password: '=SUM(A1:A9)',
      totp: '',
      fields: [],
    });
  });
});

describe('our CSV export', () => {
  const text = writeExport('csv', ENTRIES, new Date());
  const [header, ...records] = parseCsv(text);
  const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
  const cells = (name: (typeof CSV_COLUMNS)[number]) => records.map((record) => record[column(name)]);

  it('starts with the columns other managers import (name,url,username,password,note), then ours', () => {
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(header.join(',')).toBe(
      'name,url,username,password,note,email,category,favorite,tags,createdAt,updatedAt,totp,fields,entryUsername',
    );
  });

  it('puts the login other managers should use in username: the username, else the e-mail', () => {
    expect(cells('username')).toEqual(['alice@example.com', '+a.muster', 'me', '@me.example.com']);
  });

  it('neutralises the descriptive cells that start like a formula', () => {
    expect(cells('name')).toEqual(['Gmail', 'Z\u00fcrich Bank \ud83c\udfe6', "'@handle", "'quoted title"]);
    expect(cells('url')[2]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(cells('note')).toEqual([
      "'+44 20 7946 0000\r\nsecond line",
      '',
      "'\ttabbed",
      "''@ already neutral-looking",
    ]);
    expect(cells('tags')[2]).toBe("'-dash");
  });

  it('writes the credentials byte for byte: username, password, e-mail, TOTP, custom fields', () => {
    expect(cells('password')).toEqual(ENTRIES.map((entry) => entry.password));
    expect(cells('email')).toEqual(ENTRIES.map((entry) => entry.email));
    expect(cells('totp')).toEqual(ENTRIES.map((entry) => entry.totp));
    expect(cells('fields')[1]).toBe('');
    expect(cells('fields')[2]).toBe('[{"name":"@mention","value":"-","hidden":false}]');
    expect(records.map((record) => JSON.parse(record[column('fields')] || '[]'))).toEqual(
      ENTRIES.map((entry) => entry.fields),
    );
  });

  it('is read back field for field, the neutralising quotes taken off the descriptive cells only', () => {
    expect(readImport(text)).toEqual({ format: 'passvault-csv', rows: ENTRIES });
  });

  it('reads the sample file: credentials as written, descriptive cells un-neutralised, TOTP, fields', () => {
    const { format, rows } = readImport(sample('passvault.csv'));
    expect(format).toBe('passvault-csv');
    expect(rows[0]).toEqual({
      title: 'Gmail',
      email: 'alice@example.com',
      username: '',
      password: 'p@ss,"word"\n2',
      website: 'https://mail.google.com',
      category: 'social',
      isFavorite: true,
      notes: '+44 20 7946 0000',
      tags: ['mail', 'personal'],
      totp: 'otpauth://totp/Google:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Google',
      fields: [
        { name: 'Recovery email', value: 'alice.backup@example.com', hidden: false },
        { name: 'PIN', value: '=0042', hidden: true },
      ],
      createdAt: '2025-01-02T03:04:05.678Z',
      updatedAt: '2025-02-03T04:05:06.789Z',
    });
    expect(rows[1]).toMatchObject({ title: '=Z\u00fcrich Bank \ud83c\udfe6', password: '=SUM(A1:A9)' });
    expect(rows[2]).toEqual({
      title: 'Semi;colons',
      email: '',
      username: '+user',
      password: '-neg',
      website: 'https://tags.example.com',
      category: 'other',
      isFavorite: false,
      notes: "it's '@ fine",
      tags: ['a;b', 'c\\d', 'Banking'],
      totp: 'JBSWY3DPEHPK3PXP',
      fields: [],
    });
  });

  it('reports a row whose fields cell is not a list of custom fields', () => {
    const { rows } = readImport(`${CSV_COLUMNS.join(',')}\r\nSite,,me,pw,,,,,,,,,"{""name"":""PIN""}"\r\n`);
    expect(rows).toEqual([
      {
        title: 'Site',
        error: 'The fields cell is not a JSON list of custom fields [{"name", "value", "hidden"}]',
      },
    ]);
  });
});

describe('usernames in our CSV export', () => {
  it.each([
    ['a username equal to the e-mail', 'same@example.com', 'same@example.com'],
    ['no username', '', 'only@example.com'],
    ['no e-mail', 'handle', ''],
    ['both, different', 'handle', 'other@example.com'],
  ])('round-trips %s exactly', (_case, username, email) => {
    const entry: ExportedEntry = { ...ENTRIES[0], username, email };
    const { rows } = readImport(writeExport('csv', [entry], new Date()));
    expect(rows).toEqual([entry]);
  });
});

describe('a CSV export of an earlier version (no totp column)', () => {
  it("still imports as before: every cell's neutralising quote taken off, the credentials' too", () => {
    const { format, rows } = readImport(sample('passvault-v1.csv'));
    expect(format).toBe('passvault-csv');
    expect(rows[0]).toMatchObject({
      password: 'p@ss,"word"\n2',
      notes: '+44 20 7946 0000',
      isFavorite: true,
      totp: '',
      fields: [],
    });
    expect(rows[1]).toMatchObject({ title: 'Z\u00fcrich Bank \ud83c\udfe6', password: '=SUM(A1:A9)' });
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
      totp: '',
      fields: [],
    });
  });
});

describe('the window-by-window writer', () => {
  const at = new Date('2026-11-22T12:00:00.000Z');
  // The whole file written out cell by cell: however the entries come in windows, the file is this.
  const previousJson = (entries: ExportedEntry[]) =>
    JSON.stringify({ version: 1, exportedAt: at.toISOString(), passwords: entries }, null, 2);
  const previousCsv = (entries: ExportedEntry[]) =>
    writeCsv(
      CSV_COLUMNS,
      entries.map((entry) => [
        neutralise(entry.title),
        neutralise(entry.website),
        entry.username || entry.email,
        entry.password,
        neutralise(entry.notes),
        entry.email,
        entry.category,
        entry.isFavorite ? 'true' : 'false',
        neutralise(joinTags(entry.tags)),
        entry.createdAt,
        entry.updatedAt,
        entry.totp,
        entry.fields.length ? JSON.stringify(entry.fields) : '',
        entry.username,
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

  it('reads totp and fields; refuses fields that are not a list of objects', () => {
    const { rows } = readImport(
      JSON.stringify([
        { title: 'A', password: 'p', totp: 'JBSWY3DPEHPK3PXP', fields: [{ name: 'PIN', value: 1234 }] },
        { title: 'B', password: 'p', fields: null },
        { title: 'C', password: 'p', fields: ['PIN: 1234'] },
      ]),
    );
    expect(rows[0]).toMatchObject({
      totp: 'JBSWY3DPEHPK3PXP',
      fields: [{ name: 'PIN', value: '1234', hidden: false }],
    });
    expect(rows[1]).toMatchObject({ title: 'B', fields: [] });
    expect(rows[2]).toEqual({
      title: 'C',
      error: 'fields must be a list of custom fields [{ "name", "value", "hidden" }]',
    });
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
