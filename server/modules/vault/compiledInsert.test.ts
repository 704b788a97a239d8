// An import's INSERT reuses the text Kysely compiles for a full batch: the same SQL and parameters as
// Kysely's own, on both dialects; other rows are compiled by Kysely as they are.
import crypto from 'node:crypto';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from '../../db/schema';
import { newEntryRow } from './bulkCrypto';
import { fingerprintKey } from './health';
import { storedRow } from './storedRows';
import { BATCH_SIZE, compiledInsert } from './vault.repository';

const vault = crypto.randomBytes(32);
const keys = { vault, server: crypto.randomBytes(32), fingerprint: fingerprintKey(vault) };
const rows = Array.from({ length: BATCH_SIZE }, (_, i) =>
  storedRow(
    newEntryRow(
      keys,
      'user-1',
      {
        title: `Entry ${i}`,
        email: '',
        username: `u${i}`,
        password: `pw-${i}`,
        website: '',
        category: 'other',
        isFavorite: i % 2 === 0,
        notes: '',
        tags: [],
        totp: i % 3 === 0 ? 'JBSWY3DPEHPK3PXP' : '',
        fields: [],
      },
      '2026-01-01T00:00:00.000Z',
      i,
    ),
    1,
  ),
);

// Compiling needs no connection: neither database is opened.
const dialects = {
  sqlite: new Kysely<Database>({ dialect: new SqliteDialect({ database: {} as never }) }),
  postgres: new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) }),
};

describe.each(Object.entries(dialects))('the INSERT of an import batch on %s', (_name, db) => {
  it("is Kysely's statement, its text reused for the next full batch", () => {
    const expected = db.insertInto('passwords').values(rows).compile();
    const first = compiledInsert(db, rows);
    expect(first.sql).toBe(expected.sql);
    expect(first.parameters).toEqual(expected.parameters);
    const next = rows.map((row) => ({ ...row, title: `${row.title}!` }));
    const second = compiledInsert(db, next);
    expect(second.sql).toBe(expected.sql);
    expect(second.parameters).toEqual(db.insertInto('passwords').values(next).compile().parameters);
  });

  it('leaves a short batch, or rows of different shapes, to Kysely', () => {
    const short = rows.slice(0, 3);
    expect(compiledInsert(db, short).sql).toBe(db.insertInto('passwords').values(short).compile().sql);
    const mixed = [{ ...rows[0], totp_enc: undefined }, ...rows.slice(1)];
    const compiled = compiledInsert(db, mixed as never);
    expect(compiled.sql).toBe(
      db
        .insertInto('passwords')
        .values(mixed as never)
        .compile().sql,
    );
  });
});
