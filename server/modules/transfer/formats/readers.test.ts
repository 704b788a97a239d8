// Each manager's reader on a sample file written in that manager's layout (__samples__).
import fs from 'node:fs';
import path from 'node:path';
import { readImport } from './detect';
import type { ReadResult } from './types';

function readSample(name: string): ReadResult {
  return readImport(fs.readFileSync(path.join(__dirname, '__samples__', name), 'utf8'));
}

const EMPTY = { username: '', notes: '', category: 'other', isFavorite: false, tags: [] };

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
    expect(rows[2]).toMatchObject({ title: 'files.example.org', password: '' });
  });
});

describe('LastPass CSV', () => {
  it('maps extra to notes, grouping to category and tag, fav to favourite, TOTP into the notes', () => {
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
      notes: 'TOTP: JBSWY3DPEHPK3PXP',
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
  it('drops the root group, maps groups to category and tag, keeps TOTP and dates', () => {
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
    expect(rows[1]).toMatchObject({
      title: 'VPN',
      password: '-vpn,pass',
      notes: 'Line 1\nLine 2\nTOTP: otpauth://totp/VPN?secret=JBSWY3DPEHPK3PXP&period=30',
      category: 'work',
      tags: ['Work'],
    });
    expect(rows[2]).toMatchObject({ title: 'Steam', password: '', category: 'other', tags: ['Games/Steam'] });
    expect(rows[3]).toMatchObject({
      title: 'Caf\u00e9 \u2615',
      email: '\u00e9mile',
      password: 'cr\u00e8me br\u00fbl\u00e9e',
      tags: ['Priv\u00e9'],
    });
  });
});

describe('1Password CSV', () => {
  it('reads 1Password 8: favourite, archived as a tag, tags, one-time password into the notes', () => {
    const { format, rows } = readSample('1password.csv');
    expect(format).toBe('1password-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Example',
      website: 'https://example.com/login',
      email: 'ada',
      // Spaces in a password are part of it.
      password: '  exact secret  ',
      notes: 'line one\nline two\nTOTP: otpauth://totp/Example?secret=JBSWY3DPEHPK3PXP',
      isFavorite: true,
      tags: ['work', 'important'],
    });
    expect(rows[1]).toMatchObject({ password: '=HYPERLINK("http://evil.example")', tags: ['archived'] });
    expect(rows[2]).toMatchObject({ title: 'notitle.example.org', password: 'pw-no-title' });
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
});

describe('Dashlane credentials.csv', () => {
  it('maps the logins, the note, the URL, the category and the OTP secret', () => {
    const { format, rows } = readSample('dashlane.csv');
    expect(format).toBe('dashlane-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'example.com',
      website: 'https://www.example.com',
      email: 'ada@example.com',
      username: 'ada',
      password: 'dash"pass,1',
      notes: 'Notes with "quotes"\nOther login: ada.admin',
      category: 'shopping',
      tags: ['Shopping'],
    });
    // A category that is not one of ours: other, and the name kept as a tag.
    expect(rows[1]).toMatchObject({
      title: 'netflix.com',
      notes: 'TOTP: JBSWY3DPEHPK3PXP',
      category: 'other',
      tags: ['Entertainment & Media'],
    });
    expect(rows[2]).toMatchObject({ title: '', password: 'orphan-password' });
  });
});

describe('Bitwarden CSV', () => {
  it('maps folder, favourite, the first URI, fields, TOTP and further URIs into the notes', () => {
    const { format, rows } = readSample('bitwarden.csv');
    expect(format).toBe('bitwarden-csv');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Facebook',
      website: 'https://www.facebook.com/login',
      email: 'alice@example.com',
      password: 'fb-pa$$',
      notes: 'Linked to "main" phone\nOther websites: https://m.facebook.com',
      category: 'social',
      isFavorite: true,
      tags: ['Social'],
    });
    expect(rows[1]).toMatchObject({
      title: 'Router',
      password: '=1+2',
      notes:
        'Custom fields:\nPIN: 1234\nAdmin port: 8443\nTOTP: otpauth://totp/Router?secret=JBSWY3DPEHPK3PXP',
      category: 'other',
      tags: [],
    });
    expect(rows[2]).toEqual({
      title: 'Meeting notes',
      error: 'Only logins can be imported: this item is a secure note',
    });
    expect(rows[3]).toMatchObject({ password: 'jira-\u00dfecret-\ud83d\ude42', category: 'work' });
  });
});

describe('Bitwarden JSON', () => {
  it('maps logins with their folder, dates, fields and URIs; reports notes and cards', () => {
    const { format, rows } = readSample('bitwarden.json');
    expect(format).toBe('bitwarden-json');
    expect(rows[0]).toEqual({
      ...EMPTY,
      title: 'Bank, "Main"',
      website: 'https://bank.example.com/login',
      email: 'alice@example.com',
      password: '-bank,pass"1',
      notes:
        'Branch: 123\nIBAN in the safe\nCustom fields: Security answer: Bl\u00e5b\u00e6r\n' +
        'Other websites: https://app.bank.example.com',
      category: 'finance',
      isFavorite: true,
      tags: ['Finance'],
      createdAt: '2023-05-01T08:00:00.000Z',
      updatedAt: '2024-05-02T09:10:11.123Z',
    });
    expect(rows[1]).toMatchObject({
      title: 'Steam \ud83c\udfae',
      password: 'st\u00e9am',
      notes: 'TOTP: otpauth://totp/Steam?secret=JBSWY3DPEHPK3PXP',
      tags: ['Personal/Games'],
    });
    expect(rows[2]).toEqual({
      title: 'Wi-Fi note',
      error: 'Only logins can be imported: this item is a secure note',
    });
    expect(rows[3]).toEqual({ title: 'Visa', error: 'Only logins can be imported: this item is a card' });
    expect(rows[4]).toMatchObject({ title: '', password: 'no-title-here' });
  });

  it('refuses an encrypted export with what to do instead', () => {
    expect(() => readSample('bitwarden-encrypted.json')).toThrow(
      'This Bitwarden export is encrypted: export the vault again from Bitwarden as ".json" (not "encrypted")',
    );
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
