// Migrations carry an existing install's data: a database made by the previous version, migrated, holds
// the same accounts, keys, secrets and preferences, each in the table of its owning module.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Db } from './database';
import { migrateTo, migrateToLatest } from './migrate';
import { onPostgres } from '../test/testDatabase';

describe('migrations 009 and 010 carry an install forward', () => {
  let dir: string;
  let db: Db;
  let pgSchema: string | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-migrate-'));
    let databaseUrl: string | undefined;
    if (onPostgres) {
      pgSchema = `migrate_${crypto.randomBytes(6).toString('hex')}`;
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '' });
      await sql`create schema ${sql.id(pgSchema)}`.execute(admin);
      await admin.destroy();
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.searchParams.set('options', `-c search_path=${pgSchema}`);
      databaseUrl = url.toString();
    }
    db = createDatabase({ databaseUrl, sqliteFile: path.join(dir, 'vault.db') });
  });
  afterAll(async () => {
    await db.destroy();
    if (pgSchema) {
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '' });
      await sql`drop schema ${sql.id(pgSchema)} cascade`.execute(admin);
      await admin.destroy();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves the vault key, the two-factor secrets and the preferences out of users', async () => {
    await migrateTo(db, '2026_11_23_008_trust');
    // A user as the previous version stored one.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the past schema, which Database no longer describes
    const old = db as unknown as Kysely<any>;
    const now = new Date().toISOString();
    await old
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'old@example.test',
        first_name: 'Old',
        last_name: 'Timer',
        password_hash: 'hash',
        vault_key_wrapped: 'wrapped',
        kdf_salt: 'salt',
        kdf_memory_kib: 19456,
        kdf_iterations: 2,
        kdf_parallelism: 1,
        master_locked_at: null,
        two_factor_enabled: 1,
        two_factor_secret_enc: 'v1.sealed',
        two_factor_pending_secret_enc: null,
        two_factor_last_step: 42,
        email_notifications: 0,
        security_alerts: 1,
        auto_logout: 15,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await old
      .insertInto('sessions')
      .values({
        id: 's1',
        user_id: 'u1',
        token_hash: 'h',
        created_at: now,
        last_used_at: now,
        expires_at: now,
        revoked_at: null,
      })
      .execute();

    await migrateTo(db, '2026_11_23_009_table_owners');

    expect(await db.selectFrom('users').selectAll().execute()).toEqual([
      {
        id: 'u1',
        email: 'old@example.test',
        first_name: 'Old',
        last_name: 'Timer',
        password_hash: 'hash',
        two_factor_enabled: 1,
        created_at: now,
        updated_at: now,
      },
    ]);
    expect(await db.selectFrom('vault_keys').selectAll().execute()).toEqual([
      {
        user_id: 'u1',
        vault_key_wrapped: 'wrapped',
        kdf_salt: 'salt',
        kdf_memory_kib: 19456,
        kdf_iterations: 2,
        kdf_parallelism: 1,
        master_locked_at: null,
        vault_version: 0,
      },
    ]);
    expect(await db.selectFrom('two_factor').selectAll().execute()).toEqual([
      { user_id: 'u1', secret_enc: 'v1.sealed', pending_secret_enc: null, last_step: 42 },
    ]);
    expect(await db.selectFrom('user_settings').selectAll().execute()).toEqual([
      { user_id: 'u1', email_notifications: 0, security_alerts: 1, auto_logout: 15 },
    ]);
    // The session ends after the user's 15 idle minutes.
    expect(await db.selectFrom('sessions').select('idle_minutes').execute()).toEqual([{ idle_minutes: 15 }]);

    // A write to the user's entries still changes the vault version (the triggers moved along).
    await old
      .insertInto('passwords')
      .values({
        id: 'p1',
        user_id: 'u1',
        title: 't',
        email: '',
        username: '',
        website: '',
        category: 'other',
        is_favorite: 0,
        tags: '[]',
        password_enc: 'x',
        notes_enc: 'y',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const version = await old.selectFrom('vault_keys').select('vault_version').executeTakeFirstOrThrow();
    expect(Number(version.vault_version)).toBe(1);
  });

  it('010: existing entries become searchable, in their order, and the vault version goes', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the past schema, which Database no longer describes
    const old = db as unknown as Kysely<any>;
    const entry = (id: string, title: string, createdAt: string) => ({
      id,
      user_id: 'u1',
      title,
      email: 'Grüße@Example.test',
      username: '',
      website: '',
      category: 'other',
      is_favorite: 0,
      tags: '[]',
      password_enc: 'x',
      notes_enc: 'y',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await old
      .insertInto('passwords')
      .values([
        entry('p2', 'STRASSE Bank', '2026-01-02T00:00:00.000Z'),
        entry('p3', 'Ὀδυσσεύς Mail', '2026-01-03T00:00:00.000Z'),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('passwords')
      .select(['id', 'search_text'])
      .where('id', 'in', ['p2', 'p3'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'p2', search_text: 'strasse bank\n\n\ngrüsse@example.test' },
      { id: 'p3', search_text: 'ὀδυσσεύσ mail\n\n\ngrüsse@example.test' },
    ]);
    const columns = onPostgres
      ? (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = ${pgSchema} and table_name = 'vault_keys'`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from pragma_table_info('vault_keys')`.execute(db)).rows;
    expect(columns.map((column) => column.name)).not.toContain('vault_version');
    // The entry counter starts from the entries there are, and follows later writes.
    const count = async () =>
      Number((await db.selectFrom('vault_keys').select('entry_count').executeTakeFirstOrThrow()).entry_count);
    expect(await count()).toBe(3);
    await db.deleteFrom('passwords').where('id', '=', 'p2').execute();
    expect(await count()).toBe(2);
  });
});
