// The access log through the real API, database and mail: every sensitive action writes a line with
// time, address and browser; users read their own lines (all, or one entry's) in keyset pages; no line
// ever holds a secret; old lines go; a reveal from a new address mails an alert.
import type { ActivityItem } from '../../../src/common/activity';
import { createSession, createUser, later, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { ACTIVITY_PAGE_SIZE, recordActivity, sweepActivity } from './activity.service';

// Every vault call is one Argon2id run.
jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const ENTRY_PASSWORD = 'Entry-Secret-77!';
const NOTES = 'notes-that-are-secret';
const TOTP = 'JBSWY3DPEHPK3PXP';
const FIELD_VALUE = 'hidden-field-value-42';
const SEARCH = 'searched-term-xyz';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) ActivityTest/1.0';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('the access log', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: Method, url: string, payload?: object, ip = '198.51.100.7') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...user.auth, 'user-agent': UA },
      ...(payload === undefined ? {} : { payload }),
    });
  const withMaster = (user: TestUser, payload: object = {}) => ({
    ...payload,
    masterPassword: user.masterPassword,
  });

  async function activity(user: TestUser, path = '/api/user/activity'): Promise<ActivityItem[]> {
    const res = await call(user, 'GET', path);
    expect(res.statusCode).toBe(200);
    return res.json().data.items;
  }

  it('records each vault action with time, address and browser, newest first, and never a secret', async () => {
    const user = await createUser(t);
    const created = await call(
      user,
      'POST',
      '/api/passwords',
      withMaster(user, {
        title: 'Bank',
        password: ENTRY_PASSWORD,
        notes: NOTES,
        totp: TOTP,
        fields: [{ name: 'PIN', value: FIELD_VALUE, hidden: true }],
      }),
    );
    const id = created.json().data.password._id as string;
    await call(user, 'GET', `/api/passwords?search=${SEARCH}`);
    await call(user, 'POST', `/api/passwords/${id}/view`, withMaster(user));
    await call(user, 'POST', `/api/passwords/${id}/view`, { masterPassword: 'Wrong-Master-1!' });
    await call(user, 'PUT', `/api/passwords/${id}`, withMaster(user, { password: 'Next-Secret-88!' }));
    await call(user, 'POST', `/api/passwords/${id}/history`, withMaster(user));
    await call(user, 'POST', '/api/utility/export', withMaster(user, { format: 'json' }));
    await call(user, 'DELETE', `/api/passwords/${id}`, withMaster(user));
    await call(user, 'POST', `/api/passwords/${id}/restore`);

    const items = await activity(user);
    expect(items.map((item) => [item.action, item.entryTitle])).toEqual([
      ['restore', 'Bank'],
      ['delete', 'Bank'],
      ['export', null],
      ['history-reveal', 'Bank'],
      ['update', 'Bank'],
      ['master-password-failed', null],
      ['reveal', 'Bank'],
      ['create', 'Bank'],
    ]);
    expect(items[0]).toMatchObject({ actor: 'user', ip: '198.51.100.7', userAgent: UA, entryId: id });
    expect(items.find((item) => item.action === 'master-password-failed')?.entryId).toBe(id);

    const entryOnly = await activity(user, `/api/passwords/${id}/activity`);
    expect(entryOnly.map((item) => item.action)).toEqual([
      'restore',
      'delete',
      'history-reveal',
      'update',
      'master-password-failed',
      'reveal',
      'create',
    ]);

    // The whole table, as a database copy would show it, holds none of the secrets used.
    const table = JSON.stringify(await t.db.selectFrom('activity').selectAll().execute());
    for (const secret of [
      ENTRY_PASSWORD,
      'Next-Secret-88!',
      NOTES,
      TOTP,
      FIELD_VALUE,
      SEARCH,
      user.masterPassword,
      'Wrong-Master-1!',
      user.token,
    ]) {
      expect(table).not.toContain(secret);
    }
  });

  it('records sign-ins, account changes and the session lockout', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': UA },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      await call(user, 'POST', '/api/auth/verify-master', { masterPassword: `Wrong-${i}-Master!` });
    }
    const fresh = { ...user, ...(await createSession(t, user.userId)) };
    const items = await activity(fresh);
    expect(items.map((item) => item.action)).toEqual([
      'lockout',
      'master-password-failed',
      'master-password-failed',
      'sign-in',
    ]);
    expect(items[3]).toMatchObject({ ip: '203.0.113.9', userAgent: UA });
  });

  it('shows users only their own lines, in keyset pages', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 3; i += 1) {
      await recordActivity(t.ctx, { userId: alice.userId, action: 'sign-in', ip: '198.51.100.7' });
    }
    expect(await activity(bob)).toEqual([]);
    const first = (await call(alice, 'GET', '/api/user/activity')).json().data;
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    const second = (await call(alice, 'GET', `/api/user/activity?cursor=${first.nextCursor}`)).json().data;
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((item: ActivityItem) => item.id));
    expect(ids.size).toBe(ACTIVITY_PAGE_SIZE + 3);
    const bad = await call(alice, 'GET', '/api/user/activity?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
  });

  it('deletes lines older than the retention', async () => {
    const user = await createUser(t);
    await call(user, 'POST', '/api/auth/verify-master', { masterPassword: 'Wrong-1-Master!' });
    const fresh = await later(t, user, 11 * DAY_MS);
    await call(fresh, 'POST', '/api/auth/verify-master', { masterPassword: 'Wrong-2-Master!' });
    await sweepActivity(t.ctx, 10);
    expect((await activity(fresh)).map((item) => item.action)).toEqual(['master-password-failed']);
  });

  it('mails an alert for a reveal from an address not seen for the account in 30 days', async () => {
    const user = await createUser(t);
    const created = await call(
      user,
      'POST',
      '/api/passwords',
      withMaster(user, { title: 'Mail', password: 'x-Secret-1!' }),
    );
    const id = created.json().data.password._id as string;
    const before = t.smtp.mails.filter((mail) => mail.to.includes(user.email)).length;
    await call(user, 'POST', `/api/passwords/${id}/view`, withMaster(user));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(user.email))).toHaveLength(before);

    await call(user, 'POST', `/api/passwords/${id}/view`, withMaster(user), '192.0.2.200');
    const alert = await t.smtp.nextMailTo(user.email);
    expect(alert.subject).toBe('PassVault security alert: A password was revealed from a new address');
    expect(alert.text).toContain('192.0.2.200');
    expect(alert.text).not.toContain('x-Secret-1!');
  });
});
