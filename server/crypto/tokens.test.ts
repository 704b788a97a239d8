// Ordered ids: UUIDs of version 7 whose text sorts by the time they were made (and by place, when given).
import { ENTRY_ID } from '../modules/vault/entryIds';
import { newOrderedId } from './tokens';

describe('newOrderedId', () => {
  it('is a UUID of version 7 and variant 10, as an entry id must be', () => {
    const id = newOrderedId();
    expect(id).toMatch(ENTRY_ID);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('begins with the time in ms, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 0);
    const id = newOrderedId(at);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    const ids = [at + 2, at, at + 1, at + 60_000].map((ms) => newOrderedId(ms));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0], ids[3]]);
  });

  it('differs every time, within one millisecond too', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newOrderedId(at)));
    expect(ids.size).toBe(10_000);
  });

  it('with a place, sorts by time and then by place, and stays a valid, unique id', () => {
    const at = Date.UTC(2026, 10, 29, 15, 0, 0);
    const places = [0, 1, 2, 499, 500, 16_383, 16_384, 99_999, 2 ** 26 - 1];
    const ids = places.map((place) => newOrderedId(at, place));
    for (const id of ids) {
      expect(id).toMatch(ENTRY_ID);
      expect(id[14]).toBe('7');
      expect(['8', '9', 'a', 'b']).toContain(id[19]);
    }
    expect([...ids].sort()).toEqual(ids);
    // Past the counter's 26 bits the time moves on: still after every earlier place.
    const beyond = newOrderedId(at, 2 ** 26);
    expect(parseInt(beyond.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 1);
    expect(beyond > ids[ids.length - 1]).toBe(true);
    // Before any id of a later millisecond, and unique at one place (48 random bits).
    expect(ids[ids.length - 1] < newOrderedId(at + 1, 0)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newOrderedId(at, 7))).size).toBe(1000);
  });
});
