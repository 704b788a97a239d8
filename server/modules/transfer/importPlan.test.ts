import {
  FIELD_NAME_REQUIRED,
  FIELD_NAME_TOO_LONG,
  FIELD_VALUE_TOO_LONG,
  TOO_MANY_FIELDS,
} from '../../../src/common/customFields';
import {
  TOTP_BAD_ALGORITHM,
  TOTP_BAD_DIGITS,
  TOTP_INVALID,
  TOTP_NOT_TIME_BASED,
} from '../../../src/common/totp';
import { draft } from './formats/fields';
import type { EntryDraft } from './formats/types';
import { duplicateKey, modeOf, planImport } from './importPlan';
import { checkRow, PASSWORD_REQUIRED, TITLE_REQUIRED } from './importRows';

const entry = (fields: Partial<EntryDraft>) =>
  draft({ title: 'Site', website: 'https://site.test', email: 'me@site.test', password: 'pw', ...fields });

describe('modeOf', () => {
  it('maps the options to the three modes, skipping duplicates by default', () => {
    expect(modeOf({})).toBe('skip');
    expect(modeOf({ skipDuplicates: true, updateExisting: false })).toBe('skip');
    expect(modeOf({ skipDuplicates: false, updateExisting: true })).toBe('update');
    expect(modeOf({ skipDuplicates: false, updateExisting: false })).toBe('all');
    expect(modeOf({ skipDuplicates: true, updateExisting: true })).toBe('update');
  });
});

describe('duplicateKey', () => {
  it('ignores case and surrounding spaces of title, website and login', () => {
    expect(
      duplicateKey(entry({ title: ' SITE ', website: 'HTTPS://site.test ', email: 'Me@Site.test' })),
    ).toBe(duplicateKey(entry({})));
  });

  it('uses the username as the login when there is no e-mail', () => {
    const a = { title: 't', website: 'w', email: '', username: 'Bob' };
    expect(duplicateKey(a)).toBe(duplicateKey({ ...a, email: 'bob', username: '' }));
  });

  it.each([{ title: 'Other' }, { website: 'https://other.test' }, { email: 'you@site.test' }])(
    'tells entries apart by %j',
    (change) => {
      expect(duplicateKey(entry(change))).not.toBe(duplicateKey(entry({})));
    },
  );
});

describe('planImport', () => {
  const existing = [
    { id: 'old-1', title: 'site', website: 'https://SITE.test', email: 'me@site.test', username: '' },
  ];
  const rows = [
    entry({ password: 'first' }),
    entry({ title: 'New', password: 'new' }),
    entry({ title: ' new ', password: 'new again' }),
    { title: '(untitled)', error: 'Password is required' },
  ];

  it('skip duplicates: repeats of the vault and of earlier rows are skipped', () => {
    const plan = planImport(rows, existing, 'skip');
    expect(plan).toMatchObject({ imported: 1, updated: 0, skipped: 2 });
    expect(plan.inserts.map((row) => row.password)).toEqual(['new']);
    expect(plan.updates.size).toBe(0);
    expect(plan.errors).toEqual([{ title: '(untitled)', error: 'Password is required' }]);
  });

  it('update existing: the vault entry is overwritten, a repeat inside the file overwrites the new one', () => {
    const plan = planImport(rows, existing, 'update');
    expect(plan).toMatchObject({ imported: 1, updated: 2, skipped: 0 });
    expect(plan.updates.get('old-1')?.password).toBe('first');
    expect(plan.inserts.map((row) => row.password)).toEqual(['new again']);
  });

  it('import all: every valid row becomes an entry', () => {
    const plan = planImport(rows, existing, 'all');
    expect(plan).toMatchObject({ imported: 3, updated: 0, skipped: 0 });
    expect(plan.errors).toHaveLength(1);
  });

  it('updates the oldest of several equal vault entries', () => {
    const twins = [existing[0], { ...existing[0], id: 'old-2' }];
    expect([...planImport([entry({})], twins, 'update').updates.keys()]).toEqual(['old-1']);
  });
});

describe('checkRow', () => {
  it('trims the text fields as the form does and normalises tags; keeps password and notes as they are', () => {
    expect(
      checkRow(
        entry({ title: ' T ', email: ' e ', password: ' p ', notes: ' n ', tags: [' a', 'a', ''] }),
        1,
      ),
    ).toEqual(entry({ title: 'T', email: 'e', password: ' p ', notes: ' n ', tags: ['a'] }));
  });

  it('reports a row without title or password with its place in the file', () => {
    expect(checkRow(entry({ title: '  ' }), 4)).toEqual({
      title: '(untitled)',
      error: `${TITLE_REQUIRED} (entry 4 of the file)`,
    });
    expect(checkRow(entry({ password: '' }), 5)).toEqual({
      title: 'Site',
      error: `${PASSWORD_REQUIRED} (entry 5 of the file)`,
    });
  });

  it('reports what the form would refuse: lengths and tags', () => {
    expect(checkRow(entry({ notes: 'x'.repeat(20001) }), 1)).toMatchObject({
      error: 'Notes must be at most 20000 characters (entry 1 of the file)',
    });
    expect(checkRow(entry({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }), 2)).toMatchObject({
      error: 'At most 20 tags are allowed (entry 2 of the file)',
    });
    expect(checkRow(entry({ tags: ['y'.repeat(51)] }), 3)).toMatchObject({
      error: 'Each tag must be at most 50 characters (entry 3 of the file)',
    });
  });

  it('trims the TOTP and the custom field names; keeps field values byte for byte', () => {
    const fields = [{ name: ' PIN ', value: ' =0042 ', hidden: true }];
    expect(checkRow(entry({ totp: ' JBSWY3DPEHPK3PXP \n', fields }), 1)).toEqual(
      entry({ totp: 'JBSWY3DPEHPK3PXP', fields: [{ name: 'PIN', value: ' =0042 ', hidden: true }] }),
    );
  });

  it.each([
    ['otpauth://totp/Bad?secret=ABCD1234EFGH5678', TOTP_INVALID],
    ['not a secret!', TOTP_INVALID],
    ['otpauth://hotp/Counter?secret=JBSWY3DPEHPK3PXP&counter=1', TOTP_NOT_TIME_BASED],
    ['otpauth://totp/X?secret=JBSWY3DPEHPK3PXP&algorithm=MD5', TOTP_BAD_ALGORITHM],
    ['otpauth://totp/X?secret=JBSWY3DPEHPK3PXP&digits=4', TOTP_BAD_DIGITS],
  ])('refuses the TOTP %j with a clear error naming the entry', (totp, message) => {
    expect(checkRow(entry({ title: 'Bad seed', totp }), 3)).toEqual({
      title: 'Bad seed',
      error: `${message} (entry 3 of the file)`,
    });
  });

  it('refuses a TOTP longer than the form allows', () => {
    expect(checkRow(entry({ totp: `otpauth://totp/X?secret=${'A'.repeat(2100)}` }), 2)).toMatchObject({
      error: 'TOTP must be at most 2048 characters (entry 2 of the file)',
    });
  });

  it('refuses custom fields beyond the limits, naming the entry', () => {
    const field = (name: string, value = 'v') => ({ name, value, hidden: false });
    const many = Array.from({ length: 51 }, (_, i) => field(`f${i}`));
    expect(checkRow(entry({ fields: many }), 1)).toEqual({
      title: 'Site',
      error: `${TOO_MANY_FIELDS} (entry 1 of the file)`,
    });
    expect(checkRow(entry({ fields: [field('  ')] }), 2)).toMatchObject({
      error: `${FIELD_NAME_REQUIRED} (entry 2 of the file)`,
    });
    expect(checkRow(entry({ fields: [field('n'.repeat(101))] }), 3)).toMatchObject({
      error: `${FIELD_NAME_TOO_LONG} (entry 3 of the file)`,
    });
    expect(checkRow(entry({ fields: [field('n', 'v'.repeat(5001))] }), 4)).toMatchObject({
      error: `${FIELD_VALUE_TOO_LONG} (entry 4 of the file)`,
    });
  });

  it('passes on what a reader refused, with the place in the file', () => {
    expect(checkRow({ title: 'Visa', error: 'Only logins can be imported: this item is a card' }, 7)).toEqual(
      {
        title: 'Visa',
        error: 'Only logins can be imported: this item is a card (entry 7 of the file)',
      },
    );
  });
});
