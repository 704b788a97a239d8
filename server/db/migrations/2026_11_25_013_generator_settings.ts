// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// The password generator's choice is remembered (issue 14): user_settings.generator_options holds the
// options as JSON text, checked by the shared rules when saved and when read. Null means "never chosen":
// the defaults (SPEC section 9's 16 characters). No row needs filling in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').addColumn('generator_options', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('generator_options').execute();
}
