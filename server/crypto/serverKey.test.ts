import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../db/database';
import { openListedFields, sealSecrets } from '../modules/vault/entrySecrets';
import { prepareDatabase } from '../startup';
import { hashCode } from './tokens';
import {
  LEGACY_KEY_NAME,
  SERVER_KEY_FILE,
  ServerKeyError,
  loadServerKey,
  openWithServerKey,
  sealWithServerKey,
} from './serverKey';
import { onPostgres } from '../test/testDatabase';

// The key that protects TOTP secrets and recovery codes lives outside the database: in SERVER_KEY or
// in DATA_DIR/server.key. These tests start a server's database preparation as main.ts does.
describe('server key', () => {
  let dir: string;
  let pgSchema: string | undefined;
  const handles: Db[] = [];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-key-'));
    pgSchema = undefined;
    if (onPostgres) {
      pgSchema = `key_${crypto.randomBytes(6).toString('hex')}`;
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '' });
      await sql`create schema ${sql.id(pgSchema)}`.execute(admin);
      await admin.destroy();
    }
  });
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((db) => db.destroy()));
    if (pgSchema) {
      const admin = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, sqliteFile: '' });
      await sql`drop schema ${sql.id(pgSchema)} cascade`.execute(admin);
      await admin.destroy();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A connection to this test's database, as a server process has. */
  function open(): Db {
    let databaseUrl: string | undefined;
    if (pgSchema) {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.searchParams.set('options', `-c search_path=${pgSchema}`);
      databaseUrl = url.toString();
    }
    const db = createDatabase({ databaseUrl, sqliteFile: path.join(dir, 'vault.db') });
    handles.push(db);
    return db;
  }
  const keyFile = () => path.join(dir, SERVER_KEY_FILE);
  const readKeyFile = () => Buffer.from(fs.readFileSync(keyFile(), 'utf8').trim(), 'base64');
  const config = (serverKey?: Buffer) => ({ dataDir: dir, serverKey });

  it('is created at the first start as DATA_DIR/server.key (0600), kept across restarts, never in the database', async () => {
    const key = await prepareDatabase(config(), open());
    expect(key).toHaveLength(32);
    expect(readKeyFile().equals(key)).toBe(true);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // A restart reads the same key.
    expect((await prepareDatabase(config(), open())).equals(key)).toBe(true);
    // The database holds a fingerprint only.
    const rows = await open().selectFrom('server_secrets').selectAll().execute();
    expect(rows.map((row) => row.name)).toEqual(['server-key-check-v1']);
    expect(rows[0].value).not.toContain(key.toString('base64'));
  });

  it('is one key when processes sharing DATA_DIR start together', async () => {
    const db = open();
    await prepareDatabase(config(), db);
    fs.rmSync(keyFile());
    await db.deleteFrom('server_secrets').execute();
    const keys = await Promise.all([open(), open(), open()].map((other) => loadServerKey(other, config())));
    expect(keys[1].equals(keys[0])).toBe(true);
    expect(keys[2].equals(keys[0])).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(SERVER_KEY_FILE))).toEqual([SERVER_KEY_FILE]);
  });

  it('comes from SERVER_KEY when it is set, and no file is written', async () => {
    const configured = crypto.randomBytes(32);
    expect((await prepareDatabase(config(configured), open())).equals(configured)).toBe(true);
    expect(fs.existsSync(keyFile())).toBe(false);
  });

  it('refuses to start with another key than the one the database was set up with', async () => {
    await prepareDatabase(config(crypto.randomBytes(32)), open());
    await expect(prepareDatabase(config(crypto.randomBytes(32)), open())).rejects.toThrow(ServerKeyError);
    await expect(prepareDatabase(config(crypto.randomBytes(32)), open())).rejects.toThrow(
      /give every server process the same SERVER_KEY/,
    );
  });

  /** A database as versions before this one left it: the key in server_secrets, a TOTP secret sealed with it, a recovery code hashed with plain SHA-256. */
  async function legacyDatabase(): Promise<{ db: Db; legacy: Buffer; userId: string; recovery: string }> {
    const db = open();
    await prepareDatabase(config(), db);
    fs.rmSync(keyFile());
    await db.deleteFrom('server_secrets').execute();
    const legacy = crypto.randomBytes(32);
    await db
      .insertInto('server_secrets')
      .values({ name: LEGACY_KEY_NAME, value: legacy.toString('base64') })
      .execute();
    const userId = crypto.randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@example.test`,
        first_name: 'Old',
        last_name: 'Timer',
        password_hash: 'x',
        two_factor_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('two_factor')
      .values({
        user_id: userId,
        secret_enc: sealWithServerKey(legacy, 'JBSWY3DPEHPK3PXP', `passvault:totp-secret:${userId}`),
        pending_secret_enc: null,
        last_step: null,
      })
      .execute();
    const recovery = 'ABCD-EFGH';
    const codeId = crypto.randomUUID();
    await db
      .insertInto('recovery_codes')
      .values({
        id: codeId,
        user_id: userId,
        code_hash: hashCode(codeId, recovery),
        used_at: null,
        hash_version: 1,
      })
      .execute();
    return { db, legacy, userId, recovery };
  }

  it('moves a key kept in the database out of it, into DATA_DIR/server.key, at start-up', async () => {
    const { legacy, userId } = await legacyDatabase();
    const key = await prepareDatabase(config(), open());
    expect(key.equals(legacy)).toBe(true);
    expect(readKeyFile().equals(legacy)).toBe(true);
    const db = open();
    expect(await db.selectFrom('server_secrets').select('name').execute()).toEqual([
      { name: 'server-key-check-v1' },
    ]);
    const user = await db
      .selectFrom('two_factor')
      .select('secret_enc')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(openWithServerKey(key, user.secret_enc as string, `passvault:totp-secret:${userId}`)).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    if (!pgSchema) {
      // Not even the freed pages of the SQLite file keep the old key.
      await db.destroy();
      handles.splice(handles.indexOf(db), 1);
      const bytes = fs.readFileSync(path.join(dir, 'vault.db'));
      expect(bytes.includes(Buffer.from(legacy.toString('base64')))).toBe(false);
    }
  });

  it('seals the TOTP secrets again when SERVER_KEY replaces a key kept in the database', async () => {
    const { legacy, userId } = await legacyDatabase();
    const configured = crypto.randomBytes(32);
    await prepareDatabase(config(configured), open());
    const user = await open()
      .selectFrom('two_factor')
      .select('secret_enc')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const sealed = user.secret_enc as string;
    expect(openWithServerKey(configured, sealed, `passvault:totp-secret:${userId}`)).toBe('JBSWY3DPEHPK3PXP');
    expect(openWithServerKey(legacy, sealed, `passvault:totp-secret:${userId}`)).toBeNull();
  });

  it('seals the custom fields a list shows again when SERVER_KEY replaces a key kept in the database', async () => {
    const { db, legacy, userId } = await legacyDatabase();
    const entryId = crypto.randomUUID();
    const now = new Date().toISOString();
    const fields = [{ name: 'Customer number', value: 'C-1234', hidden: false }];
    const keys = { vault: crypto.randomBytes(32), server: legacy };
    const sealed = sealSecrets(keys, userId, entryId, { password: 'p', notes: '', totp: '', fields });
    await db
      .insertInto('passwords')
      .values({
        id: entryId,
        user_id: userId,
        title: 'ACME',
        email: '',
        username: '',
        website: '',
        category: 'other',
        is_favorite: 0,
        tags: '[]',
        ...sealed,
        created_at: now,
        updated_at: now,
        search_text: 'acme',
      })
      .execute();
    const configured = crypto.randomBytes(32);
    await prepareDatabase(config(configured), open());
    const row = await open()
      .selectFrom('passwords')
      .select(['id', 'fields_listed'])
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(openListedFields(configured, userId, row)).toEqual(fields);
    expect(openListedFields(legacy, userId, row)).toEqual([]);
  });

  it('keys the hashes of recovery codes stored before, so a database copy cannot test guesses', async () => {
    const { userId } = await legacyDatabase();
    await prepareDatabase(config(), open());
    const rows = await open()
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].hash_version).toBe(2);
    expect(rows[0].code_hash).not.toBe(hashCode(rows[0].id, 'ABCD-EFGH'));
  });

  it('seals for one place only', () => {
    const key = crypto.randomBytes(32);
    const sealed = sealWithServerKey(key, 'JBSWY3DPEHPK3PXP', 'passvault:totp-secret:a');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openWithServerKey(key, sealed, 'passvault:totp-secret:a')).toBe('JBSWY3DPEHPK3PXP');
    expect(openWithServerKey(key, sealed, 'passvault:totp-secret:b')).toBeNull();
    expect(openWithServerKey(crypto.randomBytes(32), sealed, 'passvault:totp-secret:a')).toBeNull();
  });
});
