// The API calls the vault's count tests make as a user: any method and URL with the user's session,
// a body with the master password added, an entry saved (201) through POST /api/passwords, and a JSON
// file of entries imported, as new entries or updating those it finds again.
import type { PasswordEntry } from '../../src/common/wire';
import type { TestUser } from './fixtures';
import type { TestApp } from './testApp';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The calls, on the app `app()` answers (a test's app is started in its beforeAll). */
export function vaultCalls(app: () => TestApp, password: string) {
  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
    app().app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload }) });
  const withMaster = (user: TestUser, payload: object = {}) => ({
    ...payload,
    masterPassword: user.masterPassword,
  });
  async function create(user: TestUser, fields: Record<string, unknown>): Promise<PasswordEntry> {
    const res = await call(user, 'POST', '/api/passwords', withMaster(user, { password, ...fields }));
    expect(res.statusCode).toBe(201);
    return res.json().data.password;
  }
  /** Imports `entries` as a JSON file: duplicates skipped, or (`updateExisting`) overwritten. */
  const importEntries = (user: TestUser, entries: object[], updateExisting = false) =>
    call(
      user,
      'POST',
      '/api/utility/import',
      withMaster(user, {
        data: JSON.stringify({ version: 1, passwords: entries }),
        format: 'json',
        options: { skipDuplicates: !updateExisting, updateExisting },
      }),
    );
  return { call, withMaster, create, importEntries };
}
