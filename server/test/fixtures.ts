// Test data written straight to the database: a confirmed user with a vault key and a signed-in session,
// without going through registration, OTP mail and login.
import crypto from 'node:crypto';
import { hashPassword } from '../crypto/argon';
import { newId, sha256 } from '../crypto/tokens';
import { createVaultKey } from '../crypto/vaultKey';
import { createDefaultSettings } from '../modules/user/preferences';
import { createVault } from '../modules/vault/vaultAccount';
import { DEFAULT_AUTO_LOGOUT } from '../../src/common/constants';
import { findSessionByTokenHash } from '../modules/auth/auth.repository';
import { createSession as startSession } from '../modules/auth/sessions';
import type { TestApp } from './testApp';

export const DEFAULT_ACCOUNT_PASSWORD = 'Account@Pass1';
export const DEFAULT_MASTER_PASSWORD = 'Master#Vault9';

export interface UserOverrides {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The account (login) password. */
  password?: string;
  masterPassword?: string;
  twoFactorEnabled?: boolean;
}

export interface TestSession {
  sessionId: string;
  token: string;
  /** Headers for `app.inject`: `{ authorization: 'Bearer …' }`. */
  auth: { authorization: string };
}

export interface TestUser extends TestSession {
  userId: string;
  email: string;
  password: string;
  masterPassword: string;
}

/** A signed-in session for an existing user (a second device, say). */
export async function createSession(t: TestApp, userId: string): Promise<TestSession> {
  const token = await startSession(t.db, userId, t.clock.now(), DEFAULT_AUTO_LOGOUT);
  const session = await findSessionByTokenHash(t.db, sha256(token));
  if (!session) throw new Error('the session was not stored');
  return { sessionId: session.id, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Moves the test clock on by `ms` and signs the user in again: sessions end after idle time and at most
 * some days, so a test that jumps ahead needs a fresh one.
 */
export async function later(t: TestApp, user: TestUser, ms: number): Promise<TestUser> {
  t.clock.advance(ms);
  return { ...user, ...(await createSession(t, user.userId)) };
}

/** A registered, confirmed user with one signed-in session. Costs two Argon2id runs. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const userId = newId();
  const email = overrides.email ?? `user-${crypto.randomBytes(6).toString('hex')}@example.test`;
  const password = overrides.password ?? DEFAULT_ACCOUNT_PASSWORD;
  const masterPassword = overrides.masterPassword ?? DEFAULT_MASTER_PASSWORD;
  const [passwordHash, vaultKey] = await Promise.all([
    hashPassword(password),
    createVaultKey(userId, masterPassword),
  ]);
  const now = t.clock.now().toISOString();
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email,
        first_name: overrides.firstName ?? 'Test',
        last_name: overrides.lastName ?? 'User',
        password_hash: passwordHash,
        two_factor_enabled: overrides.twoFactorEnabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await createVault(trx, userId, vaultKey);
    await createDefaultSettings(trx, userId);
  });
  const session = await createSession(t, userId);
  return { userId, email, password, masterPassword, ...session };
}
