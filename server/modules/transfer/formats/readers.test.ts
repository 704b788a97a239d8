// Each manager's reader on a sample file written in that manager's layout (__samples__).
import fs from 'node:fs';
import path from 'node:path';
import { readImport } from './detect';
import type { ReadResult } from './types';

function readSample(name: string): ReadResult {
  return readImport(fs.readFileSync(path.join(__dirname, '__samples__', name), 'utf8'));
}

const EMPTY = {
  username: '',
  notes: '',
  category: 'other',
  isFavorite: false,
  tags: [],
  totp: '',
  fields: [],
};

const shown = (name: string, value: string) => ({ name, value, hidden: false });

describe('Chrome and Edge CSV', () => {
  it('maps name, url, username (to e-mail or username), password and note', () => {
    const { format, rows } = readSample('chrome.csv');
    expect(format).toBe('chrome-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'example.com',
        website: 'https://example.com/login',
        email: 'alice@example.com',
        password: 'pa,ss"word',
      },
      {
        ...EMPTY,
        title: 'accounts.google.com',
        website: 'https://accounts.google.com/signin',
        email: 'bob',
        password: "=cmd|' /C calc'!A0",
        notes: 'first line\nsecond line',
      },
      // No name: the host of the URL, as people write it.
      {
        ...EMPTY,
        title: 'm\u00fcnchen.de',
        website: 'https://www.m\u00fcnchen.de/konto',
        email: 'j\u00f6rg',
        password: '\u043f\u0430\u0440\u043e\u043b\u044c\ud83d\udd11',
      },
      // No password: kept for the service to report.
      {
        ...EMPTY,
        title: 'github.com',
        website: 'https://github.com/session',
        email: 'octocat',
        password: '',
        notes: 'no password here',
      },
    ]);
  });

  it('reads the older header without a note column (Edge)', () => {
    expect(readSample('edge.csv')).toEqual({
      format: 'chrome-csv',
      rows: [
        {
          ...EMPTY,
          title: 'login.live.com',
          website: 'https://login.live.com/',
          email: 'alice@outlook.com',
          password: 'Edge-Pass1',
        },
      ],
    });
  });
});

describe('Firefox CSV', () => {
  it('names entries after the host and keeps creation and password-change times', () => {
    const { format, rows } = readSample('firefox.csv');
    expect(format).toBe('firefox-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'mozilla.org',
      website: 'https://www.mozilla.org',
      email: 'alice@example.com',
      password: 's3cr"et,1',
      createdAt: new Date(1700000000000).toISOString(),
      updatedAt: new Date(1700000900000).toISOString(),
    });
    expect(rows[1]).toMatchObject({ title: 'bank.example.com', email: 'bob', password: '+SUM(1+1)' });
    // The realm, form origin, guid and last use are Firefox's bookkeeping: no custom fields from them.
    expect(rows[2]).toMatchObject({ title: 'files.example.org', password: '', fields: [] });
  });

  it("skips Firefox's own sync account record with the reason, as Bitwarden skips it", () => {
    const { rows } = readSample('firefox.csv');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual({
      title: 'chrome://FirefoxAccounts',
      error:
        "Skipped: this is Firefox's own sync account record (chrome://FirefoxAccounts), not a saved login",
    });
  });
});

describe('LastPass CSV', () => {
  it('maps extra to notes, grouping to category and tag, fav to favourite, totp to the TOTP', () => {
    const { format, rows } = readSample('lastpass.csv');
    expect(format).toBe('lastpass-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Twitter',
      website: 'https://twitter.com/login',
      email: 'alice',
      password: 'tw,pass',
      notes: 'Recovery codes:\n1234 5678',
      category: 'social',
      isFavorite: true,
      tags: ['Social'],
    });
    // A nested folder: the part that names a category decides it, the whole path is the tag.
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'My Bank',
      website: 'https://bank.example.com',
      email: 'bob@example.com',
      password: '@bank!',
      totp: 'JBSWY3DPEHPK3PXP',
      category: 'finance',
      tags: ['Finance/Banks'],
    });
  });

  it('reports secure notes and names untitled rows after their host', () => {
    const { rows } = readSample('lastpass.csv');
    expect(rows[2]).toEqual({
      title: 'Server notes',
      error: 'Only logins can be imported: this item is a secure note',
    });
    expect(rows[3]).toMatchObject({ title: 'shop.example.com', password: 'shop\ud83d\ude00pass', tags: [] });
  });
});

describe('KeePassXC CSV', () => {
  it('drops the root group, maps groups to category and tag, TOTP to the TOTP, keeps dates', () => {
    const { format, rows } = readSample('keepassxc.csv');
    expect(format).toBe('keepassxc-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Email',
      website: 'https://mail.example.com',
      email: 'alice@example.com',
      password: 'mail"pass',
      createdAt: '2023-01-15T08:30:00.000Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
    });
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'VPN',
      website: 'https://vpn.example.com',
      email: 'alice',
      password: '-vpn,pass',
      notes: 'Line 1\nLine 2',
      totp: 'otpauth://totp/VPN?secret=JBSWY3DPEHPK3PXP&period=30',
      category: 'work',
      tags: ['Work'],
      createdAt: '2023-02-15T08:30:00.000Z',
      updatedAt: '2024-03-02T10:00:00.000Z',
    });
    expect(rows[2]).toMatchObject({ title: 'Steam', password: '', category: 'other', tags: ['Games/Steam'] });
    expect(rows[3]).toMatchObject({
      title: 'Caf\u00e9 \u2615',
      email: '\u00e9mile',
      password: 'cr\u00e8me br\u00fbl\u00e9e',
      tags: ['Priv\u00e9'],
      fields: [],
    });
  });

  it('reads a KeePassX file without a Group column as KeePassX, its TOTP column kept', () => {
    // Title,Username,Password,URL,Notes,TOTP: the columns of 1Password's reader too, which has no TOTP.
    const { format, rows } = readSample('keepassx.csv');
    expect(format).toBe('keepassxc-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Example Entry',
      website: 'https://example.com',
      email: 'testuser',
      password: 'password123',
      notes: 'Some notes',
    });
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'Another Entry',
      website: 'https://another.com',
      email: 'anotheruser',
      password: 'anotherpassword',
      notes: 'Another set of notes',
      totp: 'otpauth://totp/Another?secret=JBSWY3DPEHPK3PXP',
    });
    // Read as it is: the import's checks refuse a TOTP that is not one (importPlan.test.ts).
    expect(rows[2]).toMatchObject({ totp: 'otpauth://totp/Bad?secret=ABCD1234EFGH5678' });
  });
});

describe('1Password CSV', () => {
  it('reads 1Password 8: favourite, archived as a tag, tags, one-time password to the TOTP', () => {
    const { format, rows } = readSample('1password.csv');
    expect(format).toBe('1password-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Example',
      website: 'https://example.com/login',
      email: 'ada',
      // Spaces in a password are part of it.
      password: '  exact secret  ',
      notes: 'line one\nline two',
      totp: 'otpauth://totp/Example?secret=JBSWY3DPEHPK3PXP',
      isFavorite: true,
      tags: ['work', 'important'],
    });
    expect(rows[1]).toMatchObject({ password: '=HYPERLINK("http://evil.example")', tags: ['archived'] });
    expect(rows[2]).toMatchObject({ title: 'notitle.example.org', password: 'pw-no-title' });
  });

  it('reads the other 1Password 8 header (Url, OTPAuth, Favorite, Archived); backslashes are themselves', () => {
    const { format, rows } = readSample('1password8.csv');
    expect(format).toBe('1password-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'GitHub',
        website: 'https://github.com/login',
        email: 'octo',
        password: 'gh"pass,1',
        notes: 'Recovery codes in the safe',
        totp: 'otpauth://totp/GitHub:octo?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
        isFavorite: true,
        tags: ['dev', 'work'],
      },
      {
        ...EMPTY,
        title: 'Old mail',
        website: 'https://mail.example.net',
        email: 'me',
        password: '9KVHnx:.S_S;cF`=CE@e\\p{v6',
        tags: ['archived'],
      },
      // A valid RFC 4180 cell that ends in a backslash: not an escaped quote.
      { ...EMPTY, title: 'Share', website: 'smb://nas.local/share', email: 'admin', password: 'C:\\temp\\' },
    ]);
  });

  it('reads 1Password 7 (Url and Type columns) and reports items that are not logins', () => {
    const { format, rows } = readSample('1password7.csv');
    expect(format).toBe('1password-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Amazon',
      website: 'https://www.amazon.com',
      email: 'ada@example.com',
      password: 'Amaz0n!',
      notes: 'Prime, yearly',
    });
    expect(rows[1]).toMatchObject({ title: 'Wi-Fi', password: 'wifi pass', notes: 'Home network' });
    expect(rows[2]).toEqual({
      title: 'Passport',
      error: 'Only logins can be imported: this item is an identity',
    });
  });

  it("reads 1Password 7 for Mac's backslash-escaped quotes: four items, the login whole", () => {
    const { format, rows } = readSample('1password7-mac.csv');
    expect(format).toBe('1password-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'Gmail',
        website: 'https://mail.google.com',
        email: 'alice@gmail.com',
        password: 'p"ss\\word',
        notes: 'Personal "main" account\nsecond line',
        tags: ['Starter Kit', 'Personal'],
      },
      { title: 'Alice Smith', error: 'Only logins can be imported: this item is an identity' },
      { title: 'Visa', error: 'Only logins can be imported: this item is a credit card' },
      { title: 'Home', error: 'Only logins can be imported: this item is a secure note' },
    ]);
  });
});

describe('Dashlane credentials.csv', () => {
  it('maps the logins, the note, the URL, the category and the OTP secret', () => {
    const { format, rows } = readSample('dashlane.csv');
    expect(format).toBe('dashlane-csv');
    // The third login has no field of its own: a custom field named by its column.
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'example.com',
      website: 'https://www.example.com',
      email: 'ada@example.com',
      username: 'ada',
      password: 'dash"pass,1',
      notes: 'Notes with "quotes"',
      category: 'shopping',
      tags: ['Shopping'],
      fields: [shown('username3', 'ada.admin')],
    });
    // A category that is not one of ours: other, and the name kept as a tag.
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'netflix.com',
      website: 'https://www.netflix.com',
      email: 'bob@example.com',
      password: 'Netfl1x',
      totp: 'JBSWY3DPEHPK3PXP',
      category: 'other',
      tags: ['Entertainment & Media'],
    });
    expect(rows[2]).toMatchObject({ title: '', password: 'orphan-password' });
  });

  it('reads the newer otpUrl column', () => {
    const { format, rows } = readSample('dashlane-otpurl.csv');
    expect(format).toBe('dashlane-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'github.com',
        website: 'https://github.com',
        email: 'carol@example.com',
        username: 'carol',
        password: 'gh-"dash"',
        notes: '2FA on',
        totp: 'otpauth://totp/GitHub:carol?secret=JBSWY3DPEHPK3PXP&issuer=GitHub',
        category: 'work',
        tags: ['Work'],
        fields: [shown('username3', 'carol.backup')],
      },
    ]);
  });
});

describe('Bitwarden CSV', () => {
  it('maps folder, favourite, the first URI; fields, TOTP and further URIs to their own places', () => {
    const { format, rows } = readSample('bitwarden.csv');
    expect(format).toBe('bitwarden-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Facebook',
      website: 'https://www.facebook.com/login',
      email: 'alice@example.com',
      password: 'fb-pa$$',
      notes: 'Linked to "main" phone',
      fields: [shown('Website 2', 'https://m.facebook.com')],
      category: 'social',
      isFavorite: true,
      tags: ['Social'],
    });
    // `name: value` lines; a line without ": " continues the value above it.
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'Router',
      website: 'http://192.168.1.1',
      email: 'admin',
      password: '=1+2',
      totp: 'otpauth://totp/Router?secret=JBSWY3DPEHPK3PXP',
      fields: [shown('PIN', '1234'), shown('Admin port', '8443'), shown('Setup notes', 'line one\nline two')],
    });
    expect(rows[2]).toEqual({
      title: 'Meeting notes',
      error: 'Only logins can be imported: this item is a secure note',
    });
    expect(rows[3]).toMatchObject({
      password: 'jira-\u00dfecret-\ud83d\ude42',
      totp: 'JBSWY3DPEHPK3PXP',
      category: 'work',
    });
  });

  it("reads an organisation's export (collections, no folder or favourite): collections become tags", () => {
    const { format, rows } = readSample('bitwarden-org.csv');
    expect(format).toBe('bitwarden-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'Payroll',
        website: 'https://payroll.example.com',
        email: 'payroll@acme.example',
        password: '@Payr0ll!',
        notes: 'Shared with the finance team',
        totp: 'otpauth://totp/Payroll?secret=JBSWY3DPEHPK3PXP&issuer=Payroll',
        fields: [shown('Company ID', 'ACME-42'), shown('Recovery PIN', '0042')],
        category: 'finance',
        tags: ['Finance', 'Shared/Ops'],
      },
      { title: 'Office alarm code', error: 'Only logins can be imported: this item is a secure note' },
      {
        ...EMPTY,
        title: 'Status page',
        website: 'https://status.example.com',
        email: 'ops',
        password: '+st4tus',
      },
    ]);
  });
});

describe('Bitwarden JSON', () => {
  it('maps logins with their folder, dates, TOTP, custom fields by type and URIs; reports notes and cards', () => {
    const { format, rows } = readSample('bitwarden.json');
    expect(format).toBe('bitwarden-json');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Bank, "Main"',
      website: 'https://bank.example.com/login',
      email: 'alice@example.com',
      password: '-bank,pass"1',
      notes: 'Branch: 123\nIBAN in the safe',
      totp: 'otpauth://totp/Bank:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bank&digits=8&period=60&algorithm=SHA256',
      // Type 1 hidden, 0 text, 2 boolean as its text; 3 (linked to the username) left out.
      fields: [
        { name: 'Security answer', value: 'Bl\u00e5b\u00e6r', hidden: true },
        shown('Customer number', '=12345'),
        shown('Paperless', 'true'),
        shown('Website 2', 'https://app.bank.example.com'),
      ],
      category: 'finance',
      isFavorite: true,
      tags: ['Finance'],
      createdAt: '2023-05-01T08:00:00.000Z',
      updatedAt: '2024-05-02T09:10:11.123Z',
    });
    expect(rows[1]).toEqual({
      ...EMPTY,
      title: 'Steam \ud83c\udfae',
      website: 'https://store.steampowered.com',
      email: 'gamer',
      password: 'st\u00e9am',
      totp: 'JBSWY3DPEHPK3PXP',
      tags: ['Personal/Games'],
      createdAt: '2024-06-02T00:00:00.000Z',
      updatedAt: '2024-06-02T00:00:00.000Z',
    });
    expect(rows[2]).toEqual({
      title: 'Wi-Fi note',
      error: 'Only logins can be imported: this item is a secure note',
    });
    expect(rows[3]).toEqual({ title: 'Visa', error: 'Only logins can be imported: this item is a card' });
    expect(rows[4]).toMatchObject({ title: '', password: 'no-title-here' });
  });

  it("reads an organisation's export: every collection of an item becomes a tag", () => {
    const { format, rows } = readSample('bitwarden-org.json');
    expect(format).toBe('bitwarden-json');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'Payroll',
        website: 'https://payroll.example.com',
        email: 'payroll@acme.example',
        password: '@Payr0ll!',
        notes: 'Shared with the finance team',
        totp: 'otpauth://totp/Payroll?secret=JBSWY3DPEHPK3PXP&issuer=Payroll',
        fields: [shown('Company ID', 'ACME-42'), { name: 'Recovery PIN', value: '0042', hidden: true }],
        category: 'finance',
        tags: ['Finance', 'Shared/Ops'],
        createdAt: '2024-01-01T10:00:00.000Z',
        updatedAt: '2024-07-01T10:00:00.000Z',
      },
      { title: 'Office alarm code', error: 'Only logins can be imported: this item is a secure note' },
    ]);
  });

  it('refuses an encrypted export with what to do instead', () => {
    expect(() => readSample('bitwarden-encrypted.json')).toThrow(
      'This Bitwarden export is encrypted: export the vault again from Bitwarden as ".json" (not "encrypted")',
    );
  });
});

describe('columns no reader maps', () => {
  it('become the TOTP (a TOTP column) or custom fields named by their header, never dropped', () => {
    const { format, rows } = readSample('custom-columns.csv');
    expect(format).toBe('chrome-csv');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'Shop',
        website: 'https://shop.example.com',
        email: 'ada',
        password: 'sh0p!',
        totp: 'otpauth://totp/Shop?secret=JBSWY3DPEHPK3PXP',
        // Values as they are (a field value is a credential); a column without a name gets one.
        fields: [
          shown('PIN', '=4321'),
          shown('Security question', 'First pet, then city'),
          shown('Column 9', 'extra'),
        ],
      },
      // Blank cells make no field.
      { ...EMPTY, title: 'Forum', website: 'https://forum.example.com', email: 'ada', password: 'f0rum' },
    ]);
  });

  it('include cells past the last column of the header', () => {
    const { rows } = readImport('name,url,username,password\nA,https://a.example,me,pw,,spill\n');
    expect(rows[0]).toMatchObject({ fields: [shown('Column 6', 'spill')] });
  });

  it('keep a second TOTP column, and a repeated column, as custom fields', () => {
    const { rows } = readImport(
      'url,username,password,totp,extra,name,grouping,fav,OTP,name\n' +
        'https://a.example,me,pw,JBSWY3DPEHPK3PXP,,A,,0,otpauth://totp/A?secret=JBSWY3DPEHPK3PXP,Other name\n',
    );
    expect(rows[0]).toMatchObject({
      title: 'A',
      totp: 'JBSWY3DPEHPK3PXP',
      fields: [shown('OTP', 'otpauth://totp/A?secret=JBSWY3DPEHPK3PXP'), shown('name', 'Other name')],
    });
  });
});

describe('a bare JSON list of entries', () => {
  it('reads our field names and the usual other spellings; reports what is not an entry', () => {
    const { format, rows } = readSample('array.json');
    expect(format).toBe('json-array');
    expect(rows).toEqual([
      {
        ...EMPTY,
        title: 'Router',
        email: '',
        username: 'admin',
        password: 'r0uter!',
        website: 'http://192.168.0.1',
        notes: 'Closet',
      },
      {
        ...EMPTY,
        title: 'Forum',
        email: 'ada@example.com',
        password: 'f0rum',
        website: 'https://forum.example.com',
        category: 'work',
        isFavorite: true,
        tags: ['a', 'b'],
      },
      { ...EMPTY, title: 'No password', email: '', password: '', website: 'https://nopass.example.com' },
      { title: '(untitled)', error: 'Not an entry: expected an object' },
    ]);
  });
});
