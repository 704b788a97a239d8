// The preferences other modules read or set up: the auto-logout minutes a new session starts with, and a
// new account's defaults. The rows stay the user module's.
import type { Executor } from './user.repository';
import { findSettings, insertDefaultSettings } from './user.repository';

export async function autoLogoutMinutes(db: Executor, userId: string): Promise<number> {
  return (await findSettings(db, userId)).auto_logout;
}

export function createDefaultSettings(trx: Executor, userId: string): Promise<void> {
  return insertDefaultSettings(trx, userId);
}
