// The rules of the vault: entries belong to one user, their secrets exist at rest only as ciphertext
// (entrySecrets.ts), and nothing secret is revealed or changed before the master password has unlocked
// the vault key.
import { CATEGORIES, CATEGORY_FILTER_ALL, type Category } from '../../../src/common/constants';
import { normaliseCustomFields } from '../../../src/common/customFields';
import { totpCodeAt, totpProblem } from '../../../src/common/totp';
import type {
  CustomField,
  PasswordEntry,
  PasswordListPage,
  PasswordStats,
  RevealedPasswordEntry,
  VaultHealth,
} from '../../../src/common/wire';
import type { AppContext } from '../../context';
import { newId } from '../../crypto/tokens';
import { badRequest } from '../../http/errors';
import { ENTRY_ID, entryNotFound } from './entryIds';
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
import type { CreateEntryBody, ListQuery, UpdateEntryBody } from './passwords.schemas';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../http/keysetCursor';
import { foldForSearch } from './searchText';
import * as repo from './vault.repository';

export { ENTRY_NOT_FOUND } from './entryIds';
export { DECRYPT_FAILED } from './entrySecrets';
export const DEFAULT_TITLE = 'Untitled';
const DEFAULT_CATEGORY: Category = 'other';

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The plain columns of a row as answers and export files carry them. */
export function plainFieldsOf(row: repo.PublicPasswordRow) {
  return {
    title: row.title,
    email: row.email,
    username: row.username,
    website: row.website,
    category: isCategory(row.category) ? row.category : DEFAULT_CATEGORY,
    isFavorite: Number(row.is_favorite) === 1,
    tags: parseTags(row.tags),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** How many entries use the password, as answers say it: 0 when only this one does. */
function reusedIn(count: number | string | null | undefined): number {
  const entries = Number(count ?? 0);
  return entries > 1 ? entries : 0;
}

/**
 * A row (without its vault-key ciphertext) as the API answers it. `reuse_count` is how many of the
 * owner's entries share its password (lists read it with the row; single answers with reuseCountOf).
 */
export function toPasswordEntry(
  row: repo.PublicPasswordRow & { reuse_count?: number | string | null },
  serverKey: Buffer,
  userId: string,
): PasswordEntry {
  const { createdAt, updatedAt, ...plain } = plainFieldsOf(row);
  return {
    _id: row.id,
    ...plain,
    hasTotp: Number(row.has_totp) === 1,
    fields: openListedFields(serverKey, userId, row),
    health: {
      strength: row.strength === null ? null : Number(row.strength),
      reusedIn: reusedIn(row.reuse_count),
      passwordChangedAt: row.password_changed_at,
    },
    createdAt,
    updatedAt,
  };
}

/** One row as the API answers it, with how many entries share its password. */
async function answerFor(
  ctx: AppContext,
  db: repo.Executor,
  userId: string,
  row: repo.PublicPasswordRow,
): Promise<PasswordEntry> {
  const reuse_count = await repo.countSharingPassword(db, userId, row.reuse_fp);
  return toPasswordEntry({ ...row, reuse_count }, ctx.serverKey, userId);
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

/**
 * A window of the list (SPEC's search, category, favourite and limit, plus a keyset cursor), its total
 * and where the next window starts. Without a limit the rest of the list comes in one answer.
 */
export async function listPasswords(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<PasswordListPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (after === null) throw badRequest(INVALID_CURSOR);
  const search = query.search?.trim() ? foldForSearch(query.search.trim()) : undefined;
  const filter: repo.EntryFilter = {
    search,
    category: query.category === CATEGORY_FILTER_ALL ? undefined : query.category,
    favorite: query.favorite === undefined ? undefined : query.favorite === 'true',
    health: query.health && {
      kind: query.health,
      weakBelow: WEAK_BELOW,
      oldBefore: oldBefore(ctx.now()),
    },
  };
  // One more row than asked tells whether another window follows, without a second query.
  const limit = query.limit === undefined ? undefined : query.limit + 1;
  const [rows, total] = await Promise.all([
    repo.listEntries(ctx.db, userId, filter, { after, limit }),
    repo.countEntries(ctx.db, userId, filter),
  ]);
  const more = query.limit !== undefined && rows.length > query.limit;
  const window = more ? rows.slice(0, query.limit) : rows;
  const last = window[window.length - 1];
  return {
    passwords: window.map((row) => toPasswordEntry(row, ctx.serverKey, userId)),
    nextCursor: more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    total,
  };
}

export async function passwordStats(ctx: AppContext, userId: string): Promise<PasswordStats> {
  const stats: PasswordStats = { total: 0, favorites: 0, categories: {} };
  for (const row of await repo.countByCategory(ctx.db, userId)) {
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
  return repo.countHealth(ctx.db, userId, WEAK_BELOW, oldBefore(ctx.now()));
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
    const id = newId();
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
    await repo.insertEntry(ctx.db, row);
    return answerFor(ctx, ctx.db, auth.userId, row);
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
      const current = await repo.lockEntry(trx, auth.userId, id, now);
      if (!current) throw entryNotFound();
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
      return answerFor(ctx, trx, auth.userId, updated);
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
      (await ctx.db.transaction().execute((trx) => repo.moveToTrash(trx, auth.userId, id, now)));
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
      ...(await answerFor(ctx, ctx.db, auth.userId, row)),
      ...secrets,
      totpCode: current?.code ?? null,
      totpRemaining: current?.remaining ?? null,
    };
  });
}

export async function toggleFavorite(ctx: AppContext, userId: string, id: string): Promise<PasswordEntry> {
  const row = ENTRY_ID.test(id)
    ? await repo.toggleFavorite(ctx.db, userId, id, ctx.now().toISOString())
    : undefined;
  if (!row) throw entryNotFound();
  return answerFor(ctx, ctx.db, userId, row);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
