// A query compiled once per dialect answers each call with that call's values, keeps the values the query
// itself holds, and refuses a build that puts an argument anywhere but in a parameter.
import { sql } from 'kysely';
import { testDatabaseFor } from '../test/testDatabase';
import { reusableQuery } from './reusableQuery';

describe('reusableQuery', () => {
  const t = testDatabaseFor('passvault-reusable-query', { latest: true });

  beforeAll(async () => {
    await t.db
      .insertInto('server_secrets')
      .values([
        { name: 'first', value: 'one' },
        { name: 'second', value: 'two' },
      ])
      .execute();
  });

  it('builds the query once and binds each call’s arguments', async () => {
    const build = jest.fn((db: typeof t.db, name: string) =>
      db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .where('value', '!=', 'never')
        .where((eb) => eb.or([eb('name', '=', name), eb('value', '=', name)])),
    );
    const secretNamed = reusableQuery(build);
    expect(await secretNamed(t.db, 'first')).toEqual([{ value: 'one' }]);
    expect(await secretNamed(t.db, 'second')).toEqual([{ value: 'two' }]);
    expect(await secretNamed(t.db, 'third')).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses a build that does not pass its argument as a parameter', async () => {
    const inText = reusableQuery((db: typeof t.db, name: string) =>
      db.selectFrom('server_secrets').select(sql<string>`${sql.lit(String(name))}`.as('value')),
    );
    await expect(inText(t.db, 'first')).rejects.toThrow('every argument must be a parameter');
  });
});
