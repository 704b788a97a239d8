import fs from 'node:fs';
import path from 'node:path';
import { HttpError } from '../../../http/errors';
import { detectCsvFormat, EMPTY_DATA, readImport, UNRECOGNISED_CSV, UNRECOGNISED_JSON } from './detect';

const sample = (name: string) => fs.readFileSync(path.join(__dirname, '__samples__', name), 'utf8');

function failure(data: string): HttpError {
  try {
    readImport(data);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected readImport to fail');
}

describe('detectCsvFormat', () => {
  it.each([
    ['name,url,username,password,note,email,category,favorite,tags', 'passvault-csv'],
    [
      'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp',
      'bitwarden-csv',
    ],
    [
      '"url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged"',
      'firefox-csv',
    ],
    // An organisation's export: collections, no folder or favorite.
    [
      'collections,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp',
      'bitwarden-csv',
    ],
    ['url,username,password,totp,extra,name,grouping,fav', 'lastpass-csv'],
    ['url,username,password,extra,name,grouping,fav', 'lastpass-csv'],
    [
      '"Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created"',
      'keepassxc-csv',
    ],
    // KeePassX: no Group column, but a TOTP one (1Password's reader would have no use for it).
    ['Title,Username,Password,URL,Notes,TOTP', 'keepassxc-csv'],
    ['"Group","Title","Username","Password","URL","Notes"', 'keepassxc-csv'],
    [
      'Title,Website,Username,Password,One-time password,Favorite status,Archived status,Tags,Notes',
      '1password-csv',
    ],
    ['Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes', '1password-csv'],
    ['"notesPlain","password","Tags","Title","Type","URL","username"', '1password-csv'],
    ['Title,Url,Username,Password,Notes,Type', '1password-csv'],
    ['username,username2,username3,title,password,note,url,category,otpSecret', 'dashlane-csv'],
    ['username,username2,username3,title,password,note,url,category,otpUrl', 'dashlane-csv'],
    ['name,url,username,password,note', 'chrome-csv'],
    ['name,url,username,password', 'chrome-csv'],
    // Column order and case do not matter.
    [' Password , URL , Name , Username ', 'chrome-csv'],
  ])('%s -> %s', (header, expected) => {
    expect(readImport(`${header}\n`).format).toBe(expected);
  });

  it('answers undefined for a header nobody writes', () => {
    expect(detectCsvFormat(['site', 'login', 'secret'])).toBeUndefined();
  });
});

describe('readImport', () => {
  it('recognises JSON by its first character, whatever format the client named', () => {
    expect(readImport('  \n[{"title":"a","password":"b"}]').format).toBe('json-array');
    expect(readImport('\uFEFF{"version":1,"passwords":[]}').format).toBe('passvault-json');
    expect(readImport('{"encrypted":false,"folders":[],"items":[]}').format).toBe('bitwarden-json');
  });

  it('recognises Bitwarden JSON by its own shape: the encrypted flag, or numeric types and login objects', () => {
    // The minimal file Bitwarden's help describes has no encrypted flag.
    const minimal = '{"items":[{"type":1,"name":"Site","login":{"username":"me","password":"pw"}}]}';
    expect(readImport(minimal).format).toBe('bitwarden-json');
  });

  it('refuses JSON that merely has an items list (Enpass) as unrecognised, naming the known layouts', () => {
    const enpass = failure(sample('enpass.json'));
    expect(enpass.statusCode).toBe(400);
    expect(enpass.message).toBe(UNRECOGNISED_JSON);
    expect(UNRECOGNISED_JSON).toContain('PassVault export');
    expect(UNRECOGNISED_JSON).toContain('Bitwarden export');
    expect(failure('{"items":[]}').message).toBe(UNRECOGNISED_JSON);
    expect(failure('{"items":[{"type":"login","title":"x"}]}').message).toBe(UNRECOGNISED_JSON);
  });

  it('refuses empty data', () => {
    expect(failure(' \r\n ').message).toBe(EMPTY_DATA);
    expect(failure('').statusCode).toBe(400);
  });

  it('refuses an unrecognised CSV with one message naming the expected columns', () => {
    const error = failure('site,login,secret\nexample.com,me,pw\n');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(UNRECOGNISED_CSV);
    expect(error.message).toContain('name,url,username,password');
    expect(error.message).toContain('Bitwarden, Firefox, LastPass, KeePassXC, 1Password or Dashlane');
  });

  it('refuses an unrecognised JSON document, naming the shapes it reads', () => {
    const error = failure('{"entries":[]}');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(UNRECOGNISED_JSON);
  });

  it('refuses malformed JSON with where it breaks, never quoting the data', () => {
    const error = failure('{\n  "passwords": [\n    {"title": "x", "password": "hunter2" oops}\n  ]\n}');
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Malformed JSON: the data is not valid JSON (line 3, column 42)');
    expect(failure('[{"password": "hunter2"').message).toMatch(/^Malformed JSON: the data is not valid JSON/);
    expect(failure('[{"password": "hunter2"').message).not.toContain('hunter2');
  });

  it('refuses another version of our export', () => {
    expect(failure('{"version":2,"passwords":[]}').message).toBe(
      'Unsupported PassVault export version 2: this server reads version 1',
    );
  });
});
