// The runs of a list order that the window cache keeps (windowCache.ts), and how positions compare. A
// segment covers the positions after `from` (exclusive; null: the top of the list) up to `to`
// (inclusive; null: the end of the list) and holds every entry of the order's part between them.
// Positions compare as the databases order them: by the sort key, then the id, as UTF-8 bytes (SQLite's
// BINARY collation; "C" on PostgreSQL for the name key, ISO dates and ids elsewhere).
import type { ListPart, ListSort, WindowRow, WindowStart } from './entryList.repository';
import type { PackedJson } from './listedEntry';
import type { ChangedEntry } from './listChanges.repository';

/** What the cache counts for an entry beyond its texts (objects, the key and id strings). */
const ENTRY_OVERHEAD_BYTES = 160;

export interface WindowOrder {
  sort: ListSort;
  part: ListPart;
}

/** An entry of a segment: its place in the order and what a window answers of it. */
export interface CachedEntry {
  id: string;
  key: string;
  row: WindowRow;
}

export interface Segment {
  from: WindowStart | null;
  to: WindowStart | null;
  /** Every entry of the order's part between `from` and `to`, in order. */
  entries: CachedEntry[];
  /** The segment's entries by id. */
  byId: Map<string, CachedEntry>;
  bytes: number;
  usedAt: number;
}

const DESCENDING: Record<ListSort, boolean> = { created: true, updated: true, name: false };

/**
 * Two texts in the order of their UTF-8 bytes. UTF-16 code units order the same but for U+E000-U+FFFF
 * against characters beyond U+FFFF (surrogate pairs), which UTF-8 puts after them.
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate && (x >= 0xe000 || y >= 0xe000)) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Negative when `a` comes before `b` in the sort's order, 0 when they are the same place. */
export function compare(sort: ListSort, a: WindowStart, b: WindowStart): number {
  const order = compareUtf8(a.key, b.key) || compareUtf8(a.id, b.id);
  return DESCENDING[sort] ? -order : order;
}

export const orderKey = (order: WindowOrder) => `${order.sort}:${order.part}`;
export const orderOf = (key: string): WindowOrder => {
  const [sort, part] = key.split(':');
  return { sort: sort as ListSort, part: part as ListPart };
};

export function sortKeyOf(entry: ChangedEntry, sort: ListSort): string {
  if (sort === 'created') return entry.created_at;
  return sort === 'updated' ? entry.updated_at : entry.title_sort;
}

export function inPart(part: ListPart, isFavorite: boolean): boolean {
  return part === 'all' || (part === 'favorites') === isFavorite;
}

/** The entry as a segment of `sort` keeps it; `bytes`: its listed form, packed (listAnswer.ts). */
export function cachedEntryOf(entry: ChangedEntry, sort: ListSort, bytes: PackedJson): CachedEntry {
  const key = sortKeyOf(entry, sort);
  return { id: entry.id, key, row: rowOf(entry.id, key, entry.is_favorite, entry, bytes) };
}

/** What a window answers of a cached entry: its listed form as bytes, and its place. */
export function rowOf(
  id: string,
  key: string,
  isFavorite: number,
  row: { fields_listed: string | null; title_sort?: string },
  bytes: PackedJson,
): WindowRow {
  return {
    list_json: bytes,
    fields_listed: row.fields_listed,
    title_sort: row.title_sort,
    id,
    sort_key: key,
    is_favorite: isFavorite,
  };
}

export const bytesOf = (entry: CachedEntry) =>
  entry.row.list_json.length + (entry.row.fields_listed?.length ?? 0) + ENTRY_OVERHEAD_BYTES;

/** The index of the first entry after `position` (all of them: 0 for the top). */
export function firstAfter(sort: ListSort, entries: CachedEntry[], position: WindowStart | null): number {
  if (position === null) return 0;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(sort, entries[middle], position) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether the segment knows every entry after `position` (null: the top) up to its end. */
export function startsIn(sort: ListSort, segment: Segment, position: WindowStart | null): boolean {
  if (position === null) return segment.from === null;
  return (
    (segment.from === null || compare(sort, segment.from, position) <= 0) &&
    (segment.to === null || compare(sort, position, segment.to) <= 0)
  );
}

/** Whether `position` is between the segment's bounds, where the segment must hold the entry there. */
export function covers(sort: ListSort, segment: Segment, position: WindowStart): boolean {
  return (
    (segment.from === null || compare(sort, segment.from, position) < 0) &&
    (segment.to === null || compare(sort, position, segment.to) <= 0)
  );
}

/** Whether two segments overlap or meet, so that together they cover one run of the order. */
export function touches(sort: ListSort, a: Segment, b: Segment): boolean {
  const apart = (first: Segment, second: Segment) =>
    first.to !== null && second.from !== null && compare(sort, first.to, second.from) < 0;
  return !apart(a, b) && !apart(b, a);
}

/** Whether two segments cover a position in common (not merely meet). */
export function overlaps(sort: ListSort, a: Segment, b: Segment): boolean {
  const meets = (first: Segment, second: Segment) =>
    first.to !== null && second.from !== null && compare(sort, first.to, second.from) === 0;
  return touches(sort, a, b) && !meets(a, b) && !meets(b, a);
}

/** What of `segment` lies outside `cut`: the run before it and the run after it, as segments. */
export function outside(sort: ListSort, segment: Segment, cut: Segment): Segment[] {
  const pieces: Segment[] = [];
  const { from, to } = cut;
  if (from !== null && (segment.from === null || compare(sort, segment.from, from) < 0)) {
    const entries = segment.entries.filter((e) => compare(sort, e, from) <= 0);
    pieces.push(segmentOf(segment.from, from, entries, segment.usedAt));
  }
  if (to !== null && (segment.to === null || compare(sort, segment.to, to) > 0)) {
    const entries = segment.entries.filter((e) => compare(sort, e, to) > 0);
    pieces.push(segmentOf(to, segment.to, entries, segment.usedAt));
  }
  return pieces;
}

/** One segment of two that touch; where both cover a position, `fresh` (read later) is kept. */
export function join(sort: ListSort, old: Segment, fresh: Segment, now: number): Segment {
  const earlier = (a: WindowStart | null, b: WindowStart | null) =>
    a === null || b === null ? null : compare(sort, a, b) <= 0 ? a : b;
  const later = (a: WindowStart | null, b: WindowStart | null) =>
    a === null || b === null ? null : compare(sort, a, b) >= 0 ? a : b;
  const before = fresh.from === null ? [] : old.entries.filter((e) => compare(sort, e, fresh.from!) <= 0);
  const after = fresh.to === null ? [] : old.entries.filter((e) => compare(sort, e, fresh.to!) > 0);
  return segmentOf(
    earlier(old.from, fresh.from),
    later(old.to, fresh.to),
    [...before, ...fresh.entries, ...after],
    now,
  );
}

export function segmentOf(
  from: WindowStart | null,
  to: WindowStart | null,
  entries: CachedEntry[],
  now: number,
): Segment {
  return {
    from,
    to,
    entries,
    byId: new Map(entries.map((entry) => [entry.id, entry])),
    bytes: entries.reduce((sum, entry) => sum + bytesOf(entry), 0),
    usedAt: now,
  };
}
