// The list windows this process has answered, kept up to date from the change log (migration 027)
// instead of being dropped at every write, so that a window read right after a write costs what any
// read costs (issue 12). Pure bookkeeping: the caller reads the database (windowSources.ts).
//
// Per owner, per order of the list (a sort and a part: all entries, or the favourites or the others of
// favourites-first), the cache holds segments: runs of the order in which every entry is known. A segment
// covers the positions after `from` (exclusive; null: the top of the list) up to `to` (inclusive; null:
// the end of the list), so a window starting anywhere in it is answered from it while the segment holds
// enough entries after the start. A window read from the database is stored as a segment and joined with
// the segments it overlaps or touches. A change moves, rewrites or removes its entry wherever a segment
// covers the entry's old and new positions (windowSegments.ts: the segments and how positions compare).
import type { ListSort, WindowRow, WindowStart } from './entryList.repository';
import { packJson } from './listAnswer';
import type { ChangedEntry, ListChanges } from './listChanges.repository';
import {
  cachedEntryOf,
  compare,
  covers,
  firstAfter,
  inPart,
  join,
  orderKey,
  orderOf,
  outside,
  overlaps,
  segmentOf,
  startsIn,
  bytesOf,
  touches,
  type CachedEntry,
  type Segment,
  type WindowOrder,
} from './windowSegments';

/**
 * A catch-up of more changed entries than this starts the owner afresh instead. Each costs a row read and
 * a few microseconds to place, a window read afresh ~0.3-2 ms: a thousand entries still cost less than
 * reading again the windows a person has open. The log keeps each owner's last 4,096 changes at least
 * (migration 027); a reader further behind starts afresh too.
 */
export const CATCH_UP_MAX = 1000;

interface OwnerWindows {
  /** The last change applied: every segment shows the list as of this version or later. */
  version: number;
  orders: Map<string, Segment[]>;
  usedAt: number;
  catchingUp?: Promise<void>;
}

/** At most this many owners are remembered (an owner without segments costs a few bytes). */
const MAX_OWNERS = 10_000;

/** What a cache has done since it was made, for the operator (GET /api/metrics): only ever grows. */
export interface WindowCacheCounts {
  /** Windows answered from a segment. */
  hits: number;
  /** Windows a segment did not hold: read from the database. */
  misses: number;
  /** Catch-ups that applied the owner's changes to the segments in place. */
  catchUps: number;
  /** Catch-ups that dropped the owner's segments instead (a bulk change, a gap in the log, too many). */
  restarts: number;
  /** Segments dropped, least recently used first, to stay within the budget. */
  evictions: number;
}

/** A cache's counts when it has done nothing yet. */
export const noCounts = (): WindowCacheCounts => ({
  hits: 0,
  misses: 0,
  catchUps: 0,
  restarts: 0,
  evictions: 0,
});

export class WindowCache {
  private readonly owners = new Map<string, OwnerWindows>();
  private bytes = 0;
  private clock = 0;
  private readonly tally = noCounts();

  /** `budgetBytes`: about how much list text (with its bookkeeping) all segments may hold together. */
  constructor(readonly budgetBytes: number) {}

  /** What the segments hold, in bytes as the budget counts them. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Owners remembered (with or without segments). */
  get ownerCount(): number {
    return this.owners.size;
  }

  /** A copy of the counts so far. */
  get counts(): WindowCacheCounts {
    return { ...this.tally };
  }

  /** The version the owner's segments show, or undefined when none is kept. */
  versionOf(userId: string): number | undefined {
    return this.owners.get(userId)?.version;
  }

  /**
   * Brings the owner's segments to `version` (the list's version as just read) or later: `fetch` reads the
   * changes after the segments' version. One catch-up per owner at a time, so that changes are applied
   * in the order they were read. Too many changes, a log trimmed past the segments' version, or a bulk
   * change start the owner afresh: no segments, nothing stale.
   */
  async catchUp(
    userId: string,
    version: number,
    fetch: (after: number) => Promise<ListChanges>,
  ): Promise<void> {
    for (;;) {
      const owner = this.owners.get(userId);
      if (!owner) {
        this.startAfresh(userId, version);
        return;
      }
      if (owner.version >= version) return;
      if (owner.catchingUp) {
        await owner.catchingUp;
        continue;
      }
      const from = owner.version;
      const applying = fetch(from).then(
        (changes) => this.apply(userId, owner, from, version, changes),
        (error: unknown) => {
          if (this.owners.get(userId) === owner) this.forget(userId);
          throw error;
        },
      );
      owner.catchingUp = applying.finally(() => {
        owner.catchingUp = undefined;
      });
      await owner.catchingUp;
      return;
    }
  }

  /**
   * The rows of a window of `order` starting after `after` (null: the top) or `offset` entries in, at
   * most `count` (all the rest when undefined), when a segment knows them; undefined when not.
   */
  take(
    userId: string,
    order: WindowOrder,
    start: { after: WindowStart | null } | { offset: number },
    count: number | undefined,
  ): WindowRow[] | undefined {
    const owner = this.owners.get(userId);
    const held = owner && this.windowIn(owner, order, start, count);
    if (!owner || !held) {
      this.tally.misses += 1;
      return undefined;
    }
    this.tally.hits += 1;
    held.segment.usedAt = owner.usedAt = this.tick();
    return held.segment.entries.slice(held.first, held.end).map((entry) => entry.row);
  }

  /** The segment that holds the whole window, and where the window is in it; undefined if none does. */
  private windowIn(
    owner: OwnerWindows,
    order: WindowOrder,
    start: { after: WindowStart | null } | { offset: number },
    count: number | undefined,
  ): { segment: Segment; first: number; end: number } | undefined {
    const segments = owner.orders.get(orderKey(order));
    const after = 'after' in start ? start.after : null;
    const segment = segments?.find((s) => startsIn(order.sort, s, after));
    if (!segment) return undefined;
    const first = 'offset' in start ? start.offset : firstAfter(order.sort, segment.entries, after);
    const end = count === undefined ? Infinity : first + count;
    if (segment.to !== null && end > segment.entries.length) return undefined;
    return { segment, first, end };
  }

  /**
   * Keeps a window read from the database: `entries` are every entry of `order` after `after` (null: the
   * top) up to the last of them, or to the end of the list when `reachedEnd`. Kept only when the owner's
   * segments are still at `version`, the version they had when the read began (a window read before a
   * catch-up could be older than the segments).
   */
  store(
    userId: string,
    version: number,
    order: WindowOrder,
    after: WindowStart | null,
    entries: CachedEntry[],
    reachedEnd: boolean,
  ): void {
    const owner = this.owners.get(userId);
    if (!owner || owner.version !== version || owner.catchingUp) return;
    const last = entries[entries.length - 1];
    if (!reachedEnd && !last) return;
    const now = this.tick();
    let merged = segmentOf(after, reachedEnd ? null : { key: last.key, id: last.id }, entries, now);
    if (merged.bytes > this.budgetBytes / 2) return;
    const key = orderKey(order);
    let others = owner.orders.get(key) ?? [];
    // Joined while the run stays within half the budget; past that, what the window covers is cut out of
    // its neighbour, so the window just read is kept whole and the run it came from in part.
    for (let changed = true; changed;) {
      changed = false;
      for (const segment of others) {
        if (!touches(order.sort, segment, merged)) continue;
        const joinable = segment.bytes + merged.bytes <= this.budgetBytes / 2;
        if (!joinable && !overlaps(order.sort, segment, merged)) continue;
        others = others.filter((s) => s !== segment);
        this.bytes -= segment.bytes;
        if (joinable) {
          merged = join(order.sort, segment, merged, now);
        } else {
          const pieces = outside(order.sort, segment, merged);
          for (const piece of pieces) this.bytes += piece.bytes;
          others = [...others, ...pieces];
        }
        changed = true;
        break;
      }
    }
    owner.orders.set(key, [...others, merged]);
    owner.usedAt = now;
    this.bytes += merged.bytes;
    this.keepWithinBudget();
  }

  /** Forgets the owner's segments (the account is gone, say). */
  forget(userId: string): void {
    const owner = this.owners.get(userId);
    if (!owner) return;
    for (const segments of owner.orders.values()) {
      for (const segment of segments) this.bytes -= segment.bytes;
    }
    this.owners.delete(userId);
  }

  private startAfresh(userId: string, version: number): void {
    this.forget(userId);
    this.owners.set(userId, { version, orders: new Map(), usedAt: this.tick() });
    if (this.owners.size > MAX_OWNERS) this.forgetLeastUsedOwner();
  }

  private apply(userId: string, owner: OwnerWindows, from: number, version: number, changes: ListChanges) {
    // Forgotten or started afresh while the changes were read: nothing of this owner to update.
    if (this.owners.get(userId) !== owner || owner.version !== from) return;
    const { first, last, bulk, entries } = changes;
    // Every change after `from` is there (the log was not trimmed past it), each of a known entry.
    const whole = last !== undefined && first === from + 1 && !bulk && entries.length <= CATCH_UP_MAX;
    if (!whole) {
      this.tally.restarts += 1;
      this.startAfresh(userId, Math.max(version, last ?? version));
      return;
    }
    this.tally.catchUps += 1;
    for (const { id, now } of entries) this.applyChange(owner, id, now);
    owner.version = last;
  }

  /** Puts the entry as it is now where it stands in each order (nowhere when it has left the list). */
  private applyChange(owner: OwnerWindows, id: string, now: ChangedEntry | null): void {
    const bytes = now === null ? undefined : packJson([now.list_json])[0];
    for (const [key, segments] of owner.orders) {
      const { sort, part } = orderOf(key);
      const inOrder = now !== null && bytes !== undefined && inPart(part, now.is_favorite === 1);
      this.place(sort, segments, id, inOrder ? cachedEntryOf(now, sort, bytes) : null);
    }
  }

  /**
   * In place when the entry's place has not changed (a favourite toggled in an order of all entries, an
   * edit in the order of creation); else out of the segment that held it, and into the one that covers
   * its new place, if any.
   */
  private place(sort: ListSort, segments: Segment[], id: string, entry: CachedEntry | null): void {
    for (const segment of segments) {
      const old = segment.byId.get(id);
      if (!old) continue;
      const index = firstAfter(sort, segment.entries, old) - 1;
      if (entry && compare(sort, entry, old) === 0) {
        segment.entries[index] = entry;
        segment.byId.set(id, entry);
        this.resize(segment, bytesOf(entry) - bytesOf(old));
        return;
      }
      segment.entries.splice(index, 1);
      segment.byId.delete(id);
      this.resize(segment, -bytesOf(old));
    }
    if (!entry) return;
    const segment = segments.find((s) => covers(sort, s, entry));
    if (!segment) return;
    segment.entries.splice(firstAfter(sort, segment.entries, entry), 0, entry);
    segment.byId.set(id, entry);
    this.resize(segment, bytesOf(entry));
  }

  private resize(segment: Segment, delta: number): void {
    segment.bytes += delta;
    this.bytes += delta;
  }

  private keepWithinBudget(): void {
    while (this.bytes > this.budgetBytes) {
      let oldest: { owner: OwnerWindows; key: string; segment: Segment } | undefined;
      for (const owner of this.owners.values()) {
        for (const [key, segments] of owner.orders) {
          for (const segment of segments) {
            if (!oldest || segment.usedAt < oldest.segment.usedAt) oldest = { owner, key, segment };
          }
        }
      }
      if (!oldest) return;
      const { owner, key, segment } = oldest;
      const rest = (owner.orders.get(key) ?? []).filter((s) => s !== segment);
      if (rest.length > 0) owner.orders.set(key, rest);
      else owner.orders.delete(key);
      this.bytes -= segment.bytes;
      this.tally.evictions += 1;
    }
  }

  private forgetLeastUsedOwner(): void {
    let oldest: [string, OwnerWindows] | undefined;
    for (const entry of this.owners) if (!oldest || entry[1].usedAt < oldest[1].usedAt) oldest = entry;
    if (oldest) this.forget(oldest[0]);
  }

  private tick(): number {
    this.clock += 1;
    return this.clock;
  }
}
