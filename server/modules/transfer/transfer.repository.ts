// The SQL export and import need on the `passwords` table, in bulk: the vault module's repository works
// one entry at a time. (Candidates to move into passwords.repository.ts; every query filters by owner.)
import { sql } from 'kysely';
import type { Executor, NewPasswordRow, PasswordRow } from '../passwords/passwords.repository';

/** Rows per statement: 13 parameters each, far below SQLite's 32766 and PostgreSQL's 65535. */
export const BATCH_SIZE = 500;

/** Every entry of the owner with its ciphertext, oldest first (the order of an export). */
export function listEntriesWithSecrets(db: Executor, userId: string): Promise<PasswordRow[]> {
  return db
    .selectFrom('passwords')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export type EntryIdentity = Pick<PasswordRow, 'id' | 'title' | 'website' | 'email' | 'username'>;

/** What duplicate detection compares, for every entry of the owner, oldest first. */
export function listEntryIdentities(db: Executor, userId: string): Promise<EntryIdentity[]> {
  return db
    .selectFrom('passwords')
    .select(['id', 'title', 'website', 'email', 'username'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** One multi-row INSERT (at most BATCH_SIZE rows). */
export async function insertBatch(db: Executor, rows: NewPasswordRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('passwords').values(rows).execute();
}

/** The new content of an existing entry: every column but the owner and the creation time. */
export type EntryUpdate = Omit<PasswordRow, 'user_id' | 'created_at'>;

const UPDATED_COLUMNS = [
  'title',
  'email',
  'username',
  'website',
  'category',
  'is_favorite',
  'tags',
  'password_enc',
  'notes_enc',
  'updated_at',
] as const;

/**
 * Overwrites up to BATCH_SIZE of the owner's entries in one statement (UPDATE ... FROM a VALUES list,
 * which SQLite 3.33+ and PostgreSQL both read). Rows whose id is not the owner's are left alone.
 */
export async function updateBatch(db: Executor, userId: string, rows: EntryUpdate[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${sql.join([row.id, ...UPDATED_COLUMNS.map((column) => row[column])])})`),
  );
  const columns = sql.join(['id', ...UPDATED_COLUMNS].map((column) => sql.ref(column)));
  // VALUES parameters arrive as text on PostgreSQL: the one integer column is cast back.
  const assignments = sql.join(
    UPDATED_COLUMNS.map((column) =>
      column === 'is_favorite'
        ? sql`${sql.ref(column)} = cast(${sql.ref(`v.${column}`)} as integer)`
        : sql`${sql.ref(column)} = ${sql.ref(`v.${column}`)}`,
    ),
  );
  await sql`with v (${columns}) as (values ${values})
    update passwords set ${assignments}
    from v
    where passwords.id = v.id and passwords.user_id = ${userId}`.execute(db);
}
