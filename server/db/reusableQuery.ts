// A query run on every request (the session's lookup, the list's state) is built and compiled by Kysely
// once per dialect, then run with each call's values: building and compiling a small SELECT cost more
// than SQLite's lookup by key itself (a list read spent ~90 µs in Kysely's builder and compiler). On
// PostgreSQL its text goes as a named statement (namedStatements.ts): parsed and planned once per
// connection. So these are queries by key, whose best plan never depends on the values.
import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely } from 'kysely';
import { namedOnPostgres } from './namedStatements';
import type { Database } from './schema';

type Executor = Kysely<Database>;

/** Each parameter of the compiled text: one of the call's arguments, or a value the query itself holds. */
type Binding = { argument: number } | { value: unknown };

/**
 * `build` made into a function that compiles it once per dialect and binds the arguments of each call.
 * `build` must pass each argument to the query as a value (never into its text or its shape), once or
 * more: the first call builds it with stand-ins, to find where each argument lands among the parameters.
 */
export function reusableQuery<Args extends unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<string, { sql: string; bindings: Binding[] }>();
  return async (db, ...args) => {
    const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    let query = compiled.get(dialect);
    if (!query) {
      const standIns = args.map((_, argument) => ({ argument }));
      const { sql, parameters } = build(db, ...(standIns as Args)).compile();
      const bindings = parameters.map((parameter): Binding => {
        const argument = standIns.indexOf(parameter as { argument: number });
        return argument >= 0 ? { argument } : { value: parameter };
      });
      const used = new Set(bindings.flatMap((binding) => ('argument' in binding ? [binding.argument] : [])));
      if (used.size !== args.length) {
        throw new Error('reusableQuery: every argument must be a parameter of the query');
      }
      query = { sql: dialect === 'postgres' ? namedOnPostgres(sql) : sql, bindings };
      compiled.set(dialect, query);
    }
    const values = query.bindings.map((binding) =>
      'argument' in binding ? args[binding.argument] : binding.value,
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, values));
    return result.rows;
  };
}
