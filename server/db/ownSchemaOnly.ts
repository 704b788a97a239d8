import { sql, type DatabaseIntrospector, type TableMetadata } from 'kysely';
import type { Db } from './database';

/**
 * `db` as Kysely's Migrator should see it on PostgreSQL: its look for its own bookkeeping tables reads
 * `schema` only. Kysely's own introspector reads every table of the database and calls
 * pg_get_serial_sequence on each column, which fails ("schema ... does not exist") when another process
 * drops its schema meanwhile: the test suites drop theirs while other files' apps start, and a database
 * shared with other deployments may do the same. The Migrator asks only for names, so no columns are read.
 */
export function ownSchemaOnly(db: Db, schema: string): Db {
  const tables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; type: string }>`
      select table_name as name, table_type as type from information_schema.tables
      where table_schema = ${schema}`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: row.type === 'VIEW', columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables: tables,
    getMetadata: async () => ({ tables: await tables() }),
  };
  // Everything else is `db` itself (its methods bound to it: Kysely keeps its state in private fields).
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
