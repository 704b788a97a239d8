// Test helper (not used by the app): the account, settings and two-factor API of SPEC section 7 and
// issue 4, and the access log of issue 15, behind a mocked `fetch`, with the server's own texts. Routes
// can be made to fail or to wait.
import { ACCOUNT_PASSWORD_REASONS } from '../common/accountPassword';
import type { ActivityItem } from '../common/activity';
import { AUTO_LOGOUT_OPTIONS } from '../common/constants';
import { UNLOCK_WINDOW_OPTIONS } from '../common/unlockWindow';
import { DEFAULT_LIST_PREFERENCES } from '../common/listOrder';
import { checkGeneratorOptions, DEFAULT_GENERATOR_OPTIONS } from '../common/generatorOptions';
import type { Preferences, Settings, User } from '../common/wire';
import { fakeMasterPassword, type FakeMasterPassword } from './fakeMasterPassword';
import { mockApi, type ApiCall, type MockAnswer } from './mockApi';
import { TEST_USER } from './renderApp';

export const PASSWORD = 'Acc0unt!Pass';
export const MASTER = 'Master#Pass1';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
export const QR_CODE = 'data:image/png;base64,iVBORw0KGgo=';
export const VALID_CODE = '246810';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `RC${i}X-7Q${i}P`);

export const DEFAULT_SETTINGS: Settings = {
  emailNotifications: true,
  securityAlerts: true,
  autoLogout: 30,
  generator: DEFAULT_GENERATOR_OPTIONS,
  unlockMinutes: 0,
  ...DEFAULT_LIST_PREFERENCES,
  totalPasswords: 12,
  favoritePasswords: 3,
  totalCategories: 4,
  totalTags: 7,
};

type Body = Record<string, unknown>;

/** The settings without the vault's counts, as GET /user/preferences answers them. */
export function preferencesOf(settings: Settings): Preferences {
  const { totalPasswords, favoritePasswords, totalCategories, totalTags, ...preferences } = settings;
  void [totalPasswords, favoritePasswords, totalCategories, totalTags];
  return preferences;
}

/** The server's page size of the access log. */
export const ACTIVITY_PAGE_SIZE = 50;

export interface FakeAccount {
  user: User;
  settings: Settings;
  /** The access log, newest first (GET /user/activity and GET /passwords/:id/activity page through it). */
  activity: ActivityItem[];
  calls: ApiCall[];
  /** Make every call of a route answer this until removed, e.g. fail.set('PUT /user/settings', {...}). */
  fail: Map<string, MockAnswer>;
  /** Hold the next answers of a route until the returned function is called. */
  hold: (route: string) => () => void;
  count: (route: string) => number;
  /** The server's master-password rules. */
  master: FakeMasterPassword;
}

const error = (status: number, message: string): MockAnswer => ({ status, body: { message } });
/** A wrong account password, as the server names it (server/modules/auth/accounts.ts). */
const wrongAccountPassword = (message = 'Incorrect password'): MockAnswer => ({
  status: 400,
  body: { message, reason: ACCOUNT_PASSWORD_REASONS.incorrect },
});

/** One page of `items` after the line named by `cursor`, as the server's keyset paging gives it. */
function activityPage(items: ActivityItem[], cursor: string | null): MockAnswer {
  const start = cursor ? items.findIndex((item) => item.id === cursor) + 1 : 0;
  if (cursor && start === 0) return error(400, 'Invalid cursor');
  const page = items.slice(start, start + ACTIVITY_PAGE_SIZE);
  const more = start + ACTIVITY_PAGE_SIZE < items.length;
  return {
    body: { success: true, data: { items: page, nextCursor: more ? page[page.length - 1].id : null } },
  };
}

export function installFakeAccount(
  initial: { user?: Partial<User>; settings?: Partial<Settings>; activity?: ActivityItem[] } = {},
) {
  const holds = new Map<string, Promise<void>>();
  const account: FakeAccount = {
    user: { ...TEST_USER, ...initial.user },
    settings: { ...DEFAULT_SETTINGS, ...initial.settings },
    activity: initial.activity ?? [],
    calls: [],
    fail: new Map(),
    hold: (route) => {
      let release = () => undefined as void;
      holds.set(route, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(route);
        release();
      };
    },
    count: (route) => account.calls.filter((call) => `${call.method} ${call.path}` === route).length,
    master: fakeMasterPassword(MASTER),
  };
  let setupStarted = false;

  /** Account deletion's two passwords, checked as the server does: the account one first. */
  const deletionRefusal = (body: Body): MockAnswer | undefined => {
    if (!body.password || !body.masterPassword)
      return error(400, 'Both passwords are required to delete account');
    if (body.password !== PASSWORD) return wrongAccountPassword();
    return account.master.check(body.masterPassword) ?? undefined;
  };

  const handlers: Record<string, (body: Body, call: ApiCall) => MockAnswer> = {
    ...account.master.routes,
    'GET /auth/me': () => ({ body: { success: true, data: { user: account.user } } }),
    'POST /auth/logout': () => ({ body: { success: true, message: 'Logged out' } }),
    'POST /auth/keep-alive': () => ({ body: { success: true, message: 'Session kept alive' } }),
    'GET /user/settings': () => ({ body: { success: true, settings: account.settings } }),
    'GET /user/preferences': () => ({
      body: { success: true, preferences: preferencesOf(account.settings) },
    }),
    'PUT /user/settings': (body) => {
      if (body.autoLogout !== undefined && !AUTO_LOGOUT_OPTIONS.includes(body.autoLogout as never))
        return error(400, 'Auto logout must be one of 5, 15, 30, 60, 120 minutes');
      const generator = body.generator === undefined ? undefined : checkGeneratorOptions(body.generator);
      if (generator && !generator.ok) return error(400, generator.message);
      if (body.unlockMinutes !== undefined && !UNLOCK_WINDOW_OPTIONS.includes(body.unlockMinutes as never))
        return error(400, `Unlock window must be one of ${UNLOCK_WINDOW_OPTIONS.join(', ')} minutes`);
      const {
        emailNotifications,
        securityAlerts,
        autoLogout,
        unlockMinutes,
        listView,
        listSort,
        favoritesFirst,
      } = {
        ...account.settings,
        ...body,
      };
      account.settings = {
        ...account.settings,
        emailNotifications,
        securityAlerts,
        autoLogout,
        unlockMinutes,
        listView,
        listSort,
        favoritesFirst,
      };
      if (generator) account.settings.generator = generator.options;
      return {
        body: { success: true, message: 'Settings updated successfully', settings: account.settings },
      };
    },
    'DELETE /auth/vault-unlock': () => ({ body: { success: true, message: 'Vault locked' } }),
    'GET /user/activity': (_body, call) => activityPage(account.activity, call.query.get('cursor')),
    'GET /passwords/:id/activity': (_body, call) =>
      activityPage(
        account.activity.filter((item) => item.entryId === call.params.id),
        call.query.get('cursor'),
      ),
    'PUT /user/profile': (body) => {
      account.user = { ...account.user, firstName: String(body.firstName), lastName: String(body.lastName) };
      return { body: { success: true, message: 'Profile updated successfully', user: account.user } };
    },
    'PUT /user/password': (body) =>
      body.currentPassword === PASSWORD
        ? { body: { success: true, message: 'Password updated successfully' } }
        : wrongAccountPassword('Current password is incorrect'),
    'PUT /user/master-password': (body) =>
      account.master.check(body.currentMasterPassword) ?? {
        body: { success: true, message: 'Master password updated successfully' },
      },
    'POST /user/account/check': (body) =>
      deletionRefusal(body) ?? { body: { success: true, message: 'Both passwords are correct' } },
    'DELETE /user/account': (body) =>
      deletionRefusal(body) ?? { body: { success: true, message: 'Account deleted successfully' } },
    'POST /auth/enable-2fa': (body) => {
      if (body.password !== PASSWORD) return wrongAccountPassword();
      if (account.user.twoFactorEnabled) return error(400, 'Two-factor authentication is already enabled');
      setupStarted = true;
      const otpauthUrl = `otpauth://totp/PassVault:${account.user.email}?secret=${TOTP_SECRET}&issuer=PassVault`;
      return { body: { success: true, secret: TOTP_SECRET, otpauthUrl, qrCode: QR_CODE } };
    },
    'POST /auth/verify-2fa-setup': (body) => {
      if (!setupStarted) return error(400, 'Two-factor setup has not been started');
      if (body.otp !== VALID_CODE) return error(400, 'Invalid verification code');
      account.user = { ...account.user, twoFactorEnabled: true };
      return {
        body: { success: true, message: 'Two-factor authentication enabled', recoveryCodes: RECOVERY_CODES },
      };
    },
    'POST /auth/disable-2fa': (body) => {
      if (body.password !== PASSWORD) return wrongAccountPassword();
      if (!account.user.twoFactorEnabled) return error(400, 'Two-factor authentication is not enabled');
      if (body.code !== VALID_CODE && !RECOVERY_CODES.includes(String(body.code))) {
        return error(400, 'Invalid verification code');
      }
      account.user = { ...account.user, twoFactorEnabled: false };
      return { body: { success: true, message: '2FA disabled successfully' } };
    },
  };

  const routes = Object.fromEntries(
    Object.entries(handlers).map(([route, handler]) => [
      route,
      async (call: ApiCall) => {
        await holds.get(route);
        return account.fail.get(route) ?? handler((call.body ?? {}) as Body, call);
      },
    ]),
  );
  const { calls } = mockApi(routes);
  account.calls = calls;
  return account;
}
