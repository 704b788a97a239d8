import { createUser, type TestUser } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/testApp';

type Method = 'GET' | 'PUT' | 'POST';

describe('/api/user profile and settings', () => {
  let t: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    [ann, bob] = await Promise.all([
      createUser(t, { firstName: 'Ann', lastName: 'Lee' }),
      createUser(t, { firstName: 'Bob', lastName: 'Ray' }),
    ]);
  });
  afterAll(() => t.close());

  function call(user: TestUser | undefined, method: Method, url: string, payload?: object) {
    return t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
  }
  const names = async (user: TestUser) =>
    t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();

  describe('PUT /api/user/profile', () => {
    it('saves trimmed names and answers the user', async () => {
      const res = await call(ann, 'PUT', '/api/user/profile', {
        firstName: '  Annette ',
        lastName: 'Lee-Smith ',
        email: ann.email,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        success: true,
        message: 'Profile updated successfully',
        user: {
          _id: ann.userId,
          firstName: 'Annette',
          lastName: 'Lee-Smith',
          email: ann.email,
          twoFactorEnabled: false,
          createdAt: expect.any(String),
        },
      });
      expect(await names(ann)).toEqual({ first_name: 'Annette', last_name: 'Lee-Smith', email: ann.email });
      const me = await call(ann, 'GET', '/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user).toMatchObject({ firstName: 'Annette', lastName: 'Lee-Smith' });
    });

    it('takes the same e-mail in another case, or none', async () => {
      const upper = await call(ann, 'PUT', '/api/user/profile', {
        firstName: 'Ann',
        lastName: 'Lee',
        email: ann.email.toUpperCase(),
      });
      expect(upper.statusCode).toBe(200);
      const without = await call(ann, 'PUT', '/api/user/profile', { firstName: 'Ann', lastName: 'Lee' });
      expect(without.statusCode).toBe(200);
      expect(without.json().user.email).toBe(ann.email);
    });

    it('refuses to change the e-mail and changes nothing else', async () => {
      const res = await call(ann, 'PUT', '/api/user/profile', {
        firstName: 'Mallory',
        lastName: 'Lee',
        email: 'someone.else@example.test',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Email address cannot be changed' });
      expect(await names(ann)).toEqual({ first_name: 'Ann', last_name: 'Lee', email: ann.email });
    });

    it.each([
      [{ lastName: 'Lee' }, 'First name is required'],
      [{ firstName: '   ', lastName: 'Lee' }, 'First name is required'],
      [{ firstName: 'Ann' }, 'Last name is required'],
      [{ firstName: 'Ann', lastName: '\t' }, 'Last name is required'],
      [{ firstName: 'A'.repeat(101), lastName: 'Lee' }, 'First name must be at most 100 characters'],
      [{ firstName: 'Ann', lastName: 'L'.repeat(101) }, 'Last name must be at most 100 characters'],
    ])('refuses %j: %s', async (body, message) => {
      const res = await call(ann, 'PUT', '/api/user/profile', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect((await names(ann)).first_name).toBe('Ann');
    });

    it('accepts a 100-character name', async () => {
      const res = await call(bob, 'PUT', '/api/user/profile', {
        firstName: 'B'.repeat(100),
        lastName: 'Ray',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.firstName).toHaveLength(100);
    });

    it('needs a session', async () => {
      const res = await call(undefined, 'PUT', '/api/user/profile', { firstName: 'X', lastName: 'Y' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/Access denied|Token/);
    });
  });

  describe('GET and PUT /api/user/settings', () => {
    it('starts with the defaults and empty counts', async () => {
      const res = await call(bob, 'GET', '/api/user/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        settings: {
          emailNotifications: true,
          securityAlerts: true,
          autoLogout: 30,
          generator: {
            mode: 'password',
            length: 16,
            uppercase: true,
            lowercase: true,
            digits: true,
            symbols: true,
            avoidLookAlike: false,
          },
          unlockMinutes: 0,
          listView: 'cards',
          listSort: 'created',
          favoritesFirst: false,
          totalPasswords: 0,
          favoritePasswords: 0,
          totalCategories: 0,
          totalTags: 0,
        },
      });
    });

    it('counts entries, favourites, categories in use and distinct tags', async () => {
      const entries = [
        { title: 'Mail', category: 'work', isFavorite: true, tags: ['email', 'daily'] },
        { title: 'Bank', category: 'finance', isFavorite: true, tags: ['money', 'daily'] },
        { title: 'Intranet', category: 'work', tags: [] },
        { title: 'Shop' },
      ];
      for (const entry of entries) {
        const res = await call(ann, 'POST', '/api/passwords', {
          ...entry,
          password: 'Entry-Secret-1',
          masterPassword: ann.masterPassword,
        });
        expect(res.statusCode).toBe(201);
      }
      const res = await call(ann, 'GET', '/api/user/settings');
      expect(res.json().settings).toMatchObject({
        totalPasswords: 4,
        favoritePasswords: 2,
        // work, finance and the default category of 'Shop'.
        totalCategories: 3,
        totalTags: 3,
      });
      // Another user's vault is not counted.
      expect((await call(bob, 'GET', '/api/user/settings')).json().settings.totalPasswords).toBe(0);
    });

    it('saves the whole settings object, ignoring the counts in it', async () => {
      const res = await call(ann, 'PUT', '/api/user/settings', {
        emailNotifications: false,
        securityAlerts: false,
        autoLogout: 120,
        unlockMinutes: 5,
        totalPasswords: 999,
        favoritePasswords: 999,
        totalCategories: 999,
        totalTags: 999,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Settings updated successfully',
        settings: {
          emailNotifications: false,
          securityAlerts: false,
          autoLogout: 120,
          generator: expect.objectContaining({ mode: 'password', length: 16 }),
          unlockMinutes: 5,
          listView: 'cards',
          listSort: 'created',
          favoritesFirst: false,
          totalPasswords: 4,
          favoritePasswords: 2,
          totalCategories: 3,
          totalTags: 3,
        },
      });
      const again = await call(ann, 'GET', '/api/user/settings');
      expect(again.json().settings).toMatchObject({
        emailNotifications: false,
        securityAlerts: false,
        autoLogout: 120,
        unlockMinutes: 5,
      });
      const odd = await call(ann, 'PUT', '/api/user/settings', { unlockMinutes: 60, autoLogout: 5 });
      expect(odd.statusCode).toBe(400);
      expect(odd.json()).toEqual({ message: 'Unlock window must be one of 0, 1, 5, 15 minutes' });
      expect((await call(ann, 'GET', '/api/user/settings')).json().settings).toMatchObject({
        autoLogout: 120,
        unlockMinutes: 5,
      });
      // Bob's settings are his own.
      expect((await call(bob, 'GET', '/api/user/settings')).json().settings.autoLogout).toBe(30);
    });

    it("remembers how the Passwords page's list was left: view, order, favourites first", async () => {
      const cleo = await createUser(t);
      const res = await call(cleo, 'PUT', '/api/user/settings', {
        listView: 'compact',
        listSort: 'name',
        favoritesFirst: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings).toMatchObject({
        listView: 'compact',
        listSort: 'name',
        favoritesFirst: true,
      });
      for (const [body, message] of [
        [{ listView: 'grid', listSort: 'updated' }, 'listView must be one of: cards, compact'],
        [{ listSort: 'size', listView: 'cards' }, 'listSort must be one of: created, updated, name'],
      ] as const) {
        const refused = await call(cleo, 'PUT', '/api/user/settings', body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ message });
      }
      // A refusal changed nothing, not even what it sent right.
      expect((await call(cleo, 'GET', '/api/user/settings')).json().settings).toMatchObject({
        listView: 'compact',
        listSort: 'name',
        favoritesFirst: true,
      });
      // The preferences alone: the settings without the vault's counts.
      const { settings } = (await call(cleo, 'GET', '/api/user/settings')).json();
      const { totalPasswords, favoritePasswords, totalCategories, totalTags, ...chosen } = settings;
      void [totalPasswords, favoritePasswords, totalCategories, totalTags];
      const preferences = await call(cleo, 'GET', '/api/user/preferences');
      expect(preferences.statusCode).toBe(200);
      expect(preferences.json()).toEqual({ success: true, preferences: chosen });
    });

    it('changes only what is sent', async () => {
      const res = await call(ann, 'PUT', '/api/user/settings', { securityAlerts: true });
      expect(res.json().settings).toMatchObject({
        emailNotifications: false,
        securityAlerts: true,
        autoLogout: 120,
      });
    });

    it.each([5, 15, 30, 60, 120])('accepts an auto-logout of %i minutes', async (minutes) => {
      const res = await call(bob, 'PUT', '/api/user/settings', { autoLogout: minutes });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.autoLogout).toBe(minutes);
    });

    it.each([0, 1, 10, 45, 240, -5])('refuses an auto-logout of %i minutes', async (minutes) => {
      const before = (await call(bob, 'GET', '/api/user/settings')).json().settings.autoLogout;
      const res = await call(bob, 'PUT', '/api/user/settings', { autoLogout: minutes });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Auto logout must be one of 5, 15, 30, 60, 120 minutes' });
      expect((await call(bob, 'GET', '/api/user/settings')).json().settings.autoLogout).toBe(before);
    });

    it('refuses values of the wrong type', async () => {
      const text = await call(bob, 'PUT', '/api/user/settings', { autoLogout: 'soon' });
      expect(text.statusCode).toBe(400);
      const fraction = await call(bob, 'PUT', '/api/user/settings', { autoLogout: 7.5 });
      expect(fraction.statusCode).toBe(400);
      const flag = await call(bob, 'PUT', '/api/user/settings', { securityAlerts: 'maybe' });
      expect(flag.statusCode).toBe(400);
    });

    it('needs a session', async () => {
      expect((await call(undefined, 'GET', '/api/user/settings')).statusCode).toBe(401);
      expect((await call(undefined, 'PUT', '/api/user/settings', { autoLogout: 5 })).statusCode).toBe(401);
    });
  });
});
