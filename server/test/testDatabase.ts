// Where a test's database lives: a fresh SQLite file in a temporary folder, or, in the server-postgres
// Jest project, a fresh schema of TEST_DATABASE_URL (dropped again by `remove`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export interface TestDatabaseLocation {
  /** A temporary folder of the test's own: DATA_DIR, and the SQLite file's home. */
  dir: string;
  sqliteFile: string;
  /** postgres://… with the test's schema as its search path; undefined on SQLite. */
  databaseUrl?: string;
  /** Drops the schema (PostgreSQL) and deletes the folder. */
  remove(): Promise<void>;
}

/** Whether this test runs on PostgreSQL: the server-postgres Jest project sets this global. */
export const onPostgres = (globalThis as { __TEST_DATABASE__?: string }).__TEST_DATABASE__ === 'postgres';

/** For tests of SQLite alone: the server-postgres project skips them. */
export const describeOnSqlite = onPostgres ? describe.skip : describe;

/** For tests of PostgreSQL alone: the server project (SQLite) skips them. */
export const describeOnPostgres = onPostgres ? describe : describe.skip;

async function onAdminConnection(pgUrl: string, statement: ReturnType<typeof sql>) {
  const admin = createDatabase({ databaseUrl: pgUrl, sqliteFile: '' });
  try {
    await statement.execute(admin);
  } finally {
    await admin.destroy();
  }
}

export async function createTestDatabaseLocation(prefix: string): Promise<TestDatabaseLocation> {
  const pgUrl = onPostgres ? process.env.TEST_DATABASE_URL : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    await onAdminConnection(pgUrl, sql`create schema ${sql.id(schema)}`);
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  return {
    dir,
    sqliteFile: path.join(dir, 'vault.db'),
    databaseUrl,
    async remove() {
      if (pgUrl) await onAdminConnection(pgUrl, sql`drop schema ${sql.id(schema)} cascade`);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OpenedTestDatabase {
  location: TestDatabaseLocation;
  db: Db;
}

/**
 * A database of a describe block's own: opened before its tests (and migrated to the latest schema when
 * `latest`), closed and removed after them. Its `db` and `location` are there inside the tests.
 */
export function testDatabaseFor(prefix: string, options: { latest?: boolean } = {}): OpenedTestDatabase {
  const opened = {} as OpenedTestDatabase;
  beforeAll(async () => {
    opened.location = await createTestDatabaseLocation(prefix);
    opened.db = createDatabase(opened.location);
    if (options.latest) await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened.db.destroy();
    await opened.location.remove();
  });
  return opened;
}
