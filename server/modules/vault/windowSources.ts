// Where a window of the list comes from: the database, or, for the whole list (no search or filter), this
// process's window cache (windowCache.ts), brought up to the list's version from the change log first.
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import * as lists from './entryList.repository';
import { changesSince, listState } from './listChanges.repository';
import { packJson } from './listAnswer';
import { CATCH_UP_MAX, noCounts, WindowCache, type WindowCacheCounts } from './windowCache';
import { rowOf, type CachedEntry } from './windowSegments';

/** Where one part's read starts: after an entry, or this many entries in (neither: the top). */
export interface ReadStart {
  after?: lists.WindowStart;
  offset?: number;
}

/** Up to `limit` rows of one part of the list from `start` (all the rest without a limit). */
export type WindowSource = (
  part: lists.ListPart,
  start: ReadStart,
  limit: number | undefined,
) => Promise<lists.WindowRow[]>;

/** Windows read from the database. */
export function databaseWindows(
  db: Db,
  userId: string,
  filter: lists.EntryFilter,
  sort: lists.ListSort,
): WindowSource {
  return (part, start, limit) => lists.listWindow(db, userId, filter, { sort, part, ...start, limit });
}

/** Whether the filter leaves the whole list: what the cache keeps. */
export function isWholeList(filter: lists.EntryFilter): boolean {
  return !filter.search && !filter.category && filter.favorite === undefined && !filter.health;
}

const caches = new WeakMap<Db, WindowCache>();

/** What the operator is shown of a process's window cache (GET /api/metrics). */
export interface ListCacheUse extends WindowCacheCounts {
  heldBytes: number;
  budgetBytes: number;
  owners: number;
}

/** The budget LIST_CACHE_MB sets, in bytes as the cache counts them; 0: no cache. */
const budgetOf = (ctx: AppContext) => Math.max(0, ctx.config.listCacheMb) * 1_000_000;

/** The window cache's use in this process (all zeros before the first list read through it). */
export function listCacheUseOf(ctx: AppContext): ListCacheUse {
  const cache = caches.get(ctx.db);
  return {
    ...(cache?.counts ?? noCounts()),
    heldBytes: cache?.heldBytes ?? 0,
    budgetBytes: budgetOf(ctx),
    owners: cache?.ownerCount ?? 0,
  };
}

/** This process's cache of the database's windows; undefined when LIST_CACHE_MB is 0. */
function cacheOf(ctx: AppContext): WindowCache | undefined {
  const budget = budgetOf(ctx);
  if (budget === 0) return undefined;
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new WindowCache(budget);
    caches.set(ctx.db, cache);
  }
  return cache;
}

/**
 * The rows of a window read from the database as the cache keeps them: their listed forms packed into
 * one buffer (listAnswer.ts), so that an answer of entries still side by side copies them as one run.
 */
function cachedEntriesOf(rows: lists.WindowRow[]): CachedEntry[] {
  const packed = packJson(rows.map((row) => row.list_json as string));
  return rows.map((row, i) => {
    const { id, sort_key: key, is_favorite: isFavorite } = row;
    if (id === undefined || key === undefined || isFavorite === undefined) {
      throw new Error('a window read for the cache lacks positions');
    }
    return { id, key, row: rowOf(id, key, Number(isFavorite), row, packed[i]) };
  });
}

/**
 * The whole list's total and windows in `sort`, through the cache: the owner's list state is read (the
 * total is kept by triggers) and the cached windows brought up to it, then each window comes from the
 * cache when it holds it, else from the database (and is kept). Undefined without a cache or a vault.
 */
export async function cachedWholeList(
  ctx: AppContext,
  userId: string,
  sort: lists.ListSort,
): Promise<{ total: number; windows: WindowSource } | undefined> {
  const cache = cacheOf(ctx);
  if (!cache) return undefined;
  const state = await listState(ctx.db, userId);
  if (!state) {
    // No vault (the account is gone): nothing of it is kept.
    cache.forget(userId);
    return undefined;
  }
  await cache.catchUp(userId, state.version, (after) => changesSince(ctx.db, userId, after, CATCH_UP_MAX));
  const windows: WindowSource = async (part, start, limit) => {
    const order = { sort, part };
    const offset = start.offset ?? 0;
    const from = offset > 0 ? { offset } : { after: start.after ?? null };
    const held = cache.take(userId, order, from, limit);
    if (held) return held;
    // The version the read starts at: the window is kept only if no catch-up has run meanwhile.
    const version = cache.versionOf(userId);
    const rows = await lists.listWindow(
      ctx.db,
      userId,
      {},
      { sort, part, ...start, limit, withPositions: true },
    );
    // A window found by offset has no known start: it is answered, not kept.
    if (version !== undefined && offset === 0) {
      const reachedEnd = limit === undefined || rows.length < limit;
      cache.store(userId, version, order, start.after ?? null, cachedEntriesOf(rows), reachedEnd);
    }
    return rows;
  };
  return { total: state.entries, windows };
}
