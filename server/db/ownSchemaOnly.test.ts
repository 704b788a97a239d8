// A server starts (and migrates) while another process drops its own schema in the same database: the
// start does not fail for it. The test suites do this all the time on PostgreSQL, two files at once.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { createTestDatabaseLocation, describeOnPostgres } from '../test/testDatabase';

describeOnPostgres('migrating beside schemas that come and go', () => {
  it('brings a fresh schema up to date while other schemas with tables are created and dropped', async () => {
    const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '' });
    let churning = true;
    const churnOnce = async () => {
      while (churning) {
        const other = `churn_${crypto.randomBytes(6).toString('hex')}`;
        await sql`create schema ${sql.id(other)}`.execute(admin);
        await sql
          .raw(`create table "${other}".t (id serial primary key, a text, b text, c text)`)
          .execute(admin);
        await sql`drop schema ${sql.id(other)} cascade`.execute(admin);
      }
    };
    const churn = Promise.all([churnOnce(), churnOnce(), churnOnce()]);
    try {
      for (let start = 0; start < 8; start += 1) {
        const location = await createTestDatabaseLocation('passvault-own-schema');
        const db = createDatabase(location);
        try {
          await migrateToLatest(db);
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
            db,
          );
          expect(rows[0].n).toBeGreaterThan(20);
        } finally {
          await db.destroy();
          await location.remove();
        }
      }
    } finally {
      churning = false;
      await churn;
      await admin.destroy();
    }
  });
});
