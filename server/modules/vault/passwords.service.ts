// The rules of the vault: entries belong to one user, their secrets exist at rest only as ciphertext
// (entrySecrets.ts), and nothing secret is revealed or changed before the master password has unlocked
// the vault key.
import { CATEGORIES, CATEGORY_FILTER_ALL, type Category } from '../../../src/common/constants';
import { normaliseCustomFields } from '../../../src/common/customFields';
import { totpCodeAt, totpProblem } from '../../../src/common/totp';
import type {
  CustomField,
  PasswordEntry,
  PasswordStats,
  RevealedPasswordEntry,
  VaultHealth,
} from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { newOrderedId } from '../../crypto/tokens';
import { badRequest } from '../../http/errors';
import { ENTRY_ID, entryChangedElsewhere, entryNotFound } from './entryIds';
import type { AuthInfo } from '../../plugins/authenticate';
import {
  openListedFields,
  openSecrets,
  sealSecrets,
  type EntryKeys,
  type EntrySecrets,
} from './entrySecrets';
import { oldBefore, WEAK_BELOW } from './health';
import { keepInHistory } from './history.service';
import { withVaultKey } from './masterPassword.service';
import type { VaultCredential } from './vaultCredential';
import {
  CURSOR_WITH_OFFSET,
  type CreateEntryBody,
  type ListQuery,
  type UpdateEntryBody,
} from './passwords.schemas';
import { INVALID_CURSOR } from '../../http/keysetCursor';
import * as lists from './entryList.repository';
import {
  cachedWholeList,
  databaseWindows,
  isWholeList,
  type ReadStart,
  type WindowSource,
} from './windowSources';
import { decodeListCursor, encodeListCursor, type ListCursor } from './listCursor';
import { listedEntryOf } from './listedEntry';
import { entryJsonOf, idOf, listAnswerOf, placeOf } from './listAnswer';
import { foldForSearch } from './searchText';
import * as repo from './vault.repository';

export { ENTRY_NOT_FOUND } from './entryIds';
export { DECRYPT_FAILED } from './entrySecrets';
export const DEFAULT_TITLE = 'Untitled';
const DEFAULT_CATEGORY: Category = 'other';

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export { plainFieldsOf } from './listedEntry';

/**
 * A row (without its vault-key ciphertext) as the API answers it. A row of the trash has no reuse count:
 * its password is shared with no entry of the vault's lists.
 */
export function toPasswordEntry(
  row: Omit<repo.PublicPasswordRow, 'reuse_count'> & { reuse_count?: number | string | null },
  serverKey: Buffer,
  userId: string,
): PasswordEntry {
  return listedEntryOf(
    { ...row, reuse_count: row.reuse_count ?? null },
    openListedFields(serverKey, userId, row),
  );
}

/** Trimmed, non-empty, without duplicates, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

type EntryFields = Omit<UpdateEntryBody, 'masterPassword'>;

/** The searchable fields as they are stored: trimmed text, tags normalised. Absent stays absent. */
function normaliseFields(body: EntryFields) {
  return {
    title: body.title?.trim(),
    email: body.email?.trim(),
    username: body.username?.trim(),
    website: body.website?.trim(),
    category: body.category,
    is_favorite: body.isFavorite === undefined ? undefined : body.isFavorite ? 1 : 0,
    tags: body.tags === undefined ? undefined : JSON.stringify(normaliseTags(body.tags)),
  };
}

/** The list's filters of a query, the search folded as stored. */
function filterOf(ctx: AppContext, query: ListQuery): lists.EntryFilter {
  return {
    search: query.search?.trim() ? foldForSearch(query.search.trim()) : undefined,
    category: query.category === CATEGORY_FILTER_ALL ? undefined : query.category,
    favorite: query.favorite === undefined ? undefined : query.favorite === 'true',
    health: query.health && { kind: query.health, weakBelow: WEAK_BELOW, oldBefore: oldBefore(ctx.now()) },
  };
}

interface ListOrder {
  sort: lists.ListSort;
  /** Favourites, then the others, each part in the sort's order. */
  favoritesFirst: boolean;
}

/** One read of an owner's list: which entries, in what order, after which one and how many. */
interface ListRead {
  db: repo.Executor;
  userId: string;
  filter: lists.EntryFilter;
  order: ListOrder;
  after: ListCursor | undefined;
  /** How many entries of the list come before the window (0 with `after`). */
  offset: number;
  limit: number | undefined;
  /** Where its windows come from: the database, or the window cache. */
  windows: WindowSource;
}

/** Where one part's read starts (after a cursor, or this many entries in), or null: the window starts past it. */
type PartStart = ReadStart | null;

/**
 * Where the favourites' and the others' reads start, with favourites first. By cursor, in the part it
 * names; by offset, the favourites passing the filter are counted to find the part the offset falls in.
 */
async function partStarts({ db, userId, filter, after, offset }: ListRead): Promise<[PartStart, PartStart]> {
  if (offset > 0) {
    const favorites = await lists.countEntries(db, userId, { ...filter, favorite: true });
    return [offset < favorites ? { offset } : null, { offset: Math.max(0, offset - favorites) }];
  }
  const inFavorites = after === undefined || after.part === 'favorites';
  return [inFavorites ? { after } : null, { after: after?.part === 'others' ? after : undefined }];
}

/**
 * Up to `limit` rows of the list in `order` after `after`, or `offset` entries in (all the rest without a
 * limit). With favourites first the favourites are read, then, when the window is not full, the others
 * from their start: each part through its own index.
 */
async function readWindow(read: ListRead): Promise<lists.WindowRow[]> {
  const { order, after, offset, limit, windows } = read;
  if (!order.favoritesFirst) return windows('all', { after, offset }, limit);
  const [favoritesStart, othersStart] = await partStarts(read);
  let rows: lists.WindowRow[] = favoritesStart ? await windows('favorites', favoritesStart, limit) : [];
  if (limit === undefined || rows.length < limit) {
    const others = await windows(
      'others',
      othersStart ?? {},
      limit === undefined ? undefined : limit - rows.length,
    );
    rows = rows.concat(others);
  }
  return rows;
}

/** The window's rows and the list's total; where the count comes first, no window when it is past it. */
async function rowsAndTotal(read: ListRead): Promise<[lists.WindowRow[], number]> {
  const { db, userId, filter } = read;
  const rows = () => readWindow(read);
  if (!lists.countsBeforeWindows(db, filter))
    return Promise.all([rows(), lists.countEntries(db, userId, filter)]);
  const total = await lists.countEntries(db, userId, filter);
  return [total <= read.offset ? [] : await rows(), total];
}

/** Where the window after `last` starts, in `order`. */
function cursorAfter(last: lists.WindowRow, order: ListOrder): ListCursor {
  const { key, id, isFavorite } = placeOf(last, order.sort);
  return {
    sort: order.sort,
    part: order.favoritesFirst ? (isFavorite ? 'favorites' : 'others') : 'all',
    key,
    id,
  };
}

/**
 * A window of the list (SPEC's search, category, favourite and limit, plus the order, favourites first,
 * the health filter and a keyset cursor or an offset), its total and where the next window starts (a
 * cursor, after an offset too): the whole answer as JSON, text or UTF-8 bytes (listAnswer.ts). Each
 * entry is its stored listed form (list_json) with the listed fields a read adds, so the answer is
 * joined rather than built and serialised field by field. The whole list (no search or filter) comes
 * through this process's window cache (windowSources.ts). Without a limit the rest of the list comes in
 * one answer.
 */
export async function listPasswordsJson(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<string | Buffer> {
  const order: ListOrder = {
    sort: query.sort ?? 'created',
    // With only favourites (or only the others) asked for, there is one part.
    favoritesFirst: query.favoritesFirst === 'true' && query.favorite === undefined,
  };
  if (query.cursor !== undefined && query.offset !== undefined) throw badRequest(CURSOR_WITH_OFFSET);
  const after = query.cursor === undefined ? undefined : decodeListCursor(query.cursor);
  if (
    after === null ||
    (after && (after.sort !== order.sort || (after.part !== 'all') !== order.favoritesFirst))
  ) {
    throw badRequest(INVALID_CURSOR);
  }
  const filter = await lists.planSearch(ctx.db, userId, filterOf(ctx, query));
  // One more row than asked tells whether another window follows, without a second query.
  const limit = query.limit === undefined ? undefined : query.limit + 1;
  const offset = query.offset ?? 0;
  const read = { db: ctx.db, userId, filter, order, after, offset, limit };
  const whole = isWholeList(filter) ? await cachedWholeList(ctx, userId, order.sort) : undefined;
  const [rows, total] = whole
    ? [whole.total <= offset ? [] : await readWindow({ ...read, windows: whole.windows }), whole.total]
    : await rowsAndTotal({ ...read, windows: databaseWindows(ctx.db, userId, filter, order.sort) });
  const more = query.limit !== undefined && rows.length > query.limit;
  const window = more ? rows.slice(0, query.limit) : rows;
  const last = window[window.length - 1];
  const next = more && last ? encodeListCursor(cursorAfter(last, order)) : null;
  const entries = window.map((row) =>
    entryJsonOf(row, () =>
      openListedFields(ctx.serverKey, userId, { id: idOf(row), fields_listed: row.fields_listed }),
    ),
  );
  return listAnswerOf(entries, next, total);
}

export async function passwordStats(ctx: AppContext, userId: string): Promise<PasswordStats> {
  const stats: PasswordStats = { total: 0, favorites: 0, categories: {} };
  for (const row of await lists.countByCategory(ctx.db, userId)) {
    const category = isCategory(row.category) ? row.category : DEFAULT_CATEGORY;
    stats.total += row.count;
    stats.favorites += row.favorites;
    stats.categories[category] = (stats.categories[category] ?? 0) + row.count;
  }
  return stats;
}

/**
 * The TOTP (trimmed; '' for none) and custom fields (names trimmed) of a save, checked before anything
 * is unlocked: a wrong one costs no Argon2 run and no master-password attempt. Absent stays absent.
 */
function extrasOf(body: EntryFields): { totp?: string; fields?: CustomField[] } {
  const totp = body.totp?.trim();
  const problem = totp === undefined ? null : totpProblem(totp);
  if (problem) throw badRequest(problem);
  return { totp, fields: body.fields && normaliseCustomFields(body.fields) };
}

const keysOf = (ctx: AppContext, vaultKey: Buffer): EntryKeys => ({ vault: vaultKey, server: ctx.serverKey });

/** The title of the owner's entry, in the vault or the trash; null when there is none (the access log). */
export async function entryTitle(ctx: AppContext, userId: string, id: string): Promise<string | null> {
  return ENTRY_ID.test(id) ? repo.findEntryTitle(ctx.db, userId, id) : null;
}

/** How many entries are weak, reused or old: read from what saves stored, nothing is decrypted. */
export function vaultHealth(ctx: AppContext, userId: string): Promise<VaultHealth> {
  return lists.countHealth(ctx.db, userId, WEAK_BELOW, oldBefore(ctx.now()));
}

export function createPassword(
  ctx: AppContext,
  auth: AuthInfo,
  body: CreateEntryBody,
  credential: VaultCredential,
): Promise<PasswordEntry> {
  const fields = normaliseFields(body);
  const extras = extrasOf(body);
  return withVaultKey(ctx, auth, credential, async (vaultKey) => {
    // The id comes first: the ciphertexts are bound to it.
    const id = newOrderedId();
    const now = ctx.now().toISOString();
    const row = {
      id,
      user_id: auth.userId,
      title: fields.title ?? DEFAULT_TITLE,
      email: fields.email ?? '',
      username: fields.username ?? '',
      website: fields.website ?? '',
      category: fields.category ?? DEFAULT_CATEGORY,
      is_favorite: fields.is_favorite ?? 0,
      tags: fields.tags ?? '[]',
      ...sealSecrets(keysOf(ctx, vaultKey), auth.userId, id, {
        password: body.password,
        notes: body.notes ?? '',
        totp: extras.totp ?? '',
        fields: extras.fields ?? [],
      }),
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    };
    return ctx.db.transaction().execute(async (trx) => {
      await repo.lockVaultKeyRow(trx, auth.userId);
      const inserted = await repo.insertEntry(trx, row);
      return toPasswordEntry(inserted, ctx.serverKey, auth.userId);
    });
  });
}

/** Every field left out keeps its value; the secrets are encrypted again with fresh nonces. */
export function updatePassword(
  ctx: AppContext,
  auth: AuthInfo,
  id: string,
  body: UpdateEntryBody,
  credential: VaultCredential,
): Promise<PasswordEntry> {
  const fields = normaliseFields(body);
  const extras = extrasOf(body);
  return withVaultKey(ctx, auth, credential, async (vaultKey) => {
    if (!ENTRY_ID.test(id)) throw entryNotFound();
    return ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now().toISOString();
      await repo.lockVaultKeyRow(trx, auth.userId);
      const current = await repo.lockEntry(trx, auth.userId, id, now, body.ifUpdatedAt);
      if (!current) {
        const changed = body.ifUpdatedAt !== undefined && (await repo.findEntry(trx, auth.userId, id));
        throw changed ? entryChangedElsewhere() : entryNotFound();
      }
      const given = { password: body.password, notes: body.notes, ...extras };
      const kept = openSecrets(vaultKey, current);
      const secrets: EntrySecrets = {
        password: given.password ?? kept.password,
        notes: given.notes ?? kept.notes,
        totp: given.totp ?? kept.totp,
        fields: given.fields ?? kept.fields,
      };
      const passwordChanged = secrets.password !== kept.password;
      if (passwordChanged) {
        await keepInHistory(trx, vaultKey, {
          userId: auth.userId,
          entryId: id,
          password: kept.password,
          now,
        });
      }
      const sealed = sealSecrets(keysOf(ctx, vaultKey), auth.userId, id, secrets);
      const changes = {
        ...definedOnly(fields),
        ...sealed,
        ...(passwordChanged ? { password_changed_at: now } : {}),
        updated_at: now,
      };
      const updated = await repo.updateEntry(trx, auth.userId, id, changes, current);
      if (!updated) throw entryNotFound();
      return toPasswordEntry(updated, ctx.serverKey, auth.userId);
    });
  });
}

/** Moves the entry to the trash (trash.service.ts): it leaves every list at once, and can come back. */
export async function deletePassword(
  ctx: AppContext,
  auth: AuthInfo,
  id: string,
  credential: VaultCredential,
): Promise<void> {
  await withVaultKey(ctx, auth, credential, async () => {
    const now = ctx.now().toISOString();
    const moved =
      ENTRY_ID.test(id) &&
      (await ctx.db.transaction().execute(async (trx) => {
        await repo.lockVaultKeyRow(trx, auth.userId);
        return repo.moveToTrash(trx, auth.userId, id, now);
      }));
    if (!moved) throw entryNotFound();
  });
}

export function revealPassword(
  ctx: AppContext,
  auth: AuthInfo,
  id: string,
  credential: VaultCredential,
): Promise<RevealedPasswordEntry> {
  return withVaultKey(ctx, auth, credential, async (vaultKey) => {
    const row = ENTRY_ID.test(id) ? await repo.findEntry(ctx.db, auth.userId, id) : undefined;
    if (!row) throw entryNotFound();
    const secrets = openSecrets(vaultKey, row);
    const current = totpCodeAt(secrets.totp, ctx.now().getTime());
    return {
      ...toPasswordEntry(row, ctx.serverKey, auth.userId),
      ...secrets,
      totpCode: current?.code ?? null,
      totpRemaining: current?.remaining ?? null,
    };
  });
}

export async function toggleFavorite(ctx: AppContext, userId: string, id: string): Promise<PasswordEntry> {
  if (!ENTRY_ID.test(id)) throw entryNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.toggleFavorite(trx, userId, id, ctx.now().toISOString());
    if (!row) throw entryNotFound();
    return toPasswordEntry(row, ctx.serverKey, userId);
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
