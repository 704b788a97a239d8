// Frozen in time: imports no application code.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past schema */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A window of the list costs what it costs right after a write, and the list can be sorted (issues 12
// and 15):
// - passwords.list_json: the entry's answer in a list as JSON (its listed custom fields, sealed with the
//   server key, are put in by a read), written with every write of the row, so a window reads one text
//   per entry instead of building it from fifteen columns;
// - passwords.reuse_count: how many of the owner's entries share the row's password fingerprint (itself
//   included), kept by the writes that change fingerprints, so neither a window nor the health counts
//   count them per row;
// - passwords.title_sort: the title folded for sorting by name (case, accents; byte order on both
//   databases: the column collates "C" on PostgreSQL);
// - indexes for the orders (last updated, name) and, partial and small, for favourites first; the
//   last-updated index also carries the health columns, so the health counts read only an index; and a
//   partial index of the tagged entries, so the settings' tag count reads those alone.

/** The server's folding for search as of this migration (server/modules/vault/searchText.ts). */
function foldForSearch(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\n/g, ' ')
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFC');
}

/** The sort key of a title as of this migration: folded, without accents. */
function titleSortOf(title: string): string {
  return foldForSearch(title).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

const CATEGORIES = ['social', 'work', 'finance', 'entertainment', 'shopping', 'other'];

function tagsOf(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

interface Row {
  id: string;
  title: string;
  email: string;
  username: string;
  website: string;
  category: string;
  is_favorite: number;
  tags: string;
  has_totp: number;
  strength: number | null;
  reuse_count: number;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The listed form as of this migration (server/modules/vault/listedEntry.ts `listJsonOf`). */
function listJsonOf(row: Row): string {
  return JSON.stringify({
    _id: row.id,
    title: row.title,
    email: row.email,
    username: row.username,
    website: row.website,
    category: CATEGORIES.includes(row.category) ? row.category : 'other',
    isFavorite: Number(row.is_favorite) === 1,
    tags: tagsOf(row.tags),
    hasTotp: Number(row.has_totp) === 1,
    health: {
      strength: row.strength === null ? null : Number(row.strength),
      reusedIn: Number(row.reuse_count) > 1 ? Number(row.reuse_count) : 0,
      passwordChangedAt: row.password_changed_at,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    fields: [],
  });
}

const BATCH = 500;

async function fillListColumns(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Row[] = await db
      .selectFrom('passwords')
      .select([
        'id',
        'title',
        'email',
        'username',
        'website',
        'category',
        'is_favorite',
        'tags',
        'has_totp',
        'strength',
        'reuse_count',
        'password_changed_at',
        'created_at',
        'updated_at',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}, ${listJsonOf(row)}, ${titleSortOf(row.title)})`),
    );
    await sql`with v (id, list_json, title_sort) as (values ${values})
      update passwords set list_json = v.list_json, title_sort = v.title_sort
      from v where passwords.id = v.id`.execute(db);
    after = rows[rows.length - 1].id;
  }
}

const FAVORITE_ORDERS: [string, string][] = [
  ['passwords_favorites_created', 'user_id, created_at, id'],
  ['passwords_favorites_updated', 'user_id, updated_at, id'],
  ['passwords_favorites_title', 'user_id, title_sort, id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('passwords')
    .addColumn('list_json', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('passwords')
    .addColumn('reuse_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('passwords')
    .addColumn('title_sort', postgres ? sql`text collate "C"` : 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update passwords set reuse_count = (
      select count(*) from passwords same
      where same.user_id = passwords.user_id and same.reuse_fp = passwords.reuse_fp)
    where reuse_fp is not null`.execute(db);
  await fillListColumns(db);

  if (postgres) {
    await sql`create index passwords_user_updated on passwords (user_id, updated_at, id)
      include (strength, password_changed_at, reuse_count)`.execute(db);
  } else {
    // SQLite has no INCLUDE: the columns follow the key ((updated_at, id) is unique, so the order is the same).
    await sql`create index passwords_user_updated on passwords
      (user_id, updated_at, id, strength, password_changed_at, reuse_count)`.execute(db);
  }
  await sql`create index passwords_user_title on passwords (user_id, title_sort, id)`.execute(db);
  for (const [name, columns] of FAVORITE_ORDERS) {
    await sql.raw(`create index ${name} on passwords (${columns}) where is_favorite = 1`).execute(db);
  }
  await sql`create index passwords_tagged on passwords (user_id, tags) where tags != '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const indexes = [
    'passwords_user_updated',
    'passwords_user_title',
    'passwords_tagged',
    ...FAVORITE_ORDERS.map(([n]) => n),
  ];
  for (const name of indexes) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
  for (const column of ['title_sort', 'reuse_count', 'list_json']) {
    await db.schema.alterTable('passwords').dropColumn(column).execute();
  }
}
