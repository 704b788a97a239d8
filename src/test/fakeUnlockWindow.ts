// Test helper (not used by the app): the server's unlock window (issue 15) in front of another fake's
// `fetch` (fakeVaultServer, fakeAccountServer). Like server/modules/vault/unlockGrant*.ts: POST
// /auth/vault-unlock checks the master password with the fake's own rules and hands out a key; a
// request carrying the key in X-Vault-Unlock goes on to the fake behind with the master password put
// back into its body (so that fake needs to know nothing of windows); an ended window answers 401
// 'vault-locked'. It can also answer GET /user/settings for fakes that do not.
import { UNLOCK_HEADER, UNLOCK_WINDOW_MINUTES } from '../common/unlockWindow';
import type { Settings } from '../common/wire';
import { DEFAULT_SETTINGS, preferencesOf } from './fakeAccountServer';
import type { FakeMasterPassword } from './fakeMasterPassword';
import { TestRequest, TestResponse } from './fetchPolyfill';

export interface UnlockWindowCall {
  method: string;
  path: string;
  /** The X-Vault-Unlock header it carried. */
  unlockKey: string | null;
  /** Whether its body carried a master password. */
  withMasterPassword: boolean;
}

export interface FakeUnlockWindow {
  /** Every request seen, window or not, in order. */
  calls: UnlockWindowCall[];
  /** Every key handed out. */
  keys: string[];
  /** The session's window: its key and end (epoch ms), or null. */
  grant: { key: string; expiresAt: number } | null;
  /** Ends the window on the server only, as if it expired or another tab pressed "Lock now". */
  endOnServer(): void;
  count(route: string): number;
}

const json = (status: number, body: unknown) =>
  new TestResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const VAULT_LOCKED_ANSWER = {
  message: 'The vault is locked: enter your master password',
  reason: 'vault-locked',
};

export function installFakeUnlockWindow(options: {
  master: FakeMasterPassword;
  masterPassword: string;
  /** Answer GET /user/settings and /user/preferences with these (for a fake that has no settings of its own). */
  settings?: Partial<Settings>;
}): FakeUnlockWindow {
  const inner = (globalThis as unknown as { fetch: (request: TestRequest) => Promise<TestResponse> }).fetch;
  let issued = 0;
  const fake: FakeUnlockWindow = {
    calls: [],
    keys: [],
    grant: null,
    endOnServer: () => {
      fake.grant = null;
    },
    count: (route) => fake.calls.filter((call) => `${call.method} ${call.path}` === route).length,
  };
  const settings: Settings | undefined = options.settings && { ...DEFAULT_SETTINGS, ...options.settings };

  const fetchMock = jest.fn(async (request: TestRequest) => {
    const path = new URL(request.url).pathname.replace(/^.*?\/api(?=\/)/, '');
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const unlockKey = request.headers.get(UNLOCK_HEADER);
    fake.calls.push({
      method: request.method,
      path,
      unlockKey,
      withMasterPassword: typeof body.masterPassword === 'string',
    });

    if (path === '/user/settings' && request.method === 'GET' && settings) {
      return json(200, { success: true, settings });
    }
    if (path === '/user/preferences' && request.method === 'GET' && settings) {
      return json(200, { success: true, preferences: preferencesOf(settings) });
    }
    if (path === '/auth/vault-unlock') {
      if (request.method === 'GET') {
        const open = fake.grant !== null && fake.grant.expiresAt > Date.now();
        const expiresAt = open && fake.grant ? new Date(fake.grant.expiresAt).toISOString() : null;
        return json(200, { success: true, data: { expiresAt } });
      }
      if (request.method === 'DELETE') {
        fake.grant = null;
        return json(200, { success: true, message: 'Vault locked' });
      }
      if (!UNLOCK_WINDOW_MINUTES.includes(body.minutes as never)) {
        return json(400, { message: 'minutes must be one of: 1, 5, 15' });
      }
      const refused = options.master.check(body.masterPassword);
      if (refused) return json(refused.status ?? 401, refused.body);
      issued += 1;
      const key = `tab-key-${issued}-${Math.random().toString(36).slice(2)}`;
      fake.keys.push(key);
      fake.grant = { key, expiresAt: Date.now() + Number(body.minutes) * 60_000 };
      return json(200, {
        success: true,
        data: { unlockKey: key, expiresAt: new Date(fake.grant.expiresAt).toISOString() },
      });
    }
    if (unlockKey !== null && typeof body.masterPassword !== 'string') {
      const open = fake.grant && fake.grant.key === unlockKey && fake.grant.expiresAt > Date.now();
      if (!open) return json(401, VAULT_LOCKED_ANSWER);
      const headers = new Headers(request.headers);
      headers.delete(UNLOCK_HEADER);
      return inner(
        new TestRequest(request, {
          headers,
          body: JSON.stringify({ ...body, masterPassword: options.masterPassword }),
        }),
      );
    }
    return inner(request);
  });
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  return fake;
}
