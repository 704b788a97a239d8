// The whole list's windows through the window cache are the database's windows, whatever writes (this
// process, another one on the same database, any code path) and whatever the reader asks (each order,
// favourites first, cursors, offsets). The reference is the same app with LIST_CACHE_MB=0, which reads
// every window from the database. Runs on SQLite and on PostgreSQL.
import { uniformIndex } from '../../../src/common/randomIndex';
import { seededRandom } from '../../../src/test/seededRandom';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import { createDatabase, type Db } from '../../db/database';
import { createUser, type TestUser } from '../../test/fixtures';
import { onPostgres } from '../../test/testDatabase';
import { startTestApp, type TestApp } from '../../test/testApp';
import type { PasswordEntry } from '../../../src/common/wire';

/** A seeded random source (the same on every run, so a failure can be replayed): `int(n)` is 0..n-1. */
function randomSource(seed: number) {
  const source = seededRandom(seed);
  return { int: (below: number) => uniformIndex(below, source) };
}

const TITLES = ['Alpha', 'bravo', 'Charlie', 'Émile', 'delta', '😀 smile', 'echo', 'Zulu'];

describe('GET /api/passwords through the window cache', () => {
  let t: TestApp;
  let alice: TestUser;
  /** The same app reading every window from the database. */
  let plain: FastifyInstance;
  /** A second process: its own connection and cache, on the same database. */
  let otherDb: Db;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t);
    plain = await buildApp({ ...t.ctx, config: { ...t.ctx.config, listCacheMb: 0 } }, { logger: false });
    otherDb = createDatabase({ databaseUrl: t.ctx.config.databaseUrl, sqliteFile: t.sqliteFile ?? '' });
    other = await buildApp({ ...t.ctx, db: otherDb }, { logger: false });
    await Promise.all([plain.ready(), other.ready()]);
  });
  afterAll(async () => {
    await other.close();
    await otherDb.destroy();
    await plain.close();
    await t.close();
  });

  const inject = (
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: alice.auth, ...(payload ? { payload } : {}) });

  async function importEntries(count: number, from: number) {
    const passwords = Array.from({ length: count }, (_, i) => ({
      title: `${TITLES[(from + i) % TITLES.length]} ${from + i}`,
      email: `user${from + i}@example.com`,
      password: `Pass-${from + i}!`,
      category: ['work', 'social', 'other'][(from + i) % 3],
      isFavorite: (from + i) % 7 === 0,
      // Some share a creation time, so ties are ordered by id.
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, Math.floor((from + i) / 2))).toISOString(),
    }));
    const res = await inject(t.app, 'POST', '/api/utility/import', {
      masterPassword: alice.masterPassword,
      format: 'json',
      data: JSON.stringify({ passwords }),
    });
    expect(res.statusCode).toBe(200);
  }

  const listOf = async (app: FastifyInstance, query: Record<string, string>) => {
    const res = await inject(app, 'GET', `/api/passwords?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  /** Reads one window through both caching apps and checks each against the database's answer. */
  async function expectSameWindow(query: Record<string, string>) {
    const [cached, fromOther, fromDatabase] = await Promise.all([
      listOf(t.app, query),
      listOf(other, query),
      listOf(plain, query),
    ]);
    expect(JSON.parse(cached)).toEqual(JSON.parse(fromDatabase));
    expect(JSON.parse(fromOther)).toEqual(JSON.parse(fromDatabase));
    return JSON.parse(fromDatabase).data as {
      passwords: PasswordEntry[];
      nextCursor: string | null;
      total: number;
    };
  }

  /** A reader's queries: a few windows in one order, by cursor or by offset. */
  async function readAround(random: ReturnType<typeof randomSource>) {
    const query: Record<string, string> = {
      limit: String(5 + random.int(40)),
      sort: ['created', 'updated', 'name'][random.int(3)],
    };
    if (random.int(2) === 0) query.favoritesFirst = 'true';
    if (random.int(4) === 0) {
      await expectSameWindow({ ...query, offset: String(random.int(300)) });
      return;
    }
    let cursor: string | null = null;
    for (let n = 0, windows = 1 + random.int(4); n < windows; n += 1) {
      const page = await expectSameWindow(cursor ? { ...query, cursor } : query);
      cursor = page.nextCursor;
      if (!cursor) return;
    }
  }

  it('answers what the database answers through writes of every kind, here and in another process', async () => {
    await importEntries(260, 0);
    const random = randomSource(12);
    const ids = async () => {
      const all = JSON.parse(await listOf(plain, {})).data.passwords as PasswordEntry[];
      return all.map((entry) => entry._id);
    };
    let deleted: string[] = [];
    for (let step = 0; step < 36; step += 1) {
      const every = await ids();
      const id = every[random.int(every.length)];
      const writer = random.int(2) === 0 ? t.app : other;
      switch (step % 6) {
        case 0:
        case 1:
          expect((await inject(writer, 'PATCH', `/api/passwords/${id}/favorite`)).statusCode).toBe(200);
          break;
        case 2: {
          // A new title moves the entry in the name order, and its update in the last-updated order.
          const title = `${TITLES[random.int(TITLES.length)]} renamed ${step}`;
          const res = await inject(writer, 'PUT', `/api/passwords/${id}`, {
            title,
            masterPassword: alice.masterPassword,
          });
          expect(res.statusCode).toBe(200);
          break;
        }
        case 3: {
          const res = await inject(writer, 'DELETE', `/api/passwords/${id}`, {
            masterPassword: alice.masterPassword,
          });
          expect(res.statusCode).toBe(200);
          deleted.push(id);
          break;
        }
        case 4:
          if (deleted.length > 0) {
            const [restored, ...rest] = deleted;
            deleted = rest;
            expect((await inject(writer, 'POST', `/api/passwords/${restored}/restore`)).statusCode).toBe(200);
          } else {
            await importEntries(3, 1000 + step);
          }
          break;
        default: {
          // Another code path writing straight to the table: the triggers log it all the same.
          await sql`update passwords set list_json = replace(list_json, '"title":"', '"title":"~')
            where id = ${id}`.execute(t.db);
        }
      }
      for (let reads = 0; reads < 3; reads += 1) await readAround(random);
    }
    // An import of many entries at once (one bulk change on PostgreSQL), then reads again.
    await importEntries(120, 2000);
    for (let reads = 0; reads < 6; reads += 1) await readAround(random);
  });

  /** Toggles the favourite of `id` `times` times, one statement each, as another code path would. */
  async function toggleStraight(id: string, times: number) {
    const toggle = `update passwords set is_favorite = 1 - is_favorite, list_json = replace(replace(replace(
        list_json, '"isFavorite":true', '"isFavorite":x'), '"isFavorite":false', '"isFavorite":true'),
        '"isFavorite":x', '"isFavorite":false')`;
    if (onPostgres) {
      // In one round trip; each statement of the loop fires the triggers once.
      await sql
        .raw(`do $$ begin for n in 1..${times} loop ${toggle} where id = '${id}'; end loop; end $$`)
        .execute(t.db);
      return;
    }
    for (let n = 0; n < times; n += 1) await sql`${sql.raw(toggle)} where id = ${id}`.execute(t.db);
  }

  it('catches up on thousands of changes of a few entries, and starts afresh past the log', async () => {
    const first = await expectSameWindow({ limit: '50' });
    await expectSameWindow({ limit: '50', favoritesFirst: 'true' });
    // 3,001 changes of one entry: read as one entry.
    await toggleStraight(first.passwords[3]._id, 3001);
    await expectSameWindow({ limit: '50' });
    await expectSameWindow({ limit: '50', favoritesFirst: 'true' });
    // More than the log keeps: the cache starts afresh (or it would miss the change of the one entry
    // whose change has been trimmed away), and the log stays trimmed.
    await toggleStraight(first.passwords[7]._id, 1);
    await toggleStraight(first.passwords[5]._id, 4700);
    await expectSameWindow({ limit: '50' });
    await expectSameWindow({ limit: '50', favoritesFirst: 'true' });
    const { rows } = await sql<{ kept: number | string }>`select count(*) as kept from list_changes
      where user_id = ${alice.userId}`.execute(t.db);
    expect(Number(rows[0].kept)).toBeGreaterThanOrEqual(4096);
    expect(Number(rows[0].kept)).toBeLessThanOrEqual(4096 + 512);
  });

  it('logs each statement that changes what a list shows of an entry, and nothing else', async () => {
    const versionOf = async () => {
      const { rows } = await sql<{ v: number | string }>`select list_version as v from vault_keys
        where user_id = ${alice.userId}`.execute(t.db);
      return Number(rows[0].v);
    };
    const [entry] = JSON.parse(await listOf(plain, { limit: '1' })).data.passwords as PasswordEntry[];
    const before = await versionOf();
    await sql`update passwords set notes_enc = notes_enc where id = ${entry._id}`.execute(t.db);
    expect(await versionOf()).toBe(before);
    // A favourite toggled: its flag, then its listed text (two statements of one transaction).
    expect((await inject(t.app, 'PATCH', `/api/passwords/${entry._id}/favorite`)).statusCode).toBe(200);
    expect(await versionOf()).toBe(before + 2);
    const { rows } = await sql<{ version: number | string; entry_id: string | null }>`select version, entry_id
      from list_changes where user_id = ${alice.userId} and version > ${before} order by version`.execute(
      t.db,
    );
    expect(rows.map((row) => [Number(row.version), row.entry_id])).toEqual([
      [before + 1, entry._id],
      [before + 2, entry._id],
    ]);
  });

  (onPostgres ? it : it.skip)(
    'logs a statement that changes many entries at once as one change without an entry (PostgreSQL)',
    async () => {
      const { rows: before } = await sql<{ v: string }>`select list_version as v from vault_keys
      where user_id = ${alice.userId}`.execute(t.db);
      await sql`update passwords set list_json = list_json || ' ' where user_id = ${alice.userId}`.execute(
        t.db,
      );
      const { rows } = await sql<{ version: string; entry_id: string | null }>`select version, entry_id
      from list_changes where user_id = ${alice.userId} and version > ${Number(before[0].v)}`.execute(t.db);
      expect(rows).toEqual([{ version: String(Number(before[0].v) + 1), entry_id: null }]);
      await sql`update passwords set list_json = rtrim(list_json) where user_id = ${alice.userId}`.execute(
        t.db,
      );
      await expectSameWindow({ limit: '30' });
    },
  );
});
