// The rules of accounts: registration by e-mailed code, sign-in, sessions and password reset.
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_AUTO_LOGOUT, RESEND_COOLDOWN_SECONDS } from '../../../src/common/constants';
import { isValidEmail, normaliseEmail } from '../../../src/common/email';
import {
  isPasswordValid,
  mustContainMessage,
  PASSWORDS_MUST_DIFFER,
} from '../../../src/common/passwordPolicy';
import type { AppContext } from '../../context';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../crypto/argon';
import { newId, newToken, sha256 } from '../../crypto/tokens';
import { createVaultKey } from '../../crypto/vaultKey';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../http/errors';
import { LIMITS, enforce, forget, limiterOf } from '../../security/limits';
import { autoLogoutMinutes, createDefaultSettings } from '../user/preferences';
import { sendSecurityAlert } from '../user/securityAlerts';
import { isMasterPassword } from '../vault/masterPassword.service';
import { createVault } from '../vault/vaultAccount';
import {
  deletePendingByEmail,
  deletePendingById,
  deletePendingCreatedBefore,
  deleteCodes,
  findPendingByHandle,
  findUserByEmail,
  findUserById,
  insertPending,
  insertUserFromPending,
  isUniqueViolation,
  userExists,
  type PendingRow,
  type UserAuthRow,
} from './auth.repository';
import { passwordResetMail, registrationCodesAlertMail, registrationMail } from './auth.mails';
import type { LoginInput, RegisterInput, UserDto } from './auth.schemas';
import { checkMailedCode, cooldownError, sendMailedCode, verifyMailedCode } from './mailedCodes';
import { requireName, signedInAccount } from './accounts';
import { createSession, endAllSessions, endSession, setPasswordHash } from './sessions';
import { admitRegistration, useInvitation } from './signupPolicy';
import { toUserDto } from './user.dto';

export { toUserDto, normaliseEmail };

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  userExists: 'User with this email already exists',
  registrationCompleted: 'Registration already completed',
  noPendingRegistration: 'No pending registration for this email',
  invalidOtp: 'Invalid or expired OTP',
  invalidCredentials: 'Invalid credentials',
  invalidTwoFactorCode: 'Invalid two-factor code',
  weakPassword: 'Password does not meet security requirements',
  accountDisabled: 'This account is disabled. Contact your administrator.',
} as const;

/** Pending registrations nobody confirmed are forgotten after a week. */
const PENDING_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** The trimmed, lower-cased address, or 400 with SPEC section 5's text. */
export function requireEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (!email) throw badRequest(MESSAGES.emailRequired);
  if (!isValidEmail(email)) throw badRequest(MESSAGES.emailInvalid);
  return email;
}

/** The second factor of a sign-in (the two-factor module's check). */
export type TwoFactorVerifier = (user: UserAuthRow, code: string) => Promise<boolean>;

export interface AuthServiceOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  verifyTwoFactor: TwoFactorVerifier;
}

export type LoginResult =
  { requiresTwoFactor: true } | { requiresTwoFactor: false; user: UserDto; token: string };

const registrationSubject = (pending: Pick<PendingRow, 'email' | 'id'>) => ({
  email: pending.email,
  purpose: 'registration' as const,
  registrationId: pending.id,
});
const resetSubject = (email: string) => ({ email, purpose: 'reset' as const });

export function createAuthService(ctx: AppContext, options: AuthServiceOptions) {
  const { db } = ctx;
  /** Reset mails go out after the answer; close() waits for them. */
  const inFlight = new Set<Promise<void>>();

  const limitClient = (route: string, ip: string) =>
    enforce(ctx, `auth:${route}:ip:${ip}`, LIMITS.requestsPerAddress);
  const loginKey = (email: string, ip: string) => `auth:login:${email}:ip:${ip}`;

  function background(task: Promise<void>, what: string): void {
    const tracked = task
      .catch((error: unknown) => {
        // The message only: never the mail, the code or the stack of a request.
        options.log.error({ err: { message: (error as Error)?.message ?? String(error) } }, `${what} failed`);
      })
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  /** The pending registration that this client (holding `handle`) started for `email`. */
  async function pendingOf(email: string, handle: string): Promise<PendingRow | undefined> {
    return handle ? findPendingByHandle(db, email, sha256(handle)) : undefined;
  }

  async function sendResetCode(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    // The answer was given already and is the same either way: past a cap, simply no mail.
    await sendMailedCode(ctx, resetSubject(email), (code) => passwordResetMail(email, code)).catch(
      (error) => {
        if ((error as { statusCode?: number }).statusCode !== 429) throw error;
      },
    );
  }

  return {
    /**
     * Starts a registration and answers its handle: only the client holding it can complete or resend
     * this registration. Another registration of the same address never touches this one: each has its
     * own passwords and its own codes, and the first to be confirmed creates the account.
     */
    async register(input: RegisterInput, ip: string): Promise<{ email: string; registrationId: string }> {
      await limitClient('register', ip);
      const firstName = requireName('First name', input.firstName, 'registration');
      const lastName = requireName('Last name', input.lastName, 'registration');
      const email = requireEmail(input.email);
      // Who may register is told before anything else about the passwords.
      const invitationId = await admitRegistration(ctx, email, input.invite?.trim() || undefined);
      if (!isPasswordValid(input.password)) throw badRequest(mustContainMessage('Password', input.password));
      if (!isPasswordValid(input.masterPassword)) {
        throw badRequest(mustContainMessage('Master password', input.masterPassword));
      }
      if (input.password === input.masterPassword) throw badRequest(PASSWORDS_MUST_DIFFER);
      if (await userExists(db, email)) throw conflict(MESSAGES.userExists);

      // The pending id becomes the user id; the vault key is bound to it from the start.
      const id = newId();
      const handle = newToken();
      const [passwordHash, wrapped] = await Promise.all([
        hashPassword(input.password),
        createVaultKey(id, input.masterPassword),
      ]);
      const now = ctx.now();
      const pending = {
        id,
        handle_hash: sha256(handle),
        email,
        first_name: firstName,
        last_name: lastName,
        password_hash: passwordHash,
        invitation_id: invitationId,
        vault_key_wrapped: wrapped.vaultKeyWrapped,
        kdf_salt: wrapped.kdfSalt,
        kdf_memory_kib: wrapped.kdf.memoryKib,
        kdf_iterations: wrapped.kdf.iterations,
        kdf_parallelism: wrapped.kdf.parallelism,
        created_at: now.toISOString(),
      };
      await sendMailedCode(ctx, registrationSubject(pending), (code) => registrationMail(email, code), {
        // One code mail a minute to an address, whichever registration asks.
        cooldownSubject: { email, purpose: 'registration' },
        before: async (trx) => {
          await deletePendingCreatedBefore(trx, new Date(now.getTime() - PENDING_RETENTION_MS).toISOString());
          await insertPending(trx, pending);
        },
        // Nothing stays behind when the mail cannot be sent.
        undo: () => deletePendingById(db, id),
      });
      return { email, registrationId: handle };
    },

    async resendRegistrationCode(rawEmail: string, handle: string, ip: string): Promise<void> {
      await limitClient('resend-registration-otp', ip);
      const email = requireEmail(rawEmail);
      if (await userExists(db, email)) throw conflict(MESSAGES.registrationCompleted);
      const pending = await pendingOf(email, handle);
      if (!pending) throw notFound(MESSAGES.noPendingRegistration);
      // On failure the previous code stays the valid one.
      await sendMailedCode(ctx, registrationSubject(pending), (code) => registrationMail(email, code));
    },

    async verifyRegistration(
      rawEmail: string,
      otp: string,
      handle: string,
      ip: string,
    ): Promise<{ user: UserDto; token: string }> {
      await limitClient('verify-registration-otp', ip);
      const email = requireEmail(rawEmail);
      const pending = await pendingOf(email, handle);
      if (!pending) {
        if (await userExists(db, email)) throw conflict(MESSAGES.userExists);
        throw badRequest(MESSAGES.invalidOtp);
      }
      let created: { user: UserAuthRow; token: string } | undefined;
      try {
        // The account, its first session and the end of every pending registration of the address.
        created = await checkMailedCode(
          ctx,
          registrationSubject(pending),
          otp.trim(),
          async (trx) => {
            const now = ctx.now();
            // An invitation is used up by the registration that is confirmed first.
            if (pending.invitation_id) await useInvitation(trx, pending.invitation_id, now.toISOString());
            // The account (this module), its vault and its preferences (theirs), all or nothing.
            await insertUserFromPending(trx, pending, now.toISOString());
            await createVault(trx, pending.id, {
              vaultKeyWrapped: pending.vault_key_wrapped,
              kdfSalt: pending.kdf_salt,
              kdf: {
                memoryKib: pending.kdf_memory_kib,
                iterations: pending.kdf_iterations,
                parallelism: pending.kdf_parallelism,
              },
            });
            await createDefaultSettings(trx, pending.id);
            await deletePendingByEmail(trx, email);
            await deleteCodes(trx, { email, purpose: 'registration' });
            const token = await createSession(trx, pending.id, now, DEFAULT_AUTO_LOGOUT);
            const user = await findUserById(trx, pending.id);
            return user && { user, token };
          },
          {
            invalid: MESSAGES.invalidOtp,
            onDailyCap: () => background(ctx.mailer.send(registrationCodesAlertMail(email)), 'alert mail'),
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.userExists);
        throw error;
      }
      if (!created) throw badRequest(MESSAGES.invalidOtp);
      return { user: toUserDto(created.user), token: created.token };
    },

    async login(input: LoginInput, ip: string): Promise<LoginResult> {
      await limitClient('login', ip);
      const email = normaliseEmail(input.email);
      if (!email) throw badRequest(MESSAGES.emailRequired);
      if (!input.password) throw badRequest(MESSAGES.passwordRequired);
      // Counted before the check, so parallel guesses cannot slip past the limit. Per account and
      // address: a stranger's failures slow the stranger, never the owner's own address.
      await enforce(ctx, loginKey(email, ip), LIMITS.loginFailures);
      const user = await findUserByEmail(db, email);
      // An unknown e-mail costs one Argon2 verification too: both failures look and last the same.
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyPasswordHash()),
        input.password,
      );
      if (!user || !passwordOk) throw unauthorized(MESSAGES.invalidCredentials);
      // Only to someone who knows the password: the account exists and is disabled.
      if (user.disabled_at) throw new HttpError(403, MESSAGES.accountDisabled);
      if (user.two_factor_enabled) {
        if (!input.twoFactorCode) return { requiresTwoFactor: true };
        if (!(await options.verifyTwoFactor(user, input.twoFactorCode))) {
          throw unauthorized(MESSAGES.invalidTwoFactorCode);
        }
      }
      await forget(ctx, loginKey(email, ip), LIMITS.loginFailures);
      const token = await createSession(db, user.id, ctx.now(), await autoLogoutMinutes(db, user.id));
      void sendSecurityAlert(ctx, user.id, 'sign-in', { ip });
      return { requiresTwoFactor: false, user: toUserDto(user), token };
    },

    async currentUser(userId: string): Promise<UserDto> {
      return toUserDto(await signedInAccount(ctx, userId));
    },

    async logout(sessionId: string): Promise<void> {
      await db.transaction().execute((trx) => endSession(trx, sessionId, ctx.now()));
    },

    /**
     * Answers the same for every e-mail, known or not: at once, and within the 60 s after an earlier
     * request with a 429 that says when to ask again. The lookup and the mail happen afterwards.
     */
    async forgotPassword(rawEmail: string, ip: string): Promise<void> {
      await limitClient('forgot-password', ip);
      const email = requireEmail(rawEmail);
      const cooldown = await limiterOf(ctx).consume(
        `auth:reset-request:${email}`,
        1,
        RESEND_COOLDOWN_SECONDS * 1000,
      );
      if (!cooldown.allowed) throw cooldownError(cooldown.retryAfterSeconds);
      background(sendResetCode(email), 'password reset mail');
    },

    async verifyResetCode(rawEmail: string, otp: string, ip: string): Promise<void> {
      await limitClient('verify-otp', ip);
      const email = requireEmail(rawEmail);
      await verifyMailedCode(ctx, resetSubject(email), otp.trim(), {
        invalid: MESSAGES.invalidOtp,
        onDailyCap: () => void alertAccount(email),
      });
    },

    async resetPassword(rawEmail: string, otp: string, password: string, ip: string): Promise<void> {
      await limitClient('reset-password', ip);
      const email = requireEmail(rawEmail);
      if (!isPasswordValid(password)) throw badRequest(MESSAGES.weakPassword);
      const user = await findUserByEmail(db, email);
      let passwordHash = '';
      await checkMailedCode(
        ctx,
        resetSubject(email),
        otp.trim(),
        async (trx) => {
          if (!user) throw badRequest(MESSAGES.invalidOtp);
          const now = ctx.now();
          // New password and every session ended: all or nothing.
          await setPasswordHash(trx, user.id, passwordHash, now);
          await endAllSessions(trx, user.id, now);
        },
        {
          invalid: MESSAGES.invalidOtp,
          onDailyCap: () => void alertAccount(email),
          // Refused, the code is used up: the reset form cannot be used to test guesses of the master password.
          guard: async () => {
            if (user && (await isMasterPassword(ctx, user.id, password)))
              throw badRequest(PASSWORDS_MUST_DIFFER);
            // Hashed only once the code is right: wrong codes cost no Argon2 run.
            passwordHash = await hashPassword(password);
          },
        },
      );
      // The settings' Security Alerts covers every password change, a reset included.
      if (user) void sendSecurityAlert(ctx, user.id, 'password-reset', { ip });
    },

    /** Waits for the reset mails still being sent (graceful shutdown, tests). */
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };

  async function alertAccount(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (user) await sendSecurityAlert(ctx, user.id, 'many-wrong-codes');
  }
}
