// The rules of accounts: registration by e-mailed code, sign-in, sessions and password reset.
import type { FastifyBaseLogger } from 'fastify';
import { MIN_NAME_LENGTH, RESEND_COOLDOWN_SECONDS } from '../../../src/common/constants';
import { isPasswordValid, mustContainMessage } from '../../../src/common/passwordPolicy';
import type { AppContext } from '../../context';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../crypto/argon';
import { newId } from '../../crypto/tokens';
import { createVaultKey } from '../../crypto/vaultKey';
import { badRequest, conflict, HttpError, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import { MailError } from '../../mail/mailer';
import { InMemoryRateLimiter, type RateLimiter } from '../../security/rateLimiter';
import {
  deleteCodes,
  deletePendingById,
  deletePendingByEmail,
  deletePendingCreatedBefore,
  findPendingByEmail,
  findUserByEmail,
  findUserById,
  insertPending,
  insertUserFromPending,
  isUniqueViolation,
  userExists,
  type UserAuthRow,
} from './auth.repository';
import { passwordResetMail, registrationMail } from './auth.mails';
import type { LoginInput, RegisterInput, UserDto } from './auth.schemas';
import { checkCode, cooldownSeconds, issueCode, retireOlderCodes, useCode, withdrawCode } from './codes';
import { createSession, endAllSessions, endSession, setPasswordHash } from './sessions';
import { toUserDto } from './user.dto';

export { toUserDto };

export const MESSAGES = {
  firstNameShort: `First name must be at least ${MIN_NAME_LENGTH} characters`,
  lastNameShort: `Last name must be at least ${MIN_NAME_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  userExists: 'User with this email already exists',
  registrationCompleted: 'Registration already completed',
  noPendingRegistration: 'No pending registration for this email',
  mailFailed: 'We could not send the verification e-mail. Please try again later.',
  invalidOtp: 'Invalid or expired OTP',
  invalidCredentials: 'Invalid credentials',
  invalidTwoFactorCode: 'Invalid two-factor code',
  tokenNotValid: 'Token is not valid',
  weakPassword: 'Password does not meet security requirements',
} as const;

/** Brute-force limits. Per client: each route separately. Per account: keyed by the e-mail. */
export const AUTH_LIMITS = {
  /** Requests per client IP to one auth route. */
  perIp: { limit: 30, windowMs: 60_000 },
  /** Sign-in attempts per account; a successful sign-in clears them, so this counts failures in a row. */
  loginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  /** Code checks per account and purpose (each code also dies after 5 wrong tries). */
  codeChecksPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  /** Code mails per account and purpose, on top of the 60-second cooldown. */
  codeMailsPerAccount: { limit: 10, windowMs: 60 * 60_000 },
} as const;

/** Pending registrations nobody confirmed are forgotten after a week. */
const PENDING_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** SPEC section 5: "a simple x@y pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

function requireEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (!email) throw badRequest(MESSAGES.emailRequired);
  if (!EMAIL_PATTERN.test(email)) throw badRequest(MESSAGES.emailInvalid);
  return email;
}

function cooldownError(waitSeconds: number): HttpError {
  return tooManyRequests(`Please wait ${seconds(waitSeconds)} before requesting a new code`, waitSeconds);
}

/** The second factor of a sign-in. The two-factor issue plugs the TOTP check in here. */
export type TwoFactorVerifier = (user: UserAuthRow, code: string) => Promise<boolean>;
const noTwoFactorYet: TwoFactorVerifier = async () => false;

export interface AuthServiceOptions {
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  verifyTwoFactor?: TwoFactorVerifier;
}

export type LoginResult =
  { requiresTwoFactor: true } | { requiresTwoFactor: false; user: UserDto; token: string };

export function createAuthService(ctx: AppContext, options: AuthServiceOptions) {
  const { db, mailer } = ctx;
  const limiter: RateLimiter = ctx.rateLimiter ?? new InMemoryRateLimiter(() => ctx.now().getTime());
  const verifyTwoFactor = options.verifyTwoFactor ?? noTwoFactorYet;
  /** Reset mails go out after the answer; close() waits for them. */
  const inFlight = new Set<Promise<void>>();

  async function enforce(key: string, rule: { limit: number; windowMs: number }): Promise<void> {
    const result = await limiter.consume(key, rule.limit, rule.windowMs);
    if (!result.allowed) {
      throw tooManyRequests(
        `Too many attempts. Please try again in ${seconds(result.retryAfterSeconds)}.`,
        result.retryAfterSeconds,
      );
    }
  }
  const limitClient = (route: string, ip: string) => enforce(`auth:${route}:ip:${ip}`, AUTH_LIMITS.perIp);
  const loginKey = (email: string) => `auth:login:email:${email}`;

  function background(task: Promise<void>, what: string): void {
    const tracked = task
      .catch((error: unknown) => {
        // The message only: never the mail, the code or the stack of a request.
        options.log.error({ err: { message: (error as Error)?.message ?? String(error) } }, `${what} failed`);
      })
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  /** Sends a code mail; when it fails the code is taken back and `onFailure` tidies the rest. */
  async function mailCode(
    send: () => Promise<void>,
    onFailure: () => Promise<void>,
    failure: () => Error = () => new HttpError(502, MESSAGES.mailFailed),
  ): Promise<void> {
    try {
      await send();
    } catch (error) {
      await onFailure();
      throw error instanceof MailError ? failure() : error;
    }
  }

  async function sendResetCode(email: string): Promise<void> {
    const now = ctx.now();
    const user = await findUserByEmail(db, email);
    if (!user) return;
    // Same answer either way: a cooldown or the hourly cap just means no new mail.
    if ((await cooldownSeconds(db, email, 'reset', now)) > 0) return;
    const { limit, windowMs } = AUTH_LIMITS.codeMailsPerAccount;
    if (!(await limiter.consume(`auth:reset-mail:email:${email}`, limit, windowMs)).allowed) return;
    const issued = await issueCode(db, email, 'reset', now);
    await mailCode(
      () => mailer.send(passwordResetMail(email, issued.code)),
      () => withdrawCode(db, issued.id),
      () => new Error('the reset e-mail could not be sent'),
    );
    await retireOlderCodes(db, email, 'reset', issued.id);
  }

  return {
    async register(input: RegisterInput, ip: string): Promise<{ email: string }> {
      await limitClient('register', ip);
      const firstName = input.firstName.trim();
      const lastName = input.lastName.trim();
      if (firstName.length < MIN_NAME_LENGTH) throw badRequest(MESSAGES.firstNameShort);
      if (lastName.length < MIN_NAME_LENGTH) throw badRequest(MESSAGES.lastNameShort);
      const email = requireEmail(input.email);
      if (!isPasswordValid(input.password)) throw badRequest(mustContainMessage('Password', input.password));
      if (!isPasswordValid(input.masterPassword)) {
        throw badRequest(mustContainMessage('Master password', input.masterPassword));
      }

      if (await userExists(db, email)) throw conflict(MESSAGES.userExists);
      const wait = await cooldownSeconds(db, email, 'registration', ctx.now());
      if (wait > 0) throw cooldownError(wait);
      await enforce(`auth:registration-mail:email:${email}`, AUTH_LIMITS.codeMailsPerAccount);

      // The pending id becomes the user id; the vault key is bound to it from the start.
      const id = newId();
      const [passwordHash, wrapped] = await Promise.all([
        hashPassword(input.password),
        createVaultKey(id, input.masterPassword),
      ]);
      const now = ctx.now();
      let issued;
      try {
        issued = await db.transaction().execute(async (trx) => {
          await deletePendingCreatedBefore(trx, new Date(now.getTime() - PENDING_RETENTION_MS).toISOString());
          await deletePendingByEmail(trx, email);
          await insertPending(trx, {
            id,
            email,
            first_name: firstName,
            last_name: lastName,
            password_hash: passwordHash,
            vault_key_wrapped: wrapped.vaultKeyWrapped,
            kdf_salt: wrapped.kdfSalt,
            kdf_memory_kib: wrapped.kdf.memoryKib,
            kdf_iterations: wrapped.kdf.iterations,
            kdf_parallelism: wrapped.kdf.parallelism,
            created_at: now.toISOString(),
          });
          return issueCode(trx, email, 'registration', now);
        });
      } catch (error) {
        // Two registrations of one e-mail at the same moment: the other one won.
        if (isUniqueViolation(error)) throw cooldownError(RESEND_COOLDOWN_SECONDS);
        throw error;
      }
      const code = issued;
      await mailCode(
        () => mailer.send(registrationMail(email, code.code)),
        // Nothing stays behind: no pending registration, no code.
        () =>
          db.transaction().execute(async (trx) => {
            await deletePendingById(trx, id);
            await deleteCodes(trx, email, 'registration');
          }),
      );
      await retireOlderCodes(db, email, 'registration', code.id);
      return { email };
    },

    async resendRegistrationCode(rawEmail: string, ip: string): Promise<void> {
      await limitClient('resend-registration-otp', ip);
      const email = requireEmail(rawEmail);
      if (await userExists(db, email)) throw conflict(MESSAGES.registrationCompleted);
      if (!(await findPendingByEmail(db, email))) throw notFound(MESSAGES.noPendingRegistration);
      const now = ctx.now();
      const wait = await cooldownSeconds(db, email, 'registration', now);
      if (wait > 0) throw cooldownError(wait);
      await enforce(`auth:registration-mail:email:${email}`, AUTH_LIMITS.codeMailsPerAccount);
      const issued = await issueCode(db, email, 'registration', now);
      // On failure the previous code stays the valid one.
      await mailCode(
        () => mailer.send(registrationMail(email, issued.code)),
        () => withdrawCode(db, issued.id),
      );
      await retireOlderCodes(db, email, 'registration', issued.id);
    },

    async verifyRegistration(
      rawEmail: string,
      otp: string,
      ip: string,
    ): Promise<{ user: UserDto; token: string }> {
      await limitClient('verify-registration-otp', ip);
      const email = requireEmail(rawEmail);
      await enforce(`auth:registration-check:email:${email}`, AUTH_LIMITS.codeChecksPerAccount);
      const now = ctx.now();
      const codeId = await checkCode(db, email, 'registration', otp.trim(), now);
      if (!codeId) throw badRequest(MESSAGES.invalidOtp);
      let created: { user: UserAuthRow; token: string } | null;
      try {
        // The account, its first session and the end of the pending registration: all or nothing.
        created = await db.transaction().execute(async (trx) => {
          if (!(await useCode(trx, codeId, now))) return null;
          const pending = await findPendingByEmail(trx, email);
          if (!pending) return null;
          await insertUserFromPending(trx, pending, now.toISOString());
          await deletePendingById(trx, pending.id);
          const token = await createSession(trx, pending.id, now);
          const user = await findUserById(trx, pending.id);
          return user ? { user, token } : null;
        });
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
      // Counted before the check, so parallel guesses cannot slip past the limit.
      await enforce(loginKey(email), AUTH_LIMITS.loginPerAccount);
      const user = await findUserByEmail(db, email);
      // An unknown e-mail costs one Argon2 verification too: both failures look and last the same.
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await decoyPasswordHash()),
        input.password,
      );
      if (!user || !passwordOk) throw unauthorized(MESSAGES.invalidCredentials);
      if (user.two_factor_enabled) {
        if (!input.twoFactorCode) return { requiresTwoFactor: true };
        if (!(await verifyTwoFactor(user, input.twoFactorCode))) {
          throw unauthorized(MESSAGES.invalidTwoFactorCode);
        }
      }
      await limiter.reset(loginKey(email));
      const token = await createSession(db, user.id, ctx.now());
      ctx.securityEvents?.signedIn(user.id, ip);
      return { requiresTwoFactor: false, user: toUserDto(user), token };
    },

    async currentUser(userId: string): Promise<UserDto> {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized(MESSAGES.tokenNotValid);
      return toUserDto(user);
    },

    async logout(sessionId: string): Promise<void> {
      await endSession(db, sessionId, ctx.now());
    },

    /** Answers at once and the same for every e-mail; the lookup and the mail happen afterwards. */
    async forgotPassword(rawEmail: string, ip: string): Promise<void> {
      await limitClient('forgot-password', ip);
      const email = requireEmail(rawEmail);
      background(sendResetCode(email), 'password reset mail');
    },

    async verifyResetCode(rawEmail: string, otp: string, ip: string): Promise<void> {
      await limitClient('verify-otp', ip);
      const email = requireEmail(rawEmail);
      await enforce(`auth:reset-check:email:${email}`, AUTH_LIMITS.codeChecksPerAccount);
      const codeId = await checkCode(db, email, 'reset', otp.trim(), ctx.now(), { markVerified: true });
      if (!codeId) throw badRequest(MESSAGES.invalidOtp);
    },

    async resetPassword(rawEmail: string, otp: string, password: string, ip: string): Promise<void> {
      await limitClient('reset-password', ip);
      const email = requireEmail(rawEmail);
      if (!isPasswordValid(password)) throw badRequest(MESSAGES.weakPassword);
      await enforce(`auth:reset-check:email:${email}`, AUTH_LIMITS.codeChecksPerAccount);
      const codeId = await checkCode(db, email, 'reset', otp.trim(), ctx.now());
      const user = codeId ? await findUserByEmail(db, email) : undefined;
      if (!codeId || !user) throw badRequest(MESSAGES.invalidOtp);
      const passwordHash = await hashPassword(password);
      const now = ctx.now();
      // New password, used code and every session ended: all or nothing.
      const done = await db.transaction().execute(async (trx) => {
        if (!(await useCode(trx, codeId, now))) return false;
        await setPasswordHash(trx, user.id, passwordHash, now);
        await endAllSessions(trx, user.id, now);
        return true;
      });
      if (!done) throw badRequest(MESSAGES.invalidOtp);
      await limiter.reset(loginKey(email));
    },

    /** Waits for the reset mails still being sent (graceful shutdown, tests). */
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
