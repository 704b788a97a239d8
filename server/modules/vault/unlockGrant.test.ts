// The opt-in unlock window through the real API and database: one master password opens the vault of
// one tab of a session for a few minutes, and other tabs of the session keep theirs; the tab's key is
// never stored; the windows end on expiry, "Lock now" (all of the session's), logout, the session's
// lockout and a new master password.
import { UNLOCK_HEADER } from '../../../src/common/unlockWindow';
import { createSession, createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { UNLOCK_GRANTS_PER_SESSION, VAULT_LOCKED, VAULT_LOCKED_REASON } from './unlockGrant';

// Opening a window and every master-password call is one Argon2id run.
jest.setTimeout(120_000);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('/api/auth/vault-unlock: the unlock window', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: Method, url: string, payload?: object, unlockKey?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.auth, ...(unlockKey ? { [UNLOCK_HEADER]: unlockKey } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  async function openWindow(user: TestUser, minutes = 5): Promise<{ unlockKey: string; expiresAt: string }> {
    const res = await call(user, 'POST', '/api/auth/vault-unlock', {
      masterPassword: user.masterPassword,
      minutes,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().data;
  }

  async function entryOf(user: TestUser): Promise<string> {
    const res = await call(user, 'POST', '/api/passwords', {
      title: 'Mail',
      password: 'Entry-Secret-1!',
      masterPassword: user.masterPassword,
    });
    return res.json().data.password._id;
  }

  /** The sessions whose windows (sealed keys) the server still stores for the user. */
  const sessionsWithGrants = async (user: TestUser) =>
    (
      await t.db.selectFrom('unlock_grants').select('session_id').where('user_id', '=', user.userId).execute()
    ).map((grant) => grant.session_id);
  const view = (user: TestUser, id: string, unlockKey?: string) =>
    call(user, 'POST', `/api/passwords/${id}/view`, {}, unlockKey);
  const attemptsLeft = async (user: TestUser) =>
    (await call(user, 'GET', '/api/auth/master-password/status')).json().data.attemptsRemaining;
  const isLocked = (res: { statusCode: number; json: () => unknown }) =>
    res.statusCode === 401 &&
    JSON.stringify(res.json()) === JSON.stringify({ message: VAULT_LOCKED, reason: VAULT_LOCKED_REASON });

  it('opens the vault for every vault action of the session without the master password', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const { unlockKey, expiresAt } = await openWindow(user, 5);
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBeGreaterThan(4 * 60_000);

    const revealed = await view(user, id, unlockKey);
    expect(revealed.json().data.password.password).toBe('Entry-Secret-1!');
    const created = await call(
      user,
      'POST',
      '/api/passwords',
      { title: 'New', password: 'Other-1!' },
      unlockKey,
    );
    expect(created.statusCode).toBe(201);
    const updated = await call(user, 'PUT', `/api/passwords/${id}`, { password: 'Changed-2!' }, unlockKey);
    expect(updated.statusCode).toBe(200);
    const history = await call(user, 'POST', `/api/passwords/${id}/history`, {}, unlockKey);
    expect(history.json().data.history.map((item: { password: string }) => item.password)).toEqual([
      'Entry-Secret-1!',
    ]);
    const exported = await call(user, 'POST', '/api/utility/export', { format: 'json' }, unlockKey);
    expect(exported.statusCode).toBe(200);
    const verified = await call(user, 'POST', '/api/auth/verify-master', {}, unlockKey);
    expect(verified.statusCode).toBe(200);
    const removed = await call(user, 'DELETE', `/api/passwords/${id}`, {}, unlockKey);
    expect(removed.statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/auth/vault-unlock')).json().data).toEqual({ expiresAt });
    const status = await call(user, 'GET', '/api/auth/vault-unlock', undefined, unlockKey);
    expect(status.json().data).toEqual({ expiresAt });
  });

  it('gives each tab a window of its own: unlocking in a second tab leaves the first one open', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const first = await openWindow(user, 15);
    t.clock.advance(1_000);
    const second = await openWindow(user, 1);
    expect(second.unlockKey).not.toBe(first.unlockKey);
    expect((await view(user, id, first.unlockKey)).statusCode).toBe(200);
    expect((await view(user, id, second.unlockKey)).statusCode).toBe(200);
    // Each tab is told of its own window; without a key, the latest end of the session's.
    const statusOf = async (key?: string) =>
      (await call(user, 'GET', '/api/auth/vault-unlock', undefined, key)).json().data.expiresAt;
    expect(await statusOf(first.unlockKey)).toBe(first.expiresAt);
    expect(await statusOf(second.unlockKey)).toBe(second.expiresAt);
    expect(await statusOf()).toBe(first.expiresAt);
    // The shorter one ends on its own; the other goes on.
    t.clock.advance(61_000);
    expect(isLocked(await view(user, id, second.unlockKey))).toBe(true);
    expect((await view(user, id, first.unlockKey)).statusCode).toBe(200);
    expect(await statusOf(second.unlockKey)).toBeNull();
  });

  it('"Lock now" in any tab ends the windows of every tab of the session, and of no other session', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const first = await openWindow(user);
    const second = await openWindow(user);
    const other = { ...user, ...(await createSession(t, user.userId)) };
    const elsewhere = await openWindow(other);
    const lock = await call(user, 'DELETE', '/api/auth/vault-unlock', undefined, second.unlockKey);
    expect(lock.json()).toEqual({ success: true, message: 'Vault locked' });
    expect(isLocked(await view(user, id, first.unlockKey))).toBe(true);
    expect(isLocked(await view(user, id, second.unlockKey))).toBe(true);
    expect((await view(other, id, elsewhere.unlockKey)).statusCode).toBe(200);
  });

  it(`keeps a session's newest ${UNLOCK_GRANTS_PER_SESSION} windows: one more ends the oldest`, async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const keys: string[] = [];
    for (let i = 0; i <= UNLOCK_GRANTS_PER_SESSION; i += 1) {
      keys.push((await openWindow(user)).unlockKey);
      t.clock.advance(1_000);
    }
    expect(isLocked(await view(user, id, keys[0]))).toBe(true);
    for (const key of keys.slice(1)) expect((await view(user, id, key)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('unlock_grants')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows).toHaveLength(UNLOCK_GRANTS_PER_SESSION);
  });

  it('asks for the master password without a window, and counts nothing for a wrong or missing key', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const missing = await view(user, id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Master password is required' });
    expect(isLocked(await view(user, id, 'A'.repeat(43)))).toBe(true);
    expect(isLocked(await view(user, id, 'short'))).toBe(true);
    const { unlockKey } = await openWindow(user);
    const forged = unlockKey.slice(0, -2) + (unlockKey.endsWith('AA') ? 'BA' : 'AA');
    expect(isLocked(await view(user, id, forged))).toBe(true);
    expect(await attemptsLeft(user)).toBe(3);
    expect((await call(user, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('counts a wrong master password when opening, and refuses windows other than 1, 5 or 15 minutes', async () => {
    const user = await createUser(t);
    const wrong = await call(user, 'POST', '/api/auth/vault-unlock', {
      masterPassword: 'Not-It-1!',
      minutes: 5,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid master password', attemptsRemaining: 2 });
    const odd = await call(user, 'POST', '/api/auth/vault-unlock', {
      masterPassword: user.masterPassword,
      minutes: 60,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ message: 'minutes must be one of: 1, 5, 15' });
  });

  it('belongs to its session: another session of the same user cannot use the key', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const { unlockKey } = await openWindow(user);
    const other = { ...user, ...(await createSession(t, user.userId)) };
    expect(isLocked(await view(other, id, unlockKey))).toBe(true);
  });

  it('ends when it expires, on "Lock now" and on logout', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    let { unlockKey } = await openWindow(user, 1);
    t.clock.advance(61_000);
    expect(isLocked(await view(user, id, unlockKey))).toBe(true);
    expect((await call(user, 'GET', '/api/auth/vault-unlock')).json().data).toEqual({ expiresAt: null });

    ({ unlockKey } = await openWindow(user, 15));
    const lock = await call(user, 'DELETE', '/api/auth/vault-unlock');
    expect(lock.json()).toEqual({ success: true, message: 'Vault locked' });
    expect(isLocked(await view(user, id, unlockKey))).toBe(true);

    ({ unlockKey } = await openWindow(user, 15));
    const other = await createSession(t, user.userId);
    const otherTab = await openWindow({ ...user, ...other }, 15);
    await call(user, 'POST', '/api/auth/logout');
    expect((await view(user, id, unlockKey)).statusCode).toBe(401);
    // Signed out: the session's sealed keys are gone at once, another session's window stays open.
    expect(await sessionsWithGrants(user)).toEqual([other.sessionId]);
    expect((await view({ ...user, ...other }, id, otherTab.unlockKey)).statusCode).toBe(200);
  });

  it('ends in the sessions a password change signs out, and stays open in the one that changed it', async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const mine = await openWindow(user, 15);
    const otherUser = { ...user, ...(await createSession(t, user.userId)) };
    await openWindow(otherUser, 15);
    const change = await call(user, 'PUT', '/api/user/password', {
      currentPassword: user.password,
      newPassword: 'Fresh7&Harbour',
    });
    expect(change.statusCode).toBe(200);
    expect(await sessionsWithGrants(user)).toEqual([user.sessionId]);
    expect((await view(user, id, mine.unlockKey)).statusCode).toBe(200);
  });

  it("ends with the session's third wrong master password and with a new master password", async () => {
    const user = await createUser(t);
    const id = await entryOf(user);
    const { unlockKey } = await openWindow(user);
    for (let i = 0; i < 3; i += 1) {
      await call(user, 'POST', '/api/auth/verify-master', { masterPassword: `Wrong-${i}-Master!` });
    }
    expect((await view(user, id, unlockKey)).statusCode).toBe(401);
    expect(
      await t.db.selectFrom('unlock_grants').selectAll().where('user_id', '=', user.userId).execute(),
    ).toEqual([]);

    const fresh = await createUser(t);
    const freshId = await entryOf(fresh);
    const grant = await openWindow(fresh);
    const change = await call(fresh, 'PUT', '/api/user/master-password', {
      currentMasterPassword: fresh.masterPassword,
      newMasterPassword: 'Another-Master-9!',
    });
    expect(change.statusCode).toBe(200);
    expect(isLocked(await view(fresh, freshId, grant.unlockKey))).toBe(true);
  });

  it('stores and logs neither the tab key nor the vault key in the clear', async () => {
    const user = await createUser(t);
    const { unlockKey } = await openWindow(user);
    await view(user, await entryOf(user), unlockKey);
    const [row] = await t.db
      .selectFrom('unlock_grants')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(row.sealed_key).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(unlockKey);
    // The row is found by the key's hash, which opens nothing: the sealed key needs the key itself.
    expect(row.id).not.toBe(unlockKey);
    expect(isLocked(await view(user, await entryOf(user), row.id))).toBe(true);
    expect(t.logLines.join('\n')).not.toContain(unlockKey);
  });
});
