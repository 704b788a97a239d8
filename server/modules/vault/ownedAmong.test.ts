// Reads of some of an owner's entries by id (an import that overwrites entries reads their passwords
// first) answer only the owner's rows, and on SQLite, which keeps no statistics, look each id up by the
// primary key instead of walking one of the owner's indexes through the whole vault. Runs on SQLite and
// on PostgreSQL, against the real schema.
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { insertPastUser, pastEntryRow, pastSchema } from '../../test/pastSchema';
import { testDatabaseFor } from '../../test/testDatabase';
import { findPasswordsOf } from './vault.repository';

const AT = '2026-05-01T00:00:00.000Z';

describe('reading some of an owner’s entries by id', () => {
  const t = testDatabaseFor('passvault-owned-among', { latest: true });

  beforeAll(async () => {
    await insertPastUser(t.db, 'owner', AT);
    await insertPastUser(t.db, 'other', AT, 'other@example.test');
    const entry = (id: string, userId: string) => pastEntryRow(id, userId, id, AT);
    await pastSchema(t.db)
      .insertInto('passwords')
      .values([entry('mine-1', 'owner'), entry('mine-2', 'owner'), entry('theirs', 'other')])
      .execute();
  });

  it('answers the owner’s entries only', async () => {
    const rows = await findPasswordsOf(t.db, 'owner', ['mine-1', 'theirs', 'mine-2', 'missing']);
    expect(rows.map((row) => row.id).sort()).toEqual(['mine-1', 'mine-2']);
    expect(await findPasswordsOf(t.db, 'other', ['mine-1', 'theirs'])).toEqual([
      expect.objectContaining({ id: 'theirs', user_id: 'other' }),
    ]);
  });

  it('looks each id up by the primary key on SQLite', async () => {
    if (t.location.databaseUrl) return;
    const seen: RootOperationNode[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args.node);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    // As many ids as an import's batch: with a few, SQLite looked them up by id anyway.
    const ids = ['mine-1', 'mine-2', ...Array.from({ length: 498 }, (_, n) => `absent-${n}`)];
    expect(await findPasswordsOf(t.db.withPlugin(recorder), 'owner', ids)).toHaveLength(2);
    const query = t.db.getExecutor().compileQuery(seen[0], { queryId: 'plan' });
    const plan = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toMatch(/sqlite_autoindex_passwords_1 \(id=\?\)/);
    expect(details).not.toMatch(/user_id=\?/);
  });
});
