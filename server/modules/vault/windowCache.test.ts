// The window cache on its own: a list kept in memory plays the database (its windows, its change log),
// and every window the cache answers must be the one the list gives at that moment.
import { uniformIndex } from '../../../src/common/randomIndex';
import { seededRandom } from '../../../src/test/seededRandom';
import type { ListPart, ListSort, WindowRow, WindowStart } from './entryList.repository';
import { packJson } from './listAnswer';
import type { ChangedEntry, ListChanges } from './listChanges.repository';
import { CATCH_UP_MAX, WindowCache } from './windowCache';
import { cachedEntryOf, compareUtf8, type WindowOrder } from './windowSegments';

/** A seeded random source (the same on every run, so a failure can be replayed): `int(n)` is 0..n-1. */
function randomSource(seed: number) {
  const source = seededRandom(seed);
  return { int: (below: number) => uniformIndex(below, source) };
}

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The database's side: the entries, the list's version and its change log. */
class FakeList {
  entries = new Map<string, ChangedEntry>();
  /** The change log: each version's entry, null for a bulk change. */
  log: { version: number; entryId: string | null }[] = [];
  version = 0;

  change(id: string, now: ChangedEntry | null): void {
    if (now) this.entries.set(id, now);
    else this.entries.delete(id);
    this.version += 1;
    this.log.push({ version: this.version, entryId: id });
  }

  /** A change of many entries at once (a bulk statement on PostgreSQL): logged without its entries. */
  bulk(now: ChangedEntry[] = []): void {
    for (const entry of now) this.entries.set(entry.id, entry);
    this.version += 1;
    this.log.push({ version: this.version, entryId: null });
  }

  /** changesSince: what the log holds after `after`, each entry once as it is now. */
  async since(after: number): Promise<ListChanges> {
    const changes = this.log.filter((change) => change.version > after);
    if (changes.length === 0) return { bulk: false, entries: [] };
    const ids = [...new Set(changes.map((change) => change.entryId))];
    return {
      first: changes[0].version,
      last: changes[changes.length - 1].version,
      bulk: ids.includes(null),
      entries: ids
        .filter((id): id is string => id !== null)
        .slice(0, CATCH_UP_MAX + 1)
        .map((id) => ({ id, now: this.entries.get(id) ?? null })),
    };
  }

  ordered(order: WindowOrder): ChangedEntry[] {
    const key = (entry: ChangedEntry) =>
      order.sort === 'created'
        ? entry.created_at
        : order.sort === 'updated'
          ? entry.updated_at
          : entry.title_sort;
    const descending = order.sort !== 'name';
    return [...this.entries.values()]
      .filter((entry) => order.part === 'all' || (entry.is_favorite === 1) === (order.part === 'favorites'))
      .sort((a, b) => {
        const compared = byBytes(key(a), key(b)) || byBytes(a.id, b.id);
        return descending ? -compared : compared;
      });
  }

  /** listWindow: `count` entries after `after` (or `offset` in), as the cache would be given them. */
  window(order: WindowOrder, start: { after: WindowStart | null } | { offset: number }, count: number) {
    const all = this.ordered(order).map((entry) =>
      cachedEntryOf(entry, order.sort, packJson([entry.list_json])[0]),
    );
    let first = 0;
    if ('offset' in start) first = start.offset;
    else if (start.after) {
      const after = start.after;
      const descending = order.sort !== 'name';
      first = all.findIndex((entry) => {
        const compared = byBytes(entry.key, after.key) || byBytes(entry.id, after.id);
        return descending ? compared < 0 : compared > 0;
      });
      if (first < 0) first = all.length;
    }
    return all.slice(first, first + count);
  }
}

const textOf = (row: WindowRow) =>
  typeof row.list_json === 'string'
    ? row.list_json
    : row.list_json.pack.toString('utf8', row.list_json.at, row.list_json.at + row.list_json.length);

function entry(id: string, fields: Partial<ChangedEntry> = {}): ChangedEntry {
  const base = {
    id,
    title_sort: id,
    is_favorite: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    fields_listed: null,
    ...fields,
  };
  return { ...base, list_json: JSON.stringify({ _id: id, ...base }) };
}

/** Reads as windowSources.ts does: catch up, take, else read the list and store what was read. */
async function read(
  cache: WindowCache,
  list: FakeList,
  order: WindowOrder,
  start: { after: WindowStart | null } | { offset: number },
  count: number,
): Promise<{ rows: string[]; fromCache: boolean }> {
  await cache.catchUp('owner', list.version, (after) => list.since(after));
  const held = cache.take('owner', order, start, count);
  if (held) return { rows: held.map(textOf), fromCache: true };
  const version = cache.versionOf('owner') as number;
  const window = list.window(order, start, count);
  if ('after' in start) cache.store('owner', version, order, start.after, window, window.length < count);
  return { rows: window.map((e) => textOf(e.row)), fromCache: false };
}

const expected = (
  list: FakeList,
  order: WindowOrder,
  start: { after: WindowStart | null } | { offset: number },
  count: number,
) => list.window(order, start, count).map((e) => textOf(e.row));

describe('compareUtf8', () => {
  it('orders texts as their UTF-8 bytes do, also beyond U+FFFF', () => {
    const texts = ['a', 'ab', 'b', 'é', '\uffff', '\ue000', '😀', '😀a', '\ud7ff', '', 'z', '中文', '𝔸'];
    const bytewise = [...texts].sort(byBytes);
    expect([...texts].sort(compareUtf8)).toEqual(bytewise);
  });
});

describe('WindowCache', () => {
  const created: WindowOrder = { sort: 'created', part: 'all' };
  const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

  /** 30 entries, e30 the newest: newest first, e30 .. e1. */
  function thirty(): FakeList {
    const list = new FakeList();
    for (let n = 1; n <= 30; n += 1) {
      list.change(
        `e${String(n).padStart(2, '0')}`,
        entry(`e${String(n).padStart(2, '0')}`, { created_at: minute(n) }),
      );
    }
    return list;
  }
  const cursorAt = (list: FakeList, order: WindowOrder, index: number): WindowStart => {
    const { key, id } = list.window(order, { offset: index }, 1)[0];
    return { key, id };
  };

  it('answers a window it has read, and the windows joined with it, after changes without reading again', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    const first = await read(cache, list, created, { after: null }, 11);
    expect(first.fromCache).toBe(false);
    const second = await read(cache, list, created, { after: cursorAt(list, created, 9) }, 11);
    expect(second.fromCache).toBe(false);
    // A favourite toggled, a title changed, an entry deleted: the next reads come from the cache.
    list.change('e29', { ...list.entries.get('e29')!, is_favorite: 1, list_json: '{"changed":1}' });
    list.change('e25', null);
    list.change('e31', entry('e31', { created_at: minute(31) }));
    const again = await read(cache, list, created, { after: null }, 11);
    expect(again).toEqual({ rows: expected(list, created, { after: null }, 11), fromCache: true });
    expect(again.rows).toContain('{"changed":1}');
    // Across the two windows read: they were joined.
    const across = await read(cache, list, created, { after: cursorAt(list, created, 5) }, 11);
    expect(across).toEqual({
      rows: expected(list, created, { after: cursorAt(list, created, 5) }, 11),
      fromCache: true,
    });
    // Beyond what was read: from the list.
    const beyond = await read(cache, list, created, { after: cursorAt(list, created, 15) }, 11);
    expect(beyond.fromCache).toBe(false);
    // What the operator sees of it: three windows read, two answered, one catch-up in place.
    expect(cache.counts).toEqual({ hits: 2, misses: 3, catchUps: 1, restarts: 0, evictions: 0 });
  });

  it('answers an offset from a run that starts at the top, and the end of the list once read to it', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    await read(cache, list, created, { after: null }, 40);
    expect(await read(cache, list, created, { offset: 12 }, 5)).toEqual({
      rows: expected(list, created, { offset: 12 }, 5),
      fromCache: true,
    });
    expect(await read(cache, list, created, { after: cursorAt(list, created, 27) }, 11)).toEqual({
      rows: expected(list, created, { after: cursorAt(list, created, 27) }, 11),
      fromCache: true,
    });
  });

  it('moves an entry between the favourites and the others of favourites first', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    const favorites: WindowOrder = { sort: 'created', part: 'favorites' };
    const others: WindowOrder = { sort: 'created', part: 'others' };
    await read(cache, list, favorites, { after: null }, 50);
    await read(cache, list, others, { after: null }, 50);
    list.change('e07', { ...list.entries.get('e07')!, is_favorite: 1 });
    const favoritesNow = await read(cache, list, favorites, { after: null }, 50);
    const othersNow = await read(cache, list, others, { after: null }, 50);
    expect(favoritesNow).toEqual({ rows: [list.entries.get('e07')!.list_json], fromCache: true });
    expect(othersNow.rows).toHaveLength(29);
    expect(othersNow.fromCache).toBe(true);
  });

  it('starts afresh when the log has gone past what it holds, or many entries changed at once', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    await read(cache, list, created, { after: null }, 11);
    list.bulk(['e29', 'e27'].map((id) => ({ ...list.entries.get(id)!, list_json: `{"bulk":"${id}"}` })));
    const afterBulk = await read(cache, list, created, { after: null }, 11);
    expect(afterBulk).toEqual({ rows: expected(list, created, { after: null }, 11), fromCache: false });
    expect(afterBulk.rows).toContain('{"bulk":"e29"}');
    // A log trimmed past the cache's version: the change of e28 is gone from it.
    list.change('e28', { ...list.entries.get('e28')!, list_json: '{"trimmed":28}' });
    list.change('e30', { ...list.entries.get('e30')!, list_json: '{"trimmed":30}' });
    list.log = list.log.slice(-1);
    const after = await read(cache, list, created, { after: null }, 11);
    expect(after).toEqual({ rows: expected(list, created, { after: null }, 11), fromCache: false });
    expect(after.rows).toContain('{"trimmed":28}');
    expect(cache.counts).toMatchObject({ catchUps: 0, restarts: 2 });
  });

  it('starts afresh when more entries changed than it applies', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    await read(cache, list, created, { after: null }, 11);
    for (let n = 0; n <= CATCH_UP_MAX; n += 1)
      list.change(`other${n}`, entry(`other${n}`, { created_at: minute(0) }));
    list.change('e30', { ...list.entries.get('e30')!, list_json: '{"many":30}' });
    const after = await read(cache, list, created, { after: null }, 11);
    expect(after).toEqual({ rows: expected(list, created, { after: null }, 11), fromCache: false });
    expect(after.rows).toContain('{"many":30}');
  });

  it('keeps no window read before a catch-up that ran meanwhile', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    await read(cache, list, created, { after: null }, 11);
    const version = cache.versionOf('owner') as number;
    const stale = list.window(created, { after: cursorAt(list, created, 10) }, 11);
    list.change('e15', { ...list.entries.get('e15')!, list_json: '{"newer":15}' });
    await cache.catchUp('owner', list.version, (after) => list.since(after));
    cache.store('owner', version, created, cursorAt(list, created, 10), stale, false);
    expect(cache.take('owner', created, { after: cursorAt(list, created, 10) }, 11)).toBeUndefined();
  });

  it('reads the changes once for concurrent catch-ups, and forgets the owner when reading them fails', async () => {
    const list = thirty();
    const cache = new WindowCache(10_000_000);
    await read(cache, list, created, { after: null }, 11);
    list.change('e30', { ...list.entries.get('e30')!, list_json: '{"once":1}' });
    const fetch = jest.fn((after: number) => list.since(after));
    await Promise.all([1, 2, 3].map(() => cache.catchUp('owner', list.version, fetch)));
    expect(fetch).toHaveBeenCalledTimes(1);
    list.change('e29', null);
    await expect(
      cache.catchUp('owner', list.version, () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    expect(cache.versionOf('owner')).toBeUndefined();
  });

  it('holds no more than its budget, dropping the windows used least recently', async () => {
    const list = new FakeList();
    for (let n = 1; n <= 200; n += 1) {
      list.change(
        `e${String(n).padStart(3, '0')}`,
        entry(`e${String(n).padStart(3, '0')}`, { created_at: minute(n) }),
      );
    }
    const cache = new WindowCache(30_000);
    for (let w = 0; w < 10; w += 1) {
      const after = w === 0 ? null : cursorAt(list, created, w * 20 - 1);
      await read(cache, list, created, { after }, 20);
      expect(cache.heldBytes).toBeLessThanOrEqual(30_000);
    }
    expect(cache.heldBytes).toBeGreaterThan(0);
    // The last window read is still there; the first is gone.
    expect((await read(cache, list, created, { after: cursorAt(list, created, 179) }, 20)).fromCache).toBe(
      true,
    );
    expect((await read(cache, list, created, { after: null }, 20)).fromCache).toBe(false);
    expect(cache.counts.evictions).toBeGreaterThan(0);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'answers what the list holds through random changes and reads (seed %i)',
    async (seed) => {
      const random = randomSource(seed);
      const list = new FakeList();
      const cache = new WindowCache(seed % 2 === 0 ? 20_000 : 10_000_000);
      const sorts: ListSort[] = ['created', 'updated', 'name'];
      const parts: ListPart[] = ['all', 'favorites', 'others'];
      // Keys collide often, so ties are broken by id; titles include characters beyond U+FFFF.
      const titles = ['alpha', 'beta', 'Beta', 'é', '😀', '\ue000', 'zeta'];
      let served = 0;
      for (let step = 0; step < 600; step += 1) {
        const id = `id${random.int(60)}`;
        const action = random.int(10);
        if (action < 5) {
          const old = list.entries.get(id);
          list.change(
            id,
            entry(id, {
              title_sort: titles[random.int(titles.length)],
              is_favorite: random.int(3) === 0 ? 1 : 0,
              created_at: old?.created_at ?? minute(random.int(20)),
              updated_at: minute(random.int(20)),
              fields_listed: random.int(4) === 0 ? 'sealed' : null,
            }),
          );
        } else if (action < 6) {
          list.change(id, null);
        } else if (action < 7 && random.int(8) === 0) {
          list.bulk();
        }
        const order: WindowOrder = { sort: sorts[random.int(3)], part: parts[random.int(3)] };
        const size = list.ordered(order).length;
        const start =
          random.int(4) === 0
            ? { offset: random.int(size + 2) }
            : { after: size === 0 || random.int(3) === 0 ? null : cursorAt(list, order, random.int(size)) };
        const count = 1 + random.int(12);
        const answer = await read(cache, list, order, start, count);
        expect(answer.rows).toEqual(expected(list, order, start, count));
        if (answer.fromCache) served += 1;
      }
      // The cache answered a good share, or the test would test little.
      expect(served).toBeGreaterThan(seed % 2 === 0 ? 40 : 100);
    },
  );
});
