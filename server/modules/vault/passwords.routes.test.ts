import fs from 'node:fs';
import type { PasswordEntry, RevealedPasswordEntry } from '../../../src/common/wire';
import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const ENTRY_KEYS = [
  '_id',
  'category',
  'createdAt',
  'email',
  'fields',
  'hasNotes',
  'hasTotp',
  'health',
  'isFavorite',
  'tags',
  'title',
  'updatedAt',
  'username',
  'website',
];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/passwords entries', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
    bob = await createUser(t, { masterPassword: 'Bobs-Own-Master-2' });
  });
  afterAll(() => t.close());

  function call(user: TestUser | undefined, method: Method, path: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/passwords${path}`,
      headers: user?.auth ?? {},
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function create(user: TestUser, fields: Record<string, unknown> = {}): Promise<PasswordEntry> {
    const res = await call(user, 'POST', '', {
      password: 'Entry-Password-1',
      ...fields,
      masterPassword: user.masterPassword,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.password;
  }

  async function reveal(user: TestUser, id: string): Promise<RevealedPasswordEntry> {
    const res = await call(user, 'POST', `/${id}/view`, { masterPassword: user.masterPassword });
    expect(res.statusCode).toBe(200);
    return res.json().data.password;
  }

  const rowOf = (id: string) =>
    t.db.selectFrom('passwords').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countRows = async (user: TestUser) =>
    Number(
      (
        await t.db
          .selectFrom('passwords')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('authentication', () => {
    const routes: [Method, string][] = [
      ['GET', ''],
      ['GET', '/stats'],
      ['POST', ''],
      ['PUT', `/${UNKNOWN_ID}`],
      ['DELETE', `/${UNKNOWN_ID}`],
      ['POST', `/${UNKNOWN_ID}/view`],
      ['PATCH', `/${UNKNOWN_ID}/favorite`],
    ];
    it.each(routes)('%s /api/passwords%s needs a token', async (method, path) => {
      const res = await call(undefined, method, path, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Access denied. No token provided.' });
      const bogus = await t.app.inject({
        method,
        url: `/api/passwords${path}`,
        headers: { authorization: 'Bearer not-a-session' },
      });
      expect(bogus.statusCode).toBe(401);
      expect(bogus.json()).toEqual({ message: 'Token is not valid' });
    });
  });

  describe('POST /api/passwords', () => {
    it('creates an entry and answers it without its secrets', async () => {
      const res = await call(alice, 'POST', '', {
        title: '  My Bank  ',
        email: ' me@bank.test ',
        username: 'me',
        password: 'Created-Secret-1',
        website: ' https://bank.test ',
        category: 'finance',
        isFavorite: true,
        notes: 'PIN is in the drawer',
        tags: [' money ', 'money', '', '  ', 'bank'],
        masterPassword: alice.masterPassword,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Password created successfully',
        data: {
          password: {
            _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            title: 'My Bank',
            email: 'me@bank.test',
            username: 'me',
            website: 'https://bank.test',
            category: 'finance',
            isFavorite: true,
            tags: ['money', 'bank'],
            hasTotp: false,
            hasNotes: true,
            fields: [],
            health: { strength: expect.any(Number), reusedIn: 0, passwordChangedAt: expect.any(String) },
            createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
            updatedAt: expect.any(String),
          },
        },
      });
      const entry: PasswordEntry = body.data.password;
      expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      expect(res.payload).not.toContain('Created-Secret-1');
      expect(res.payload).not.toContain('drawer');
      expect(entry.updatedAt).toBe(entry.createdAt);

      const revealed = await reveal(alice, entry._id);
      expect(revealed).toEqual({
        ...entry,
        password: 'Created-Secret-1',
        notes: 'PIN is in the drawer',
        totp: '',
        totpCode: null,
        totpRemaining: null,
      });
    });

    it('fills in the defaults', async () => {
      const entry = await create(alice, { password: 'only-a-password' });
      expect(entry).toMatchObject({
        title: 'Untitled',
        email: '',
        username: '',
        website: '',
        category: 'other',
        isFavorite: false,
        tags: [],
      });
      expect((await reveal(alice, entry._id)).notes).toBe('');
    });

    it('drops unknown fields instead of storing them', async () => {
      const res = await call(alice, 'POST', '', {
        _id: UNKNOWN_ID,
        user_id: bob.userId,
        password_enc: 'v1.AAAA',
        password: 'Dropped-Fields-1',
        masterPassword: alice.masterPassword,
      });
      expect(res.statusCode).toBe(201);
      const entry: PasswordEntry = res.json().data.password;
      expect(entry._id).not.toBe(UNKNOWN_ID);
      const row = await rowOf(entry._id);
      expect(row.user_id).toBe(alice.userId);
      expect((await reveal(alice, entry._id)).password).toBe('Dropped-Fields-1');
    });

    const long = (n: number) => 'x'.repeat(n);
    it.each<[string, Record<string, unknown> | undefined, string | RegExp]>([
      ['an empty title', { title: '', password: 'p' }, 'App or website name is required'],
      ['a blank title', { title: '   ', password: 'p' }, 'App or website name is required'],
      ['no password', { title: 'x' }, 'Password is required'],
      ['an empty password', { title: 'x', password: '' }, 'Password is required'],
      ['no body', undefined, 'Password is required'],
      [
        'a title too long',
        { title: long(201), password: 'p' },
        'App or website name must be at most 200 characters',
      ],
      [
        'an e-mail too long',
        { email: long(321), password: 'p' },
        'Email or username must be at most 320 characters',
      ],
      [
        'a website too long',
        { website: long(2049), password: 'p' },
        'Website must be at most 2048 characters',
      ],
      ['a password too long', { password: long(4097) }, 'Password must be at most 4096 characters'],
      ['notes too long', { password: 'p', notes: long(20001) }, 'Notes must be at most 20000 characters'],
      ['an unknown category', { password: 'p', category: 'bogus' }, /^Category must be one of: social, work/],
      [
        'too many tags',
        { password: 'p', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        'At most 20 tags are allowed',
      ],
      ['a tag too long', { password: 'p', tags: ['ok', long(51)] }, 'Each tag must be at most 50 characters'],
      ['tags that are not a list', { password: 'p', tags: 'one' }, 'Tags must be a list of text'],
    ])('refuses %s with 400', async (_name, fields, message) => {
      const before = await countRows(alice);
      const payload = fields === undefined ? undefined : { ...fields, masterPassword: alice.masterPassword };
      const res = await call(alice, 'POST', '', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
      expect(await countRows(alice)).toBe(before);
    });

    it('asks for the master password', async () => {
      for (const masterPassword of [undefined, '']) {
        const res = await call(alice, 'POST', '', { title: 'x', password: 'p', masterPassword });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Master password is required' });
      }
    });

    it('stores nothing for a wrong master password', async () => {
      const before = await countRows(alice);
      const res = await call(alice, 'POST', '', { title: 'x', password: 'p', masterPassword: 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      expect(await countRows(alice)).toBe(before);
    });
  });

  describe('at rest', () => {
    it('keeps no plaintext password, note or master password in the database', async () => {
      const secretPassword = 'Plaintext-Secret-7f3a';
      const secretNote = 'Note-Secret-91bc';
      const first = await create(alice, {
        title: 'AtRestTitle-One',
        password: secretPassword,
        notes: secretNote,
      });
      const second = await create(alice, {
        title: 'AtRestTitle-Two',
        password: secretPassword,
        notes: secretNote,
      });
      await call(alice, 'PUT', `/${first._id}`, {
        password: secretPassword,
        notes: secretNote,
        masterPassword: alice.masterPassword,
      });

      const [one, two] = [await rowOf(first._id), await rowOf(second._id)];
      for (const row of [one, two]) {
        expect(row.password_enc).toMatch(/^v1\./);
        expect(row.notes_enc).toMatch(/^v1\./);
      }
      // A fresh nonce each time: the same password does not give the same ciphertext.
      expect(one.password_enc).not.toBe(two.password_enc);

      const secrets = [secretPassword, secretNote, alice.masterPassword, alice.password];
      if (t.sqliteFile) {
        const files = [t.sqliteFile, `${t.sqliteFile}-wal`].filter((file) => fs.existsSync(file));
        const bytes = Buffer.concat(files.map((file) => fs.readFileSync(file)));
        // The bytes read are the vault's: the searchable title is there in clear.
        expect(bytes.includes(Buffer.from('AtRestTitle-Two'))).toBe(true);
        for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
      } else {
        const dump = JSON.stringify([
          await t.db.selectFrom('passwords').selectAll().execute(),
          await t.db.selectFrom('users').selectAll().execute(),
        ]);
        expect(dump).toContain('AtRestTitle-Two');
        for (const secret of secrets) expect(dump).not.toContain(secret);
      }
    });
  });

  describe('POST /api/passwords/:id/view', () => {
    let entry: PasswordEntry;
    beforeAll(async () => {
      entry = await create(alice, { title: 'Viewable', password: 'View-Me-1', notes: 'view notes' });
    });

    it('reveals the password and the notes, and forbids caching them', async () => {
      const res = await call(alice, 'POST', `/${entry._id}/view`, { masterPassword: alice.masterPassword });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        success: true,
        data: {
          password: {
            ...entry,
            password: 'View-Me-1',
            notes: 'view notes',
            totp: '',
            totpCode: null,
            totpRemaining: null,
          },
        },
      });
    });

    it('reveals nothing for a wrong or missing master password', async () => {
      const res = await call(alice, 'POST', `/${entry._id}/view`, { masterPassword: 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      const missing = await call(alice, 'POST', `/${entry._id}/view`, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Master password is required' });
    });

    it.each([UNKNOWN_ID, 'not-an-id', 'a'.repeat(100), "1' OR '1'='1"])(
      'answers 404 for the id %s',
      async (id) => {
        const res = await call(alice, 'POST', `/${encodeURIComponent(id)}/view`, {
          masterPassword: alice.masterPassword,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Password not found' });
      },
    );

    it('does not decrypt a ciphertext copied from another entry (bound to the entry)', async () => {
      const other = await create(alice, { title: 'Other', password: 'Other-Secret', notes: 'other notes' });
      const source = await rowOf(other._id);
      const target = await create(alice, { title: 'Target', password: 'Target-Secret' });
      await t.db
        .updateTable('passwords')
        .set({ password_enc: source.password_enc })
        .where('id', '=', target._id)
        .execute();
      const res = await call(alice, 'POST', `/${target._id}/view`, { masterPassword: alice.masterPassword });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Failed to decrypt password' });
      expect(res.payload).not.toContain('Other-Secret');

      // The notes are bound to their field too: a password ciphertext does not open as notes.
      const swapped = await create(alice, { title: 'Swapped', password: 'Swap-Secret' });
      const swappedRow = await rowOf(swapped._id);
      await t.db
        .updateTable('passwords')
        .set({ notes_enc: swappedRow.password_enc })
        .where('id', '=', swapped._id)
        .execute();
      const notes = await call(alice, 'POST', `/${swapped._id}/view`, {
        masterPassword: alice.masterPassword,
      });
      expect(notes.statusCode).toBe(422);
    });

    it("does not decrypt a ciphertext moved to another user's entry (bound to the owner)", async () => {
      const bobs = await create(bob, { title: 'Bobs' });
      await t.db
        .updateTable('passwords')
        .set({ password_enc: (await rowOf(entry._id)).password_enc })
        .where('id', '=', bobs._id)
        .execute();
      const res = await call(bob, 'POST', `/${bobs._id}/view`, { masterPassword: bob.masterPassword });
      expect(res.statusCode).toBe(422);
      expect(res.payload).not.toContain('View-Me-1');
    });
  });

  describe('PUT /api/passwords/:id', () => {
    it('changes the given fields, keeps the rest and re-encrypts both secrets', async () => {
      const entry = await create(alice, {
        title: 'Before',
        email: 'before@test',
        password: 'Kept-Secret-1',
        notes: 'kept notes',
        category: 'work',
        tags: ['a'],
      });
      const rowBefore = await rowOf(entry._id);
      t.clock.advance(1000);

      const res = await call(alice, 'PUT', `/${entry._id}`, {
        title: ' After ',
        isFavorite: true,
        tags: ['b', 'b '],
        masterPassword: alice.masterPassword,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        message: 'Password updated successfully',
        data: {
          password: {
            ...entry,
            title: 'After',
            isFavorite: true,
            tags: ['b'],
            updatedAt: expect.any(String),
          },
        },
      });
      expect(Date.parse(body.data.password.updatedAt)).toBeGreaterThan(Date.parse(entry.updatedAt));
      expect(body.data.password.createdAt).toBe(entry.createdAt);

      const rowAfter = await rowOf(entry._id);
      expect(rowAfter.password_enc).not.toBe(rowBefore.password_enc);
      expect(rowAfter.notes_enc).not.toBe(rowBefore.notes_enc);
      const revealed = await reveal(alice, entry._id);
      expect(revealed.password).toBe('Kept-Secret-1');
      expect(revealed.notes).toBe('kept notes');
    });

    it('replaces the password and the notes when given', async () => {
      const entry = await create(alice, { title: 'Rotate', password: 'Old-Secret', notes: 'old' });
      const res = await call(alice, 'PUT', `/${entry._id}`, {
        password: 'New-Secret',
        notes: '',
        category: 'social',
        masterPassword: alice.masterPassword,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.password.category).toBe('social');
      const revealed = await reveal(alice, entry._id);
      expect(revealed.password).toBe('New-Secret');
      expect(revealed.notes).toBe('');
    });

    it('changes nothing for a wrong master password or invalid fields', async () => {
      const entry = await create(alice, { title: 'Stable', password: 'Stable-Secret' });
      const before = await rowOf(entry._id);
      const wrong = await call(alice, 'PUT', `/${entry._id}`, { title: 'Hacked', masterPassword: 'wrong' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      const blank = await call(alice, 'PUT', `/${entry._id}`, {
        title: ' ',
        masterPassword: alice.masterPassword,
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: 'App or website name is required' });
      const emptyPassword = await call(alice, 'PUT', `/${entry._id}`, {
        password: '',
        masterPassword: alice.masterPassword,
      });
      expect(emptyPassword.json()).toEqual({ message: 'Password is required' });
      const noBody = await call(alice, 'PUT', `/${entry._id}`);
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual({ message: 'Master password is required' });
      expect(await rowOf(entry._id)).toEqual(before);
    });

    it('refuses an update made from an entry as it was before another change (ifUpdatedAt): 409, nothing changed', async () => {
      const entry = await create(alice, { title: 'Shared', password: 'First-Secret', notes: 'first' });
      // Two tabs open the form from the same entry.
      const opened = (await reveal(alice, entry._id)).updatedAt;
      t.clock.advance(1_000);
      const first = await call(alice, 'PUT', `/${entry._id}`, {
        password: 'Tab-B-Secret',
        notes: 'from tab B',
        ifUpdatedAt: opened,
        masterPassword: alice.masterPassword,
      });
      expect(first.statusCode).toBe(200);
      const afterFirst = await rowOf(entry._id);
      t.clock.advance(1_000);
      const stale = await call(alice, 'PUT', `/${entry._id}`, {
        title: 'Shared (A)',
        password: 'First-Secret',
        notes: 'first',
        ifUpdatedAt: opened,
        masterPassword: alice.masterPassword,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({
        message:
          'This entry was changed elsewhere after you opened it. Close the form and edit it again to see the changes.',
      });
      expect(await rowOf(entry._id)).toEqual(afterFirst);
      const now = await reveal(alice, entry._id);
      expect([now.title, now.password, now.notes]).toEqual(['Shared', 'Tab-B-Secret', 'from tab B']);

      // From the entry as it is now, the same change goes through; without ifUpdatedAt, as before.
      const fresh = await call(alice, 'PUT', `/${entry._id}`, {
        title: 'Shared (A)',
        ifUpdatedAt: now.updatedAt,
        masterPassword: alice.masterPassword,
      });
      expect(fresh.statusCode).toBe(200);
      const unconditional = await call(alice, 'PUT', `/${entry._id}`, {
        title: 'Shared (B)',
        masterPassword: alice.masterPassword,
      });
      expect(unconditional.statusCode).toBe(200);
      const gone = await call(alice, 'PUT', `/${UNKNOWN_ID}`, {
        title: 'x',
        ifUpdatedAt: opened,
        masterPassword: alice.masterPassword,
      });
      expect(gone.statusCode).toBe(404);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        const res = await call(alice, 'PUT', `/${id}`, { title: 'x', masterPassword: alice.masterPassword });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Password not found' });
      }
    });
  });

  describe('DELETE /api/passwords/:id', () => {
    it('deletes only with the right master password', async () => {
      const entry = await create(alice, { title: 'Doomed' });
      const missing = await call(alice, 'DELETE', `/${entry._id}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Master password is required' });
      const wrong = await call(alice, 'DELETE', `/${entry._id}`, { masterPassword: 'wrong' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        message: 'Invalid master password',
        attemptsRemaining: expect.any(Number),
      });
      await rowOf(entry._id); // still there

      const res = await call(alice, 'DELETE', `/${entry._id}`, { masterPassword: alice.masterPassword });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password deleted successfully' });
      const again = await call(alice, 'DELETE', `/${entry._id}`, { masterPassword: alice.masterPassword });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Password not found' });
      const list = await call(alice, 'GET', '');
      expect(list.json().data.passwords.map((p: PasswordEntry) => p._id)).not.toContain(entry._id);
    });
  });

  describe("another user's entries", () => {
    it('are invisible and untouchable: 404, never data', async () => {
      const entry = await create(alice, {
        title: 'Alice Only',
        password: 'Alice-Secret',
        notes: 'alice notes',
      });
      const before = await rowOf(entry._id);

      const list = await call(bob, 'GET', '');
      expect(list.statusCode).toBe(200);
      expect(list.payload).not.toContain(entry._id);
      expect(list.payload).not.toContain('Alice Only');
      const search = await call(bob, 'GET', '?search=Alice');
      expect(search.json().data.passwords).toEqual([]);

      const attempts: [Method, string, object | undefined][] = [
        ['POST', `/${entry._id}/view`, { masterPassword: bob.masterPassword }],
        [
          'PUT',
          `/${entry._id}`,
          { title: 'Bob was here', password: 'x', masterPassword: bob.masterPassword },
        ],
        ['DELETE', `/${entry._id}`, { masterPassword: bob.masterPassword }],
        ['PATCH', `/${entry._id}/favorite`, undefined],
      ];
      for (const [method, path, payload] of attempts) {
        const res = await call(bob, method, path, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Password not found' });
        expect(res.payload).not.toContain('Alice');
      }
      // Bob knowing Alice's master password changes nothing: the entry is not his.
      const withHers = await call(bob, 'POST', `/${entry._id}/view`, {
        masterPassword: alice.masterPassword,
      });
      expect(withHers.statusCode).toBe(401);

      expect(await rowOf(entry._id)).toEqual(before);
      expect((await reveal(alice, entry._id)).password).toBe('Alice-Secret');
    });
  });
});
