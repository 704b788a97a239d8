// All SQL of the activity module, the one owner of `activity`.
import type { Kysely, Selectable } from 'kysely';
import type { ActivityTable, Database } from '../../db/schema';
import type { ListPosition } from '../../http/keysetCursor';

export type Executor = Kysely<Database>;
export type ActivityRow = Selectable<ActivityTable>;

export async function insertActivity(db: Executor, row: ActivityRow): Promise<void> {
  await db.insertInto('activity').values(row).execute();
}

/** A page of the user's lines (of one entry when `entryId` is given), newest first, after `after`. */
export function listActivity(
  db: Executor,
  userId: string,
  options: { entryId?: string; after?: ListPosition; limit: number },
): Promise<ActivityRow[]> {
  let query = db.selectFrom('activity').selectAll().where('user_id', '=', userId);
  if (options.entryId) query = query.where('entry_id', '=', options.entryId);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Whether the user did anything from `ip` since `since`. */
export async function seenAddressSince(db: Executor, userId: string, ip: string, since: string) {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Lines older than `before`, of every user: the retention sweep. */
export async function deleteActivityBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('activity').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserActivity(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('activity').where('user_id', '=', userId).execute();
}
