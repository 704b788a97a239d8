// A text registered for PostgreSQL is prepared once per connection and answers as the same query sent
// plainly would; other queries are not prepared. SQLite has its own statement cache.
import { CompiledQuery } from 'kysely';
import { describeOnPostgres, testDatabaseFor } from '../test/testDatabase';
import { namedOnPostgres } from './namedStatements';

describeOnPostgres('named statements on PostgreSQL', () => {
  const opened = testDatabaseFor('passvault-named');

  test('a registered text is prepared once on its connection; an unregistered one is sent as it is', async () => {
    const text = namedOnPostgres('select $1::int + $2::int as sum');
    await opened.db.connection().execute(async (connection) => {
      const run = (query: string, parameters: unknown[] = []) =>
        connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query, parameters));
      expect((await run(text, [1, 2])).rows).toEqual([{ sum: 3 }]);
      expect((await run(text, [3, 4])).rows).toEqual([{ sum: 7 }]);
      expect((await run('select $1::int * 2 as twice', [21])).rows).toEqual([{ twice: 42 }]);
      const prepared = await run('select name, statement from pg_prepared_statements');
      expect(prepared.rows).toEqual([{ name: expect.stringMatching(/^passvault_\d+$/), statement: text }]);
    });
  });

  test('a failing statement fails as it would plainly, and the connection goes on', async () => {
    const text = namedOnPostgres('select 1 / $1::int as quotient');
    await opened.db.connection().execute(async (connection) => {
      const run = (parameters: unknown[]) =>
        connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, parameters));
      await expect(run([0])).rejects.toThrow('division by zero');
      expect((await run([1])).rows).toEqual([{ quotient: 1 }]);
    });
  });
});
