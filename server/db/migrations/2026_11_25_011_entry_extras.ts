// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import type { Kysely } from 'kysely';

// An entry's TOTP and custom fields (issue 13):
// - totp_enc: the otpauth URI or base32 secret, sealed with the vault key like the password (null: none);
// - has_totp: whether it has one, so that lists can say so without opening anything;
// - fields_enc: every custom field with its value, sealed with the vault key (null: none);
// - fields_listed: what lists show of them (names, `hidden`, values of the fields that are not hidden),
//   sealed with the server key, so a list reads them without the master password.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('passwords')
    .addColumn('has_totp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('passwords').addColumn('totp_enc', 'text').execute();
  await db.schema.alterTable('passwords').addColumn('fields_enc', 'text').execute();
  await db.schema.alterTable('passwords').addColumn('fields_listed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['fields_listed', 'fields_enc', 'totp_enc', 'has_totp']) {
    await db.schema.alterTable('passwords').dropColumn(column).execute();
  }
}
