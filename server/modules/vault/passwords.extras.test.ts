// An entry's TOTP and custom fields through the real API and database: sealed at rest, listed without
// their secrets, revealed whole with the master password, kept or replaced by updates.
import crypto from 'node:crypto';
import {
  FIELD_NAME_REQUIRED,
  FIELD_NAME_TOO_LONG,
  FIELD_VALUE_TOO_LONG,
  TOO_MANY_FIELDS,
} from '../../../src/common/customFields';
import { ENTRY_LIMITS } from '../../../src/common/limits';
import { TOTP_BAD_DIGITS, TOTP_INVALID } from '../../../src/common/totp';
import type { CustomField, PasswordEntry, RevealedPasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

const SECRET = 'JBSWY3DPEHPK3PXP';
const SECRET_BYTES = Buffer.from('48656c6c6f21deadbeef', 'hex');
const TOTP_URI = `otpauth://totp/ACME:alice@example.com?secret=${SECRET}&issuer=ACME`;
// '#' is in no id, date or base64 text: a random UUID once held '4711' and the at-rest check failed.
const PIN = '4711#';
const FIELDS: CustomField[] = [
  { name: 'PIN', value: PIN, hidden: true },
  { name: 'Customer number', value: 'C-1234', hidden: false },
  { name: 'Security answer', value: '=SUM(A1) "quoted"\nsecond line ünïcode', hidden: true },
];

/** RFC 6238 by hand (HMAC-SHA1, 30 s, 6 digits): the reference the server's library must agree with. */
function rfcCode(key: Buffer, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('/api/passwords: TOTP and custom fields', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/passwords${path}`,
      headers: alice.auth,
      ...(payload === undefined ? {} : { payload }),
    });

  async function create(fields: Record<string, unknown>): Promise<PasswordEntry> {
    const res = await call('POST', '', {
      title: 'ACME',
      password: 'Entry-Password-1',
      ...fields,
      masterPassword: alice.masterPassword,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.password;
  }

  async function reveal(id: string): Promise<RevealedPasswordEntry> {
    const res = await call('POST', `/${id}/view`, { masterPassword: alice.masterPassword });
    expect(res.statusCode).toBe(200);
    return res.json().data.password;
  }

  const listed = async (id: string): Promise<PasswordEntry> => {
    const res = await call('GET', '?limit=100');
    return (res.json().data.passwords as PasswordEntry[]).find((entry) => entry._id === id)!;
  };
  const rowOf = (id: string) =>
    t.db.selectFrom('passwords').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists whether an entry has a TOTP and the fields that are not hidden, never a secret', async () => {
    const entry = await create({ totp: TOTP_URI, fields: FIELDS });
    expect(entry.hasTotp).toBe(true);
    const inList = await listed(entry._id);
    expect(inList.hasTotp).toBe(true);
    expect(inList.fields).toEqual([
      { name: 'PIN', hidden: true },
      { name: 'Customer number', hidden: false, value: 'C-1234' },
      { name: 'Security answer', hidden: true },
    ]);
    const body = (await call('GET', '?limit=100')).body;
    for (const secret of [SECRET, PIN, 'SUM(A1)', 'totp"']) expect(body).not.toContain(secret);
  });

  it('reveals the TOTP as stored, its current code by RFC 6238 and the seconds it has left', async () => {
    const entry = await create({ totp: ` ${TOTP_URI}\n`, fields: FIELDS });
    const before = t.clock.now().getTime();
    const revealed = await reveal(entry._id);
    const after = t.clock.now().getTime();
    expect(revealed.totp).toBe(TOTP_URI);
    expect([rfcCode(SECRET_BYTES, before), rfcCode(SECRET_BYTES, after)]).toContain(revealed.totpCode);
    expect(revealed.totpRemaining).toBeGreaterThanOrEqual(1);
    expect(revealed.totpRemaining).toBeLessThanOrEqual(30);
    expect(revealed.fields).toEqual(FIELDS);
  });

  it('keeps TOTP and fields at rest only as ciphertext', async () => {
    const entry = await create({ totp: TOTP_URI, fields: FIELDS });
    const row = await rowOf(entry._id);
    const stored = JSON.stringify(row);
    for (const secret of [SECRET, PIN, 'C-1234', 'Customer number', 'Security answer']) {
      expect(stored).not.toContain(secret);
    }
    expect(row.has_totp).toBe(1);
  });

  it('lists whether an entry has notes, never the notes, and follows an update that adds or clears them', async () => {
    const entry = await create({ notes: 'Recovery: 1234-5678' });
    expect(entry.hasNotes).toBe(true);
    expect((await listed(entry._id)).hasNotes).toBe(true);
    expect((await call('GET', '?limit=100')).body).not.toContain('1234-5678');
    expect((await rowOf(entry._id)).has_notes).toBe(1);

    const put = (payload: object) =>
      call('PUT', `/${entry._id}`, { ...payload, masterPassword: alice.masterPassword });
    expect((await put({ title: 'Renamed' })).json().data.password.hasNotes).toBe(true);
    expect((await put({ notes: '' })).json().data.password.hasNotes).toBe(false);
    expect((await listed(entry._id)).hasNotes).toBe(false);
    expect((await put({ notes: 'x' })).json().data.password.hasNotes).toBe(true);
    expect((await listed(entry._id)).hasNotes).toBe(true);

    const plain = await create({});
    expect(plain.hasNotes).toBe(false);
    expect((await listed(plain._id)).hasNotes).toBe(false);
  });

  it('answers an entry without extras with an empty TOTP, no code and no fields', async () => {
    const entry = await create({});
    expect(entry).toMatchObject({ hasTotp: false, fields: [] });
    const revealed = await reveal(entry._id);
    expect(revealed).toMatchObject({ totp: '', totpCode: null, totpRemaining: null, fields: [] });
    expect(await rowOf(entry._id)).toMatchObject({ totp_enc: null, fields_enc: null, fields_listed: null });
  });

  it('keeps TOTP and fields when an update leaves them out, replaces or clears them when given', async () => {
    const entry = await create({ totp: SECRET, fields: FIELDS });
    const put = (payload: object) =>
      call('PUT', `/${entry._id}`, { ...payload, masterPassword: alice.masterPassword });

    expect((await put({ title: 'ACME renamed' })).statusCode).toBe(200);
    expect(await reveal(entry._id)).toMatchObject({ title: 'ACME renamed', totp: SECRET, fields: FIELDS });

    const res = await put({
      totp: '',
      fields: [{ name: ' Note ', value: ' kept as typed ', hidden: false }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.password).toMatchObject({
      hasTotp: false,
      fields: [{ name: 'Note', hidden: false, value: ' kept as typed ' }],
    });
    expect(await reveal(entry._id)).toMatchObject({
      totp: '',
      totpCode: null,
      fields: [{ name: 'Note', value: ' kept as typed ', hidden: false }],
      password: 'Entry-Password-1',
    });
  });

  it.each([
    ['a TOTP that is no secret', { totp: 'not a secret!' }, TOTP_INVALID],
    ['4-digit codes', { totp: `${TOTP_URI}&digits=4` }, TOTP_BAD_DIGITS],
    ['a blank field name', { fields: [{ name: ' ', value: 'x', hidden: false }] }, FIELD_NAME_REQUIRED],
    [
      'a long field name',
      { fields: [{ name: 'n'.repeat(ENTRY_LIMITS.fieldName + 1), value: '', hidden: false }] },
      FIELD_NAME_TOO_LONG,
    ],
    [
      'a long field value',
      { fields: [{ name: 'n', value: 'v'.repeat(ENTRY_LIMITS.fieldValue + 1), hidden: true }] },
      FIELD_VALUE_TOO_LONG,
    ],
    [
      'too many fields',
      {
        fields: Array.from({ length: ENTRY_LIMITS.fields + 1 }, (_, i) => ({
          name: `f${i}`,
          value: '',
          hidden: false,
        })),
      },
      TOO_MANY_FIELDS,
    ],
  ])(
    'refuses %s with a clear message, stores nothing and counts no attempt',
    async (_case, extras, message) => {
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('passwords')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', alice.userId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const res = await call('POST', '', {
        title: 'Refused',
        password: 'Entry-Password-1',
        ...extras,
        masterPassword: 'Not-The-Master-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect(await count()).toBe(before);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/auth/master-password/status',
        headers: alice.auth,
      });
      expect(status.json().data.attemptsRemaining).toBe(3);
    },
  );

  it('lists entries with and without shown fields together, in windows of every order', async () => {
    const bob = await createUser(t);
    const shown = (name: string): CustomField[] => [{ name, value: `${name} value`, hidden: false }];
    const specs = [
      { title: 'delta', isFavorite: true },
      { title: 'alpha', fields: shown('A') },
      { title: 'echo', isFavorite: true, fields: shown('E') },
      { title: 'charlie' },
      { title: 'bravo', fields: shown('B') },
    ];
    for (const spec of specs) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passwords',
        headers: bob.auth,
        payload: { password: 'Entry-Password-1', ...spec, masterPassword: bob.masterPassword },
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const fieldsOf = Object.fromEntries(specs.map((spec) => [spec.title, spec.fields ?? []]));
    const walk = async (query: Record<string, string>) => {
      const seen: PasswordEntry[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/passwords?${new URLSearchParams(cursor ? { ...query, cursor } : query).toString()}`,
          headers: bob.auth,
        });
        expect(res.statusCode).toBe(200);
        const page: { passwords: PasswordEntry[]; nextCursor: string | null } = res.json().data;
        expect(page.passwords.length).toBeLessThanOrEqual(Number(query.limit));
        seen.push(...page.passwords);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const orders = {
      created: ['bravo', 'charlie', 'echo', 'alpha', 'delta'],
      name: ['alpha', 'bravo', 'charlie', 'delta', 'echo'],
      favouritesByName: ['delta', 'echo', 'alpha', 'bravo', 'charlie'],
    };
    for (const limit of ['1', '2', '3', '5', '100']) {
      for (const [query, expected] of [
        [{ limit }, orders.created],
        [{ limit, sort: 'name' }, orders.name],
        [{ limit, sort: 'name', favoritesFirst: 'true' }, orders.favouritesByName],
      ] as const) {
        const entries = await walk(query);
        expect(entries.map((entry) => entry.title)).toEqual(expected);
        for (const entry of entries) expect(entry.fields).toEqual(fieldsOf[entry.title]);
      }
    }
  });

  it('binds what a list shows of the fields to its entry: copied to another, it opens as nothing', async () => {
    const first = await create({ fields: FIELDS });
    const second = await create({ fields: [{ name: 'Other', value: 'x', hidden: false }] });
    const sealed = (await rowOf(first._id)).fields_listed;
    await t.db.updateTable('passwords').set({ fields_listed: sealed }).where('id', '=', second._id).execute();
    expect((await listed(second._id)).fields).toEqual([]);
    expect((await reveal(second._id)).fields).toEqual([{ name: 'Other', value: 'x', hidden: false }]);
  });
});
