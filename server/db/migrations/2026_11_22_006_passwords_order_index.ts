// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// The list is ordered by (created_at desc, id desc): with id in the index the database reads the rows
// in order instead of sorting them in a temporary B-tree (npm run bench, GET /api/passwords).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('passwords_user_created_id')
    .on('passwords')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('passwords_user_created').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('passwords_user_created')
    .on('passwords')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('passwords_user_created_id').execute();
}
