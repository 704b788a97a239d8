// Test data written straight to the database: a confirmed user with a vault key and a signed-in session,
// without going through registration, OTP mail and login.
import crypto from 'node:crypto';
import { hashPassword } from '../crypto/argon';
import { newId, newToken, sha256 } from '../crypto/tokens';
import { createVaultKey } from '../crypto/vaultKey';
import { SESSION_TTL_MS } from '../plugins/authenticate';
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
  const now = t.clock.now();
  const sessionId = newId();
  const token = newToken();
  await t.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      token_hash: sha256(token),
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return { sessionId, token, auth: { authorization: `Bearer ${token}` } };
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
  await t.db
    .insertInto('users')
    .values({
      id: userId,
      email,
      first_name: overrides.firstName ?? 'Test',
      last_name: overrides.lastName ?? 'User',
      password_hash: passwordHash,
      vault_key_wrapped: vaultKey.vaultKeyWrapped,
      kdf_salt: vaultKey.kdfSalt,
      kdf_memory_kib: vaultKey.kdf.memoryKib,
      kdf_iterations: vaultKey.kdf.iterations,
      kdf_parallelism: vaultKey.kdf.parallelism,
      master_failures: 0,
      two_factor_enabled: overrides.twoFactorEnabled ? 1 : 0,
      two_factor_secret_enc: null,
      two_factor_pending_secret_enc: null,
      two_factor_last_step: null,
      email_notifications: 1,
      security_alerts: 1,
      auto_logout: 30,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const session = await createSession(t, userId);
  return { userId, email, password, masterPassword, ...session };
}
