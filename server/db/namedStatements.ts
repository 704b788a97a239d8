// PostgreSQL parses and plans every statement Kysely sends, each time. A statement sent many times with
// the same text and no plan to choose (an import's full-batch INSERT: 500 rows, ~12,000 parameters) is
// worth preparing once per connection: registered here, it goes as a named statement, which node-pg
// parses once per connection and then only binds (31 vs 37 ms a batch of 500 on 2 cores). SQLite has
// its own statement cache (database.ts withStatementCache). Queries whose best plan depends on their
// values (the list, search) are not registered: a generic plan could serve them worse.
import type pg from 'pg';

/** Statement name by SQL text. */
const names = new Map<string, string>();
/** A bound on the names a connection may hold: each full-batch shape is one. */
const MAX_NAMED = 32;

/** Marks `text` to be prepared once per PostgreSQL connection; answers it. */
export function namedOnPostgres(text: string): string {
  if (!names.has(text) && names.size < MAX_NAMED) names.set(text, `passvault_${names.size + 1}`);
  return text;
}

type QueryCall = (...args: unknown[]) => unknown;

/**
 * Makes `client` send registered texts as named statements. Kysely's PostgreSQL driver calls
 * `client.query(text, values)`; anything else (cursors, configs, callbacks) passes through unchanged.
 */
export function nameRegisteredStatements(client: pg.PoolClient): void {
  // pg's query has many overloads; this wrapper takes them all and forwards them as they came.
  const query = client.query.bind(client) as QueryCall;
  const named: QueryCall = (...args) => {
    const [text, values] = args;
    const plain = args.length === 2 && typeof text === 'string' && Array.isArray(values);
    const name = plain ? names.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
  client.query = named as typeof client.query;
}
