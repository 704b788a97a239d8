import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { testDatabaseFor } from '../test/testDatabase';
import { poolUseOf, withStatementCache } from './database';

describe('withStatementCache', () => {
  it('prepares a query once and hands the same statement out again', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    expect(db.prepare('select 1 as one')).toBe(db.prepare('select 1 as one'));
    expect(db.prepare('select 1 as one')).not.toBe(db.prepare('select 2 as two'));
    db.close();
  });

  it('never hands out a statement that is still being iterated (two streams of one query)', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const first = db.prepare('select n from t order by n').iterate([]) as IterableIterator<{ n: number }>;
    expect(first.next().value).toEqual({ n: 1 });
    // The cached statement is busy: the second stream gets its own and both read every row.
    const second = [...(db.prepare('select n from t order by n').iterate([]) as Iterable<{ n: number }>)];
    expect(second.map((row) => row.n)).toEqual([1, 2, 3]);
    expect([...first].map((row) => row.n)).toEqual([2, 3]);
    db.close();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // now "select 2" is the least recently used
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
    db.close();
  });
});

describe('createDatabase on PostgreSQL', () => {
  const t = testDatabaseFor('passvault-database');

  it('opens every pooled connection without parallel workers, keeping the URL’s own options', async () => {
    if (!t.location.databaseUrl) return;
    // Held at once, so the pool opens several connections.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.db.connection().execute(async (connection) => {
          const { rows } = await sql<{ workers: string; path: string }>`
            select current_setting('max_parallel_workers_per_gather') as workers,
                   current_setting('search_path') as path, pg_sleep(0.05)`.execute(connection);
          return rows[0];
        }),
      ),
    );
    expect(new Set(settings.map((s) => s.workers))).toEqual(new Set(['0']));
    expect(settings.every((s) => s.path.startsWith('test_'))).toBe(true);
    expect(poolUseOf(t.db)?.connections).toBeGreaterThanOrEqual(2);
  });
});
