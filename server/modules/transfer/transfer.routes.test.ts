import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter, sql } from 'kysely';
import type { ImportOptions, ImportResult, PasswordEntry } from '../../../src/common/wire';
import { walkList } from '../../test/listWindows';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { TOTP_INVALID } from '../../../src/common/totp';
import { UNRECOGNISED_CSV } from './formats/detect';
import { FIREFOX_ACCOUNTS_SKIPPED } from './formats/firefox';
import type { ExportedEntry } from '../../../src/common/wire';
import * as vaultRepo from '../vault/vault.repository';

const sample = (name: string) =>
  fs.readFileSync(path.join(__dirname, 'formats', '__samples__', name), 'utf8');

/** Entries with every kind of value a file format can get wrong. */
const SEED = [
  {
    title: 'Gmail',
    email: 'alice@example.com',
    password: 'p@ss,"word"\n2',
    website: 'https://mail.google.com',
    category: 'social',
    isFavorite: true,
    notes: 'Recovery: +44 20 7946 0000\r\nline 2, with "quotes"',
    tags: ['mail', 'semi;colon'],
    totp: 'otpauth://totp/Google:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Google&digits=8',
    fields: [
      { name: 'Recovery e-mail', value: 'alice.backup@example.com', hidden: false },
      { name: '@PIN "main"', value: '=0042\nline 2 \u00e9\ud83d\udd11', hidden: true },
    ],
  },
  {
    title: 'Z\u00fcrich Bank \ud83c\udfe6',
    username: 'a.muster',
    password: '=SUM(A1:A9)',
    website: 'https://bank.example.ch',
    category: 'finance',
  },
  {
    title: '@handle',
    email: 'me@example.com',
    username: 'me',
    password: "-'quoted",
    category: 'work',
    notes: '\ttabbed',
    tags: ['-dash', '\u00e9t\u00e9'],
    totp: 'JBSWY3DPEHPK3PXP',
    fields: [{ name: '+1', value: '-1', hidden: false }],
  },
  {
    title: 'Plain',
    email: 'plain@example.com',
    password: '  spaced  ',
    website: 'https://plain.example.com',
  },
];

describe('/api/utility export and import', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
    for (const entry of SEED) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: alice.auth,
        payload: { ...entry, masterPassword: alice.masterPassword },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  function post(user: TestUser | undefined, route: 'export' | 'import', payload: object) {
    return t.app.inject({ method: 'POST', url: `/api/utility/${route}`, headers: user?.auth ?? {}, payload });
  }

  async function exportEntries(user: TestUser): Promise<ExportedEntry[]> {
    const res = await post(user, 'export', { masterPassword: user.masterPassword, format: 'json' });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.json().data).passwords;
  }

  async function importData(
    user: TestUser,
    data: string,
    options: ImportOptions = { skipDuplicates: true, updateExisting: false },
  ): Promise<ImportResult> {
    const res = await post(user, 'import', {
      masterPassword: user.masterPassword,
      data,
      format: 'json',
      options,
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Import completed successfully' });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  async function total(user: TestUser): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/passwords/stats', headers: user.auth });
    return res.json().data.total;
  }

  const byTitle = (entries: ExportedEntry[]) => [...entries].sort((a, b) => a.title.localeCompare(b.title));

  describe('export', () => {
    it('answers JSON with every field of every entry, two-space indented, named by the date', async () => {
      const res = await post(alice, 'export', { masterPassword: alice.masterPassword, format: 'json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      const today = t.clock.now().toISOString().slice(0, 10);
      expect(body).toMatchObject({
        success: true,
        format: 'json',
        filename: `passwords_export_${today}.json`,
      });
      expect(body.data.startsWith('{\n  "version": 1,\n  "exportedAt": "')).toBe(true);
      const document = JSON.parse(body.data);
      expect(Object.keys(document)).toEqual(['version', 'exportedAt', 'passwords']);
      expect(document.passwords).toHaveLength(SEED.length);
      const gmail = document.passwords.find((entry: ExportedEntry) => entry.title === 'Gmail');
      expect(gmail).toEqual({
        ...SEED[0],
        username: '',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const bank = document.passwords.find((entry: ExportedEntry) => entry.username === 'a.muster');
      expect(bank).toMatchObject({
        email: '',
        password: '=SUM(A1:A9)',
        isFavorite: false,
        notes: '',
        tags: [],
        totp: '',
        fields: [],
      });
    });

    it('answers RFC 4180 CSV with our header, descriptive cells neutralised, credentials as they are', async () => {
      const res = await post(alice, 'export', { masterPassword: alice.masterPassword, format: 'csv' });
      expect(res.statusCode).toBe(200);
      const { data, filename, format } = res.json();
      expect(format).toBe('csv');
      expect(filename).toMatch(/^passwords_export_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(data.split('\r\n')[0]).toBe(
        'name,url,username,password,note,email,category,favorite,tags,createdAt,updatedAt,totp,fields,entryUsername',
      );
      // Other managers read cells literally: a password keeps its first character.
      expect(data).toContain(',=SUM(A1:A9),');
      expect(data).not.toContain("'=SUM");
      expect(data).toContain(
        "'@handle,,me,-'quoted,'\ttabbed,me@example.com,work,false,'-dash;\u00e9t\u00e9,",
      );
      expect(data).toContain(',JBSWY3DPEHPK3PXP,"[{""name"":""+1"",""value"":""-1"",""hidden"":false}]",');
      expect(data).toContain('"p@ss,""word""\n2"');
    });

    it('refuses a wrong master password with 401 and an unknown format with 400', async () => {
      const wrong = await post(alice, 'export', { masterPassword: 'not-it', format: 'json' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      const format = await post(alice, 'export', { masterPassword: alice.masterPassword, format: 'xml' });
      expect(format.statusCode).toBe(400);
      expect(format.json()).toEqual({ message: 'Format must be one of: json, csv' });
      const missing = await post(alice, 'export', { format: 'json' });
      expect(missing.json()).toEqual({ message: 'Master password is required' });
    });

    it('needs a session', async () => {
      const res = await post(undefined, 'export', { masterPassword: alice.masterPassword, format: 'json' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe.each(['json', 'csv'] as const)('export then import into an empty account (%s)', (format) => {
    it('gives back every entry, field for field', async () => {
      const original = await exportEntries(alice);
      const res = await post(alice, 'export', { masterPassword: alice.masterPassword, format });
      const empty = await createUser(t);
      const result = await importData(empty, res.json().data);
      expect(result).toEqual({ imported: SEED.length, updated: 0, skipped: 0, errors: [] });
      const copy = byTitle(await exportEntries(empty));
      expect(copy).toEqual(byTitle(original));
      // Nothing lost on the way, the TOTP and the custom fields included.
      expect(copy.find((entry) => entry.title === 'Gmail')).toMatchObject({
        password: SEED[0].password,
        totp: SEED[0].totp,
        fields: SEED[0].fields,
      });
    });
  });

  describe('an import of several slices (progress is reported after each)', () => {
    // Three slices of PROGRESS_SLICE (2,000), all in the one transaction.
    const LARGE = 4500;
    const rows = Array.from({ length: LARGE }, (_, i) => ({
      title: `Bulk ${i}`,
      username: `user${i}`,
      password: i % 7 === 0 ? 'one shared password' : `pw-${i}`,
      notes: i % 3 === 0 ? `note ${i}` : '',
      ...(i % 500 === 0 ? { fields: [{ name: 'PIN', value: `${i}#`, hidden: true }] } : {}),
    }));

    it('stores every entry with its own secrets, and reuse is counted across slices', async () => {
      const user = await createUser(t);
      expect(await importData(user, JSON.stringify(rows))).toEqual({
        imported: LARGE,
        updated: 0,
        skipped: 0,
        errors: [],
      });
      const exported = new Map((await exportEntries(user)).map((entry) => [entry.title, entry]));
      expect(exported.size).toBe(LARGE);
      for (const i of [0, 1, 1999, 2000, 2001, 3999, 4000, 4499]) {
        expect(exported.get(`Bulk ${i}`)).toMatchObject({
          username: `user${i}`,
          password: rows[i].password,
          notes: rows[i].notes,
          fields: rows[i].fields ?? [],
        });
      }
      // 'shared' passwords: every seventh row, in all three slices.
      const shared = rows.filter((row) => row.password === 'one shared password').length;
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/passwords?search=bulk%200&limit=1',
        headers: user.auth,
      });
      expect(list.statusCode).toBe(200);
      const first = list.json().data.passwords[0] as PasswordEntry;
      expect(first.title).toBe('Bulk 0');
      expect(first.health.reusedIn).toBe(shared);
    });

    it('counts reuse with the passwords the vault had: its own entry and the new one that shares it', async () => {
      const user = await createUser(t);
      await importData(user, JSON.stringify([{ title: 'Older', password: 'kept from before' }]));
      const again = rows.map((row, i) => ({
        ...row,
        title: `Again ${i}`,
        password: i === 3 ? 'kept from before' : `again-${i}`,
      }));
      expect((await importData(user, JSON.stringify(again))).imported).toBe(LARGE);
      for (const title of ['Older', 'Again 3']) {
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/passwords?search=${encodeURIComponent(title)}&limit=1`,
          headers: user.auth,
        });
        const entry = list.json().data.passwords[0] as PasswordEntry;
        expect(entry.title).toBe(title);
        expect(entry.health.reusedIn).toBe(2);
      }
    });
  });

  it('imports the same file twice at once (a double submit, two tabs) as once: the second skips what the first wrote', async () => {
    const user = await createUser(t);
    const file = JSON.stringify(
      Array.from({ length: 30 }, (_, i) => ({ title: `Twice ${i}`, username: `u${i}`, password: `pw-${i}` })),
    );
    const results = await Promise.all([importData(user, file), importData(user, file)]);
    expect(results.map((result) => [result.imported, result.skipped]).sort()).toEqual([
      [0, 30],
      [30, 0],
    ]);
    expect(await total(user)).toBe(30);
  });

  describe('a large file whose first entries the plan changes (sealed before the plan: sealAhead)', () => {
    // Six batches of 500 are sealed while the plan is made; row 700 repeats an entry of the vault and
    // row 1,200 repeats row 10, so from the second batch on the plan's batches are not those.
    const COUNT = 3000;
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      title: `Early ${i === 1200 ? 10 : i}`,
      username: `early${i === 1200 ? 10 : i}`,
      password: `pw-early-${i}`,
    }));

    it.each([
      [
        'skip duplicates',
        { skipDuplicates: true, updateExisting: false },
        { imported: 2998, updated: 0, skipped: 2 },
        'pw-vault',
      ],
      [
        'update existing',
        { skipDuplicates: false, updateExisting: true },
        { imported: 2998, updated: 2, skipped: 0 },
        'pw-early-700',
      ],
    ])('%s: every entry once, with its own secret', async (_, options, counts, kept) => {
      const user = await createUser(t);
      await importData(
        user,
        JSON.stringify([{ title: 'Early 700', username: 'early700', password: 'pw-vault' }]),
      );
      t.clock.advance(60_000);
      expect(await importData(user, JSON.stringify(rows), options)).toEqual({ ...counts, errors: [] });
      expect(await total(user)).toBe(2999);
      const passwords = new Map((await exportEntries(user)).map((entry) => [entry.title, entry.password]));
      expect(passwords.size).toBe(2999);
      expect(passwords.get('Early 700')).toBe(kept);
      // Row 10's entry: in update mode, the later row of the file (1,200) wins.
      expect(passwords.get('Early 10')).toBe(options.updateExisting ? 'pw-early-1200' : 'pw-early-10');
      for (const i of [0, 499, 500, 699, 701, 1199, 1201, 2999]) {
        expect(passwords.get(`Early ${i}`)).toBe(`pw-early-${i}`);
      }
      // The file gives no dates: its new entries share the import's, and "Newest first" lists them in
      // the file's order, whichever thread sealed them (before or after the plan), then the older one.
      // Rows 700 and 1,200 made no entry: they skipped or updated one.
      const made = rows.filter((_, i) => i !== 700 && i !== 1200).map((row) => row.title);
      const listed = (await walkList(t, user, { limit: '100' })).windows.flat();
      expect(listed).toEqual([...made, 'Early 700']);
    });
  });

  describe('a large file that updates existing entries (read and sealed on the worker, batches ahead)', () => {
    // Five batches of 500 and a short one: more than SEAL_ON_WORKER_FROM, so the worker takes batches.
    const COUNT = 2600;
    const rowsWith = (password: (i: number) => string) =>
      Array.from({ length: COUNT }, (_, i) => ({
        title: `Again ${i}`,
        username: `again${i}`,
        password: password(i),
        notes: i % 2 === 0 ? `note ${i}` : '',
      }));

    it('overwrites every entry with its own secrets and keeps each replaced password in its history', async () => {
      const user = await createUser(t);
      await importData(user, JSON.stringify(rowsWith((i) => `old-${i}`)));
      t.clock.advance(60_000);
      // Every third entry keeps its password: it is overwritten, and nothing goes into its history.
      const newPassword = (i: number) => (i % 3 === 0 ? `old-${i}` : `new-${i}`);
      expect(
        await importData(user, JSON.stringify(rowsWith(newPassword)), {
          skipDuplicates: false,
          updateExisting: true,
        }),
      ).toEqual({ imported: 0, updated: COUNT, skipped: 0, errors: [] });
      expect(await total(user)).toBe(COUNT);
      const exported = new Map((await exportEntries(user)).map((entry) => [entry.title, entry]));
      expect(exported.size).toBe(COUNT);
      for (const i of [0, 1, 499, 500, 1001, 1999, 2500, 2599]) {
        expect(exported.get(`Again ${i}`)).toMatchObject({
          password: newPassword(i),
          notes: i % 2 === 0 ? `note ${i}` : '',
        });
      }
      const idOf = async (title: string) => {
        const query = new URLSearchParams({ search: title, limit: '100' }).toString();
        const res = await t.app.inject({ method: 'GET', url: `/api/passwords?${query}`, headers: user.auth });
        const found = (res.json().data.passwords as PasswordEntry[]).find((entry) => entry.title === title);
        return found?._id;
      };
      for (const i of [1, 500, 2599, 0, 1500]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/passwords/${await idOf(`Again ${i}`)}/history`,
          headers: user.auth,
          payload: { masterPassword: user.masterPassword },
        });
        expect(res.statusCode).toBe(200);
        const history = res.json().data.history.map((item: { password: string }) => item.password);
        expect(history).toEqual(i % 3 === 0 ? [] : [`old-${i}`]);
      }
    });
  });

  describe('duplicates', () => {
    const existing = [
      { title: 'Site', website: 'https://site.test', email: 'me@site.test', password: 'old' },
      { title: 'Other', website: 'https://other.test', email: 'me@site.test', password: 'other' },
    ];
    // Row 1 repeats an entry of the vault (case and spaces differ), rows 2 and 3 repeat each other.
    const file = JSON.stringify([
      {
        title: ' SITE ',
        website: 'HTTPS://site.test',
        email: ' ME@site.test',
        password: 'new',
        notes: 'new note',
        category: 'work',
        isFavorite: true,
        tags: ['updated'],
      },
      { title: 'Fresh', website: 'https://fresh.test', username: 'fresh', password: 'f1' },
      { title: 'fresh', website: 'https://fresh.test ', username: 'FRESH', password: 'f2' },
    ]);

    async function vaultWithExisting(): Promise<TestUser> {
      const user = await createUser(t);
      await importData(user, JSON.stringify(existing));
      return user;
    }

    const passwordsOf = async (user: TestUser) =>
      Object.fromEntries((await exportEntries(user)).map((entry) => [entry.title, entry.password]));

    it('skip duplicates (the default) skips repeats of the vault and of earlier rows', async () => {
      const user = await vaultWithExisting();
      expect(await importData(user, file)).toEqual({ imported: 1, updated: 0, skipped: 2, errors: [] });
      expect(await total(user)).toBe(3);
      expect(await passwordsOf(user)).toEqual({ Site: 'old', Other: 'other', Fresh: 'f1' });
    });

    it('update existing overwrites the vault entry, and a repeated row the entry made from the file', async () => {
      const user = await vaultWithExisting();
      const original = (await exportEntries(user)).find((entry) => entry.title === 'Site');
      t.clock.advance(60_000);
      const result = await importData(user, file, { skipDuplicates: false, updateExisting: true });
      expect(result).toEqual({ imported: 1, updated: 2, skipped: 0, errors: [] });
      expect(await total(user)).toBe(3);
      const entries = await exportEntries(user);
      expect(Object.fromEntries(entries.map((entry) => [entry.title, entry.password]))).toEqual({
        SITE: 'new',
        Other: 'other',
        fresh: 'f2',
      });
      // Every field comes from the file; the entry keeps its creation time and is marked as changed now.
      const updated = entries.find((entry) => entry.title === 'SITE');
      expect(updated).toEqual({
        title: 'SITE',
        website: 'HTTPS://site.test',
        email: 'ME@site.test',
        username: '',
        password: 'new',
        notes: 'new note',
        category: 'work',
        isFavorite: true,
        tags: ['updated'],
        totp: '',
        fields: [],
        createdAt: original?.createdAt,
        updatedAt: expect.any(String),
      });
      expect(Date.parse(updated?.updatedAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(original?.updatedAt ?? '') + 60_000,
      );
    });

    it('import all takes every row', async () => {
      const user = await vaultWithExisting();
      const result = await importData(user, file, { skipDuplicates: false, updateExisting: false });
      expect(result).toEqual({ imported: 3, updated: 0, skipped: 0, errors: [] });
      expect(await total(user)).toBe(5);
    });

    it('skips what an earlier import brought in when the same file comes again', async () => {
      const user = await createUser(t);
      const data = sample('lastpass.csv');
      expect(await importData(user, data)).toMatchObject({ imported: 3, skipped: 0 });
      expect(await importData(user, data)).toMatchObject({ imported: 0, skipped: 3 });
      expect(await total(user)).toBe(3);
    });
  });

  describe('rows that cannot be taken', () => {
    it('are listed with title and reason while the others are imported', async () => {
      const user = await createUser(t);
      const result = await importData(user, sample('bitwarden.json'));
      expect(result).toEqual({
        imported: 2,
        updated: 0,
        skipped: 0,
        errors: [
          {
            title: 'Wi-Fi note',
            error: 'Only logins can be imported: this item is a secure note (entry 3 of the file)',
          },
          { title: 'Visa', error: 'Only logins can be imported: this item is a card (entry 4 of the file)' },
          { title: '(untitled)', error: 'App or website name is required (entry 5 of the file)' },
        ],
      });
      const entries = await exportEntries(user);
      expect(entries.find((entry) => entry.title === 'Bank, "Main"')).toEqual({
        title: 'Bank, "Main"',
        email: 'alice@example.com',
        username: '',
        password: '-bank,pass"1',
        website: 'https://bank.example.com/login',
        category: 'finance',
        isFavorite: true,
        notes: 'Branch: 123\nIBAN in the safe',
        tags: ['Finance'],
        totp: 'otpauth://totp/Bank:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bank&digits=8&period=60&algorithm=SHA256',
        fields: [
          { name: 'Security answer', value: 'Bl\u00e5b\u00e6r', hidden: true },
          { name: 'Customer number', value: '=12345', hidden: false },
          { name: 'Paperless', value: 'true', hidden: false },
          { name: 'Website 2', value: 'https://app.bank.example.com', hidden: false },
        ],
        createdAt: '2023-05-01T08:00:00.000Z',
        updatedAt: '2024-05-02T09:10:11.123Z',
      });
    });

    it('a TOTP that is not one: the row is refused, naming the entry; the others are imported', async () => {
      const user = await createUser(t);
      const result = await importData(user, sample('keepassx.csv'));
      expect(result).toEqual({
        imported: 2,
        updated: 0,
        skipped: 0,
        errors: [{ title: 'Bad seed', error: `${TOTP_INVALID} (entry 3 of the file)` }],
      });
      const entries = await exportEntries(user);
      expect(entries.find((entry) => entry.title === 'Another Entry')?.totp).toBe(
        'otpauth://totp/Another?secret=JBSWY3DPEHPK3PXP',
      );
    });

    it("Firefox's sync account record is skipped with its reason", async () => {
      const user = await createUser(t);
      const result = await importData(user, sample('firefox.csv'));
      expect(result.imported).toBe(2);
      expect(result.errors).toContainEqual({
        title: 'chrome://FirefoxAccounts',
        error: `${FIREFOX_ACCOUNTS_SKIPPED} (entry 4 of the file)`,
      });
      expect((await exportEntries(user)).map((entry) => entry.website)).not.toContain(
        'chrome://FirefoxAccounts',
      );
    });

    it('a row without a password is reported, not dropped', async () => {
      const user = await createUser(t);
      const result = await importData(user, sample('chrome.csv'));
      expect(result.imported).toBe(3);
      expect(result.errors).toEqual([
        { title: 'github.com', error: 'Password is required (entry 4 of the file)' },
      ]);
    });
  });

  describe.each([
    ['1password.csv', 3, 0],
    ['1password7.csv', 2, 1],
    ['1password7-mac.csv', 1, 3],
    ['1password8.csv', 3, 0],
    ['dashlane.csv', 2, 1],
    ['dashlane-otpurl.csv', 1, 0],
    ['keepassxc.csv', 3, 1],
    ['keepassx.csv', 2, 1],
    ['firefox.csv', 2, 2],
    ['lastpass.csv', 3, 1],
    ['bitwarden.csv', 3, 1],
    ['bitwarden-org.csv', 2, 1],
    ['bitwarden-org.json', 1, 1],
    ['custom-columns.csv', 2, 0],
    ['passvault.csv', 3, 0],
    ['passvault-v1.csv', 3, 0],
    ['passvault.json', 2, 0],
    ['edge.csv', 1, 0],
  ])('the sample %s', (file, imported, errors) => {
    it(`imports ${imported} entries and reports ${errors}`, async () => {
      const user = await createUser(t);
      const result = await importData(user, sample(file));
      expect(result.imported).toBe(imported);
      expect(result.errors).toHaveLength(errors);
      expect(await total(user)).toBe(imported);
    });
  });

  describe('refusals that change nothing', () => {
    it('a wrong master password: 401, nothing imported', async () => {
      const before = await total(alice);
      const res = await post(alice, 'import', {
        masterPassword: 'not-the-master-password',
        data: sample('chrome.csv'),
        format: 'csv',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      expect(await total(alice)).toBe(before);
    });

    it('an unrecognised file: 400 naming the expected columns', async () => {
      const res = await post(alice, 'import', {
        masterPassword: alice.masterPassword,
        data: 'site;login;secret\nexample.com;me;pw\n',
        format: 'csv',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UNRECOGNISED_CSV });
    });

    it('malformed JSON: 400 with where it breaks', async () => {
      const res = await post(alice, 'import', {
        masterPassword: alice.masterPassword,
        data: '[{"title": "x", "password": "y",]',
        format: 'json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^Malformed JSON: the data is not valid JSON \(line 1, column \d+\)$/,
      );
    });

    it('empty data: 400', async () => {
      const res = await post(alice, 'import', {
        masterPassword: alice.masterPassword,
        data: '',
        format: 'csv',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The import data is empty' });
    });
  });

  describe('all or nothing', () => {
    afterEach(() => jest.restoreAllMocks());

    it('a failure half-way leaves the vault as it was', async () => {
      const user = await createUser(t);
      await importData(user, JSON.stringify([{ title: 'Kept', password: 'kept' }]));
      const rows = Array.from({ length: 1200 }, (_, i) => ({ title: `Entry ${i}`, password: `pw-${i}` }));
      const insertBatch = vaultRepo.insertBatch;
      let batches = 0;
      // The first batch of 500 is written, the second fails as a full disk would.
      jest.spyOn(vaultRepo, 'insertBatch').mockImplementation(async (db, batch) => {
        batches += 1;
        if (batches === 2) throw new Error('disk I/O error');
        return insertBatch(db, batch);
      });
      const res = await post(user, 'import', {
        masterPassword: user.masterPassword,
        data: JSON.stringify(rows),
        format: 'json',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(batches).toBe(2);
      expect(await total(user)).toBe(1);

      // The same file goes in whole once nothing fails.
      jest.restoreAllMocks();
      expect(await importData(user, JSON.stringify(rows))).toMatchObject({ imported: 1200, errors: [] });
      expect(await total(user)).toBe(1201);
    });
  });

  describe('after a large import', () => {
    /** When PostgreSQL last vacuumed and analysed `passwords` of this test's schema (null: never). */
    const maintenance = async () => {
      const { rows } = await sql<{ vacuumed: Date | null; analysed: Date | null }>`
        select last_vacuum as vacuumed, last_analyze as analysed from pg_stat_user_tables
        where schemaname = current_schema() and relname = 'passwords'`.execute(t.db);
      return rows[0];
    };

    it('PostgreSQL has vacuumed and analysed the entries, so counts read their indexes alone', async () => {
      if (!(t.db.getExecutor().adapter instanceof PostgresAdapter)) return;
      const user = await createUser(t);
      const before = await maintenance();
      const rows = Array.from({ length: 1000 }, (_, i) => ({ title: `Bulk ${i}`, password: `pw-${i}` }));
      expect(await importData(user, JSON.stringify(rows))).toMatchObject({ imported: 1000, errors: [] });
      const after = await maintenance();
      expect(after.vacuumed).not.toBeNull();
      expect(after.analysed).not.toBeNull();
      if (before.vacuumed) expect(after.vacuumed!.getTime()).toBeGreaterThan(before.vacuumed.getTime());
    });
  });

  describe('size', () => {
    const MB = 1024 * 1024;

    it('accepts a body of almost 20 MB', async () => {
      const user = await createUser(t);
      // One entry whose note is far too long: read, reported, and the rest imported.
      const data = `name,url,username,password,note\nBig,https://big.test,me,pw,${'n'.repeat(19 * MB)}\nSmall,,me,pw,\n`;
      const result = await importData(user, data);
      expect(result).toMatchObject({ imported: 1, errors: [{ title: 'Big' }] });
      expect(result.errors[0].error).toBe('Notes must be at most 20000 characters (entry 1 of the file)');
    });

    it('refuses more than 20 MB with 413 and the limit in the message', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utility/import',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ masterPassword: alice.masterPassword, data: 'x'.repeat(21 * MB) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Request body is too large (limit 20 MB)' });
    });
  });
});
