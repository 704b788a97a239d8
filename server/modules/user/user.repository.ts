// All SQL of the user module, the one owner of `user_settings` (the preferences). The account itself is
// the auth module's (auth/accounts.ts). Each function takes the database or a transaction first.
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_AUTO_LOGOUT } from '../../../src/common/constants';
import type { Database, UserSettingsTable } from '../../db/schema';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type SettingsRow = Selectable<UserSettingsTable>;

const DEFAULT_SETTINGS = { email_notifications: 1, security_alerts: 1, auto_logout: DEFAULT_AUTO_LOGOUT };

/** The user's preferences (the defaults when none were saved). */
export async function findSettings(db: Executor, userId: string): Promise<SettingsRow> {
  const row = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    row ?? {
      user_id: userId,
      ...DEFAULT_SETTINGS,
      generator_options: null,
      unlock_minutes: 0,
      list_view: 'cards',
      list_sort: 'created',
      list_favorites_first: 0,
    }
  );
}

/** A new account's preferences. */
export async function insertDefaultSettings(db: Executor, userId: string): Promise<void> {
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, ...DEFAULT_SETTINGS })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export interface SettingsChanges {
  email_notifications?: number;
  security_alerts?: number;
  auto_logout?: number;
  /** JSON of options that passed the shared rules. */
  generator_options?: string;
  unlock_minutes?: number;
  list_view?: string;
  list_sort?: string;
  list_favorites_first?: number;
}

export async function updateSettings(db: Executor, userId: string, changes: SettingsChanges): Promise<void> {
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, ...DEFAULT_SETTINGS, ...changes })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}

export async function deleteSettings(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('user_settings').where('user_id', '=', userId).execute();
}
