// The rules of the signed-in account: profile, account and master password, settings, deletion.
import {
  AUTO_LOGOUT_OPTIONS,
  DEFAULT_AUTO_LOGOUT,
  type AutoLogoutMinutes,
} from '../../../src/common/constants';
import { checkGeneratorOptions, generatorOptionsOrDefault } from '../../../src/common/generatorOptions';
import { isPasswordValid, PASSWORDS_MUST_DIFFER } from '../../../src/common/passwordPolicy';
import { UNLOCK_WINDOW_OPTIONS, type UnlockWindowChoice } from '../../../src/common/unlockWindow';
import type { Preferences, Settings } from '../../../src/common/wire';
import {
  DEFAULT_LIST_PREFERENCES,
  isListSort,
  isListView,
  LIST_SORTS,
  LIST_VIEWS,
} from '../../../src/common/listOrder';
import type { AppContext } from '../../context';
import { deleteUserActivity } from '../activity/activity.service';
import { hashPassword, verifyPassword } from '../../crypto/argon';
import { badRequest } from '../../http/errors';
import type { AuthInfo } from '../../plugins/authenticate';
import { LIMITS, enforce } from '../../security/limits';
import {
  type Account,
  checkAccountPassword,
  deleteAccountRecords,
  renameAccount,
  requireName,
  signedInAccount,
} from '../auth/accounts';
import { deleteUserTwoFactor } from '../twoFactor/twoFactor.service';
import { isMasterPassword, rewrapVaultKey, unlockVault } from '../vault/masterPassword.service';
import { deleteVault, vaultCounts } from '../vault/vaultAccount';
import * as repo from './user.repository';
import type {
  DeleteAccountInput,
  MasterPasswordChangeInput,
  PasswordChangeInput,
  ProfileInput,
  SettingsInput,
  UserDto,
} from './user.schemas';
import { endOtherSessions, setIdleLimit, setPasswordHash } from '../auth/sessions';
import { toUserDto } from '../auth/user.dto';

export { toUserDto };

export const MESSAGES = {
  emailImmutable: 'Email address cannot be changed',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  weakPassword: 'Password does not meet security requirements',
  currentMasterRequired: 'Current master password is required',
  newMasterRequired: 'New master password is required',
  weakMasterPassword: 'Master password does not meet security requirements',
  autoLogoutInvalid: `Auto logout must be one of ${AUTO_LOGOUT_OPTIONS.join(', ')} minutes`,
  unlockMinutesInvalid: `Unlock window must be one of ${UNLOCK_WINDOW_OPTIONS.join(', ')} minutes`,
  listViewInvalid: `listView must be one of: ${LIST_VIEWS.join(', ')}`,
  listSortInvalid: `listSort must be one of: ${LIST_SORTS.join(', ')}`,
  bothPasswordsRequired: 'Both passwords are required to delete account',
} as const;

/** The account of a signed-in request; a deleted account ends the session's use. */
export async function updateProfile(ctx: AppContext, auth: AuthInfo, input: ProfileInput): Promise<UserDto> {
  const firstName = requireName('First name', input.firstName, 'profile');
  const lastName = requireName('Last name', input.lastName, 'profile');
  const account = await signedInAccount(ctx, auth.userId);
  if (input.email !== undefined && input.email.trim().toLowerCase() !== account.email.toLowerCase()) {
    throw badRequest(MESSAGES.emailImmutable);
  }
  await renameAccount(ctx.db, auth.userId, firstName, lastName, ctx.now());
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
  // Each change is also a comparison with the master password: how often one may change is limited.
  await enforce(ctx, `password-change:${auth.userId}`, LIMITS.passwordChanges, {
    message: 'Too many password changes.',
  });
  if (await isMasterPassword(ctx, auth.userId, input.newPassword)) throw badRequest(PASSWORDS_MUST_DIFFER);
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
  const vaultKey = await unlockVault(ctx, auth, input.currentMasterPassword);
  try {
    // Compared only once the current master password is proven: no oracle for the account password.
    const account = await signedInAccount(ctx, auth.userId);
    if (await verifyPassword(account.password_hash, input.newMasterPassword)) {
      throw badRequest(PASSWORDS_MUST_DIFFER);
    }
    await rewrapVaultKey(ctx, auth.userId, vaultKey, input.newMasterPassword);
  } finally {
    vaultKey.fill(0);
  }
}

function autoLogoutOf(value: number): AutoLogoutMinutes {
  return (AUTO_LOGOUT_OPTIONS as readonly number[]).includes(value)
    ? (value as AutoLogoutMinutes)
    : DEFAULT_AUTO_LOGOUT;
}

function isUnlockChoice(value: number): value is UnlockWindowChoice {
  return (UNLOCK_WINDOW_OPTIONS as readonly number[]).includes(value);
}

function unlockMinutesOf(value: number): UnlockWindowChoice {
  return isUnlockChoice(value) ? value : 0;
}

/** The stored generator options; the defaults when none were chosen or they no longer pass the rules. */
function generatorOf(stored: string | null) {
  if (stored === null) return generatorOptionsOrDefault(undefined);
  try {
    return generatorOptionsOrDefault(JSON.parse(stored));
  } catch {
    return generatorOptionsOrDefault(undefined);
  }
}

/** The user's preferences as stored (the defaults for what was never chosen or no longer passes). */
function preferencesOf(settings: repo.SettingsRow): Preferences {
  return {
    emailNotifications: Boolean(settings.email_notifications),
    securityAlerts: Boolean(settings.security_alerts),
    autoLogout: autoLogoutOf(settings.auto_logout),
    generator: generatorOf(settings.generator_options),
    unlockMinutes: unlockMinutesOf(Number(settings.unlock_minutes)),
    listView: isListView(settings.list_view) ? settings.list_view : DEFAULT_LIST_PREFERENCES.listView,
    listSort: isListSort(settings.list_sort) ? settings.list_sort : DEFAULT_LIST_PREFERENCES.listSort,
    favoritesFirst: Number(settings.list_favorites_first) === 1,
  };
}

/** The preferences alone: what every page reads (cheap: no count of the vault). */
export async function getPreferences(ctx: AppContext, userId: string): Promise<Preferences> {
  await signedInAccount(ctx, userId);
  return preferencesOf(await repo.findSettings(ctx.db, userId));
}

/** SPEC's Settings: the preferences and the Data Overview's counts of the vault. */
export async function getSettings(ctx: AppContext, userId: string): Promise<Settings> {
  await signedInAccount(ctx, userId);
  const [settings, counts] = await Promise.all([repo.findSettings(ctx.db, userId), vaultCounts(ctx, userId)]);
  return {
    ...preferencesOf(settings),
    totalPasswords: counts.total,
    favoritePasswords: counts.favorites,
    totalCategories: counts.categories,
    totalTags: counts.tags,
  };
}

/**
 * Saves the preferences that were sent; the counts of the Settings object are read-only. Everything sent
 * is checked before anything is written: a refusal changes nothing.
 */
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
  if (input.unlockMinutes !== undefined && !isUnlockChoice(input.unlockMinutes)) {
    throw badRequest(MESSAGES.unlockMinutesInvalid);
  }
  if (input.listView !== undefined && !isListView(input.listView)) throw badRequest(MESSAGES.listViewInvalid);
  if (input.listSort !== undefined && !isListSort(input.listSort)) throw badRequest(MESSAGES.listSortInvalid);
  const generator = input.generator === undefined ? undefined : checkGeneratorOptions(input.generator);
  if (generator && !generator.ok) throw badRequest(generator.message);
  await signedInAccount(ctx, userId);
  const changes: repo.SettingsChanges = {};
  if (generator?.ok) changes.generator_options = JSON.stringify(generator.options);
  if (input.emailNotifications !== undefined) changes.email_notifications = input.emailNotifications ? 1 : 0;
  if (input.securityAlerts !== undefined) changes.security_alerts = input.securityAlerts ? 1 : 0;
  if (input.autoLogout !== undefined) changes.auto_logout = input.autoLogout;
  if (input.unlockMinutes !== undefined) changes.unlock_minutes = input.unlockMinutes;
  if (input.listView !== undefined) changes.list_view = input.listView;
  if (input.listSort !== undefined) changes.list_sort = input.listSort;
  if (input.favoritesFirst !== undefined) changes.list_favorites_first = input.favoritesFirst ? 1 : 0;
  if (Object.keys(changes).length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.updateSettings(trx, userId, changes);
      // The server ends a session idle for longer than this, as the browser does.
      if (changes.auto_logout !== undefined) await setIdleLimit(trx, userId, changes.auto_logout);
    });
  }
  return getSettings(ctx, userId);
}

/**
 * The two passwords account deletion asks for, checked as every other check of each is: the account
 * password first (counted per account, 400 or 429 naming it), then the master password (a wrong one
 * counts as an attempt of the session and the account, exactly as in every master-password dialog).
 * Nothing is deleted; answers the account when both are right.
 */
export async function checkDeletionPasswords(
  ctx: AppContext,
  auth: AuthInfo,
  input: DeleteAccountInput,
): Promise<Account> {
  if (!input.password || !input.masterPassword) throw badRequest(MESSAGES.bothPasswordsRequired);
  const account = await checkAccountPassword(ctx, auth.userId, input.password);
  const vaultKey = await unlockVault(ctx, auth, input.masterPassword);
  vaultKey.fill(0);
  return account;
}

/** Checks both passwords again, then removes the account and all it owns in one transaction. */
export async function deleteAccount(
  ctx: AppContext,
  auth: AuthInfo,
  input: DeleteAccountInput,
): Promise<void> {
  const account = await checkDeletionPasswords(ctx, auth, input);
  await removeAccount(ctx, account);
}

/** Deletes the account and everything of it, each module its own rows; all or nothing. */
export async function removeAccount(ctx: AppContext, account: Pick<Account, 'id' | 'email'>): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteVault(trx, account.id);
    await deleteUserActivity(trx, account.id);
    await deleteUserTwoFactor(trx, account.id);
    await repo.deleteSettings(trx, account.id);
    await deleteAccountRecords(trx, account);
  });
}
