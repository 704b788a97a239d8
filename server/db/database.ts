import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { nameRegisteredStatements } from './namedStatements';
import { ensurePrivateDatabaseFile } from './privateFiles';
import { startWalCheckpointer } from './walCheckpointer';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://... ; when unset, SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile: string;
  /**
   * SQLite: checkpoint the WAL on a thread of its own (walCheckpointer.ts) instead of in the commits of
   * requests. For the server program; short-lived tools and the tests keep SQLite's own checkpoints.
   */
  checkpointInBackground?: boolean;
}

/** The connections a database holds right now (the metrics read it at each scrape). */
export interface PoolUse {
  dialect: 'postgres' | 'sqlite';
  /** Open connections: the pool's, or SQLite's one. */
  connections: number;
  maxConnections: number;
  /** PostgreSQL only: open connections no query is using. */
  idle?: number;
  /** PostgreSQL only: queries waiting for a connection. */
  waiting?: number;
}

const POSTGRES_POOL_MAX = 10;
/**
 * How long a PostgreSQL connection may sit unused before the pool closes it (pg's default is 10 s). A
 * new connection's backend starts with empty caches: its first count of a 100,000-entry vault took
 * 50-130 ms where a used one took 16-25 ms, so a person who pauses for a minute should not pay that again.
 */
const POSTGRES_IDLE_MS = 5 * 60_000;

/**
 * Set on each PostgreSQL connection as it opens. No parallel workers: every query of the server reads
 * one owner's rows, where starting workers costs more than they save (a 100,000-entry vault's health
 * counts: 51 ms with two workers, 15 ms without, on 2 cores) and takes cores from other requests.
 */
const POSTGRES_SESSION_SETTINGS = 'set max_parallel_workers_per_gather = 0';
/** Prepared statements kept per SQLite database: every query shape the server has, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, keeping prepared statements by their SQL: Kysely
 * prepares every query anew, and preparing cost more than running a window of the list. A statement
 * that is still being iterated (an export's stream) is not handed out twice: a fresh one is prepared.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: the first key is the one to evict.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
const poolUses = new WeakMap<Db, () => PoolUse>();

/** The connections of a database made by createDatabase (undefined for any other). */
export function poolUseOf(db: Db): PoolUse | undefined {
  return poolUses.get(db)?.();
}

export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_MAX,
      idleTimeoutMillis: POSTGRES_IDLE_MS,
    });
    pool.on('connect', nameRegisteredStatements);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool,
        onCreateConnection: async (connection) => {
          await connection.executeQuery(CompiledQuery.raw(POSTGRES_SESSION_SETTINGS));
        },
      }),
    });
    poolUses.set(db, () => ({
      dialect: 'postgres',
      connections: pool.totalCount,
      maxConnections: POSTGRES_POOL_MAX,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return db;
  }
  ensurePrivateDatabaseFile(options.sqliteFile);
  const sqlite = new SQLite(options.sqliteFile);
  // WAL: readers never block the writer and a crash keeps every committed transaction.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A statement that may fail half-way keeps the pages it changes in a statement journal, a temporary
  // file by default: an import's INSERT of 500 rows (with its triggers) copies thousands of pages there.
  // In memory it wrote 20,000 entries ~20% faster; only the running statement's pages are held.
  sqlite.pragma('temp_store = MEMORY');
  const statements = withStatementCache(sqlite);
  const checkpointer = options.checkpointInBackground ? startWalCheckpointer(sqlite) : undefined;
  const database: SqliteDatabase = checkpointer
    ? {
        ...statements,
        close: () => {
          // The thread's connection first: the last one to close checkpoints all and removes the WAL.
          checkpointer.stop();
          statements.close();
        },
      }
    : statements;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // One connection, always open: every query of the process goes through it, one at a time.
  poolUses.set(db, () => ({ dialect: 'sqlite', connections: sqlite.open ? 1 : 0, maxConnections: 1 }));
  return db;
}
