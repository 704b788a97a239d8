import { createDatabase, type Db } from '../db/database';
import { startTestApp, type TestApp } from '../test/testApp';
import { openWithServerKey, sealWithServerKey, serverKey } from './serverKey';

describe('server key', () => {
  let t: TestApp;
  const handles: Db[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await Promise.all(handles.map((db) => db.destroy()));
    await t.close();
  });

  /** Another connection to the same database, as a second server process would have. */
  function otherProcess(): Db {
    const db = createDatabase({ databaseUrl: t.ctx.config.databaseUrl, sqliteFile: t.sqliteFile ?? '' });
    handles.push(db);
    return db;
  }

  it('is created once and shared by every process on the database, even when they race', async () => {
    const keys = await Promise.all([serverKey(otherProcess()), serverKey(otherProcess()), serverKey(t.db)]);
    expect(keys[0]).toHaveLength(32);
    expect(keys[1].equals(keys[0])).toBe(true);
    expect(keys[2].equals(keys[0])).toBe(true);
    const rows = await t.db.selectFrom('server_secrets').selectAll().execute();
    expect(rows).toHaveLength(1);
    // A process started later (a restart) reads the same key.
    expect((await serverKey(otherProcess())).equals(keys[0])).toBe(true);
  });

  it('seals for one place only', async () => {
    const sealed = await sealWithServerKey(t.db, 'JBSWY3DPEHPK3PXP', 'passvault:totp-secret:a');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openWithServerKey(otherProcess(), sealed, 'passvault:totp-secret:a')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(await openWithServerKey(t.db, sealed, 'passvault:totp-secret:b')).toBeNull();
  });
});
