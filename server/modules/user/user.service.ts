// The rules of the signed-in account: profile, account and master password, settings, deletion.
import {
  AUTO_LOGOUT_OPTIONS,
  DEFAULT_AUTO_LOGOUT,
  type AutoLogoutMinutes,
} from '../../../src/common/constants';
import { isPasswordValid } from '../../../src/common/passwordPolicy';
import type { Settings } from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { hashPassword, verifyPassword } from '../../crypto/argon';
import { wrapVaultKey } from '../../crypto/vaultKey';
import { badRequest, unauthorized } from '../../http/errors';
import type { AuthInfo } from '../../plugins/authenticate';
import { unlockVault } from '../passwords/masterPassword.service';
import { beginAttempt } from './accountLimits';
import { sendSecurityAlert } from './securityAlerts';
import * as repo from './user.repository';
import type {
  DeleteAccountInput,
  MasterPasswordChangeInput,
  PasswordChangeInput,
  ProfileInput,
  SettingsInput,
  UserDto,
} from './user.schemas';
import { endOtherSessions, setPasswordHash } from '../auth/sessions';
import { toUserDto } from '../auth/user.dto';

export { toUserDto };

export const MAX_NAME_LENGTH = 100;

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${MAX_NAME_LENGTH} characters`,
  lastNameTooLong: `Last name must be at most ${MAX_NAME_LENGTH} characters`,
  emailImmutable: 'Email address cannot be changed',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  weakPassword: 'Password does not meet security requirements',
  currentMasterRequired: 'Current master password is required',
  newMasterRequired: 'New master password is required',
  weakMasterPassword: 'Master password does not meet security requirements',
  autoLogoutInvalid: `Auto logout must be one of ${AUTO_LOGOUT_OPTIONS.join(', ')} minutes`,
  bothPasswordsRequired: 'Both passwords are required to delete account',
  incorrectPassword: 'Incorrect password',
  tokenNotValid: 'Token is not valid',
} as const;

/** A session ended by wrong master passwords tells the account owner (unlockVault's seam). */
const lockoutAlert = (ctx: AppContext) => ({
  onMasterPasswordLockout: ({ userId }: { userId: string }) => {
    void sendSecurityAlert(ctx, userId, 'master-password-lockout');
  },
});

/** The account of a signed-in request; a deleted account ends the session's use. */
async function accountOf(ctx: AppContext, userId: string): Promise<repo.AccountRow> {
  const account = await repo.findAccount(ctx.db, userId);
  if (!account) throw unauthorized(MESSAGES.tokenNotValid);
  return account;
}

/**
 * Checks the account password of a signed-in user, counting wrong ones per account (429 past the
 * limit). Throws 400 `message` when wrong: a 400 never signs the client out.
 */
export async function checkAccountPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  message: string = MESSAGES.incorrectPassword,
): Promise<repo.AccountRow> {
  const account = await accountOf(ctx, userId);
  const attempt = await beginAttempt(ctx, 'password', userId, 'passwords');
  if (!(await verifyPassword(account.password_hash, password))) throw badRequest(message);
  await attempt.succeeded();
  return account;
}

function requireName(raw: string, required: string, tooLong: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(required);
  if (name.length > MAX_NAME_LENGTH) throw badRequest(tooLong);
  return name;
}

export async function updateProfile(ctx: AppContext, auth: AuthInfo, input: ProfileInput): Promise<UserDto> {
  const firstName = requireName(input.firstName, MESSAGES.firstNameRequired, MESSAGES.firstNameTooLong);
  const lastName = requireName(input.lastName, MESSAGES.lastNameRequired, MESSAGES.lastNameTooLong);
  const account = await accountOf(ctx, auth.userId);
  if (input.email !== undefined && input.email.trim().toLowerCase() !== account.email.toLowerCase()) {
    throw badRequest(MESSAGES.emailImmutable);
  }
  await repo.updateNames(ctx.db, auth.userId, firstName, lastName, ctx.now().toISOString());
  return toUserDto({ ...account, first_name: firstName, last_name: lastName });
}

/** Changes the account password and signs out every other session; the asking one stays. */
export async function changePassword(
  ctx: AppContext,
  auth: AuthInfo,
  input: PasswordChangeInput,
): Promise<void> {
  if (!input.currentPassword) throw badRequest(MESSAGES.currentPasswordRequired);
  if (!input.newPassword) throw badRequest(MESSAGES.newPasswordRequired);
  if (!isPasswordValid(input.newPassword)) throw badRequest(MESSAGES.weakPassword);
  await checkAccountPassword(ctx, auth.userId, input.currentPassword, MESSAGES.currentPasswordIncorrect);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, auth.userId, passwordHash, now);
    await endOtherSessions(trx, auth.userId, auth.sessionId, now);
  });
}

/** Re-wraps the same vault key under the new master password (new salt); no entry is re-encrypted. */
export async function changeMasterPassword(
  ctx: AppContext,
  auth: AuthInfo,
  input: MasterPasswordChangeInput,
): Promise<void> {
  if (!input.currentMasterPassword) throw badRequest(MESSAGES.currentMasterRequired);
  if (!input.newMasterPassword) throw badRequest(MESSAGES.newMasterRequired);
  if (!isPasswordValid(input.newMasterPassword)) throw badRequest(MESSAGES.weakMasterPassword);
  const vaultKey = await unlockVault(ctx, auth, input.currentMasterPassword, lockoutAlert(ctx));
  try {
    const wrapped = await wrapVaultKey(auth.userId, input.newMasterPassword, vaultKey);
    await repo.updateVaultKeyWrap(ctx.db, auth.userId, wrapped, ctx.now().toISOString());
  } finally {
    vaultKey.fill(0);
  }
}

function autoLogoutOf(value: number): AutoLogoutMinutes {
  return (AUTO_LOGOUT_OPTIONS as readonly number[]).includes(value)
    ? (value as AutoLogoutMinutes)
    : DEFAULT_AUTO_LOGOUT;
}

/** Distinct tags over every entry of the user. */
function countTags(tagColumns: string[]): number {
  const tags = new Set<string>();
  for (const column of tagColumns) {
    try {
      const parsed: unknown = JSON.parse(column);
      if (Array.isArray(parsed)) {
        for (const tag of parsed) if (typeof tag === 'string' && tag.trim()) tags.add(tag.trim());
      }
    } catch {
      // A malformed column counts no tags rather than failing the settings page.
    }
  }
  return tags.size;
}

export async function getSettings(ctx: AppContext, userId: string): Promise<Settings> {
  const account = await accountOf(ctx, userId);
  const [counts, tagColumns] = await Promise.all([
    repo.countEntries(ctx.db, userId),
    repo.listTagColumns(ctx.db, userId),
  ]);
  return {
    emailNotifications: Boolean(account.email_notifications),
    securityAlerts: Boolean(account.security_alerts),
    autoLogout: autoLogoutOf(account.auto_logout),
    totalPasswords: counts.total,
    favoritePasswords: counts.favorites,
    totalCategories: counts.categories,
    totalTags: countTags(tagColumns),
  };
}

/** Saves the preferences that were sent; the counts of the Settings object are read-only. */
export async function updateSettings(
  ctx: AppContext,
  userId: string,
  input: SettingsInput,
): Promise<Settings> {
  if (
    input.autoLogout !== undefined &&
    !(AUTO_LOGOUT_OPTIONS as readonly number[]).includes(input.autoLogout)
  ) {
    throw badRequest(MESSAGES.autoLogoutInvalid);
  }
  await accountOf(ctx, userId);
  const changes: repo.SettingsChanges = {};
  if (input.emailNotifications !== undefined) changes.email_notifications = input.emailNotifications ? 1 : 0;
  if (input.securityAlerts !== undefined) changes.security_alerts = input.securityAlerts ? 1 : 0;
  if (input.autoLogout !== undefined) changes.auto_logout = input.autoLogout;
  if (Object.keys(changes).length > 0) {
    await repo.updateSettings(ctx.db, userId, changes, ctx.now().toISOString());
  }
  return getSettings(ctx, userId);
}

/** Checks both passwords, then removes the account and all it owns in one transaction. */
export async function deleteAccount(
  ctx: AppContext,
  auth: AuthInfo,
  input: DeleteAccountInput,
): Promise<void> {
  if (!input.password || !input.masterPassword) throw badRequest(MESSAGES.bothPasswordsRequired);
  const account = await checkAccountPassword(ctx, auth.userId, input.password);
  const vaultKey = await unlockVault(ctx, auth, input.masterPassword, lockoutAlert(ctx));
  vaultKey.fill(0);
  await ctx.db.transaction().execute((trx) => repo.deleteAccountData(trx, auth.userId, account.email));
}
