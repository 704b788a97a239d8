// The same contract for every store of counters, and the property that matters with several processes:
// two limiters on their own connections to one store share the counts, exactly, under concurrency.
import { Redis } from 'ioredis';
import type { Db } from '../db/database';
import { InMemoryRateLimiter, type RateLimiter } from './rateLimiter';
import { RedisRateLimiter } from './redisRateLimiter';
import {
  createSharedDatabase,
  redisAvailable,
  startTestRedis,
  type SharedDatabase,
  type TestRedis,
} from '../test/sharedStores';
import { SqlRateLimiter } from './sqlRateLimiter';

let now = Date.parse('2026-11-22T10:00:00.000Z');
const clock = () => now;

function contract(name: string, make: () => Promise<[RateLimiter, RateLimiter]>, movableClock: boolean) {
  describe(name, () => {
    it('allows `limit` hits per window, then refuses with the seconds left; a refused hit does not count', async () => {
      const [rl] = await make();
      for (let i = 0; i < 3; i += 1) {
        expect(await rl.consume('k', 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      }
      const refused = await rl.consume('k', 3, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      if (movableClock) {
        now += 20_500;
        expect(await rl.consume('k', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
        now += 39_500;
        expect((await rl.consume('k', 3, 60_000)).allowed).toBe(true);
      }
    });

    it('keeps keys apart, forgets a key on reset and gives one hit back on refund', async () => {
      const [rl] = await make();
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(true);
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(true);
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(false);
      expect((await rl.consume('b', 2, 60_000)).allowed).toBe(true);
      await rl.refund('a');
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(true);
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(false);
      await rl.reset('a');
      expect((await rl.consume('a', 2, 60_000)).allowed).toBe(true);
      // A refund never goes below zero, nor for a key that has no hits.
      await rl.refund('never-used');
      await rl.refund('b');
      await rl.refund('b');
      expect((await rl.consume('b', 2, 60_000)).allowed).toBe(true);
      expect((await rl.consume('b', 2, 60_000)).allowed).toBe(true);
      expect((await rl.consume('b', 2, 60_000)).allowed).toBe(false);
    });

    it('shares the counts between two limiters on the same store, exactly, under concurrent hits', async () => {
      const [one, two] = await make();
      const hits = await Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 ? one : two).consume('shared', 10, 60_000)),
      );
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(10);
      expect((await one.consume('shared', 10, 60_000)).allowed).toBe(false);
      expect((await two.consume('shared', 10, 60_000)).allowed).toBe(false);
      await one.reset('shared');
      expect((await two.consume('shared', 10, 60_000)).allowed).toBe(true);
    });
  });
}

// In memory, "two limiters on one store" can only mean one object: the concurrency part still holds.
contract(
  'InMemoryRateLimiter',
  async () => {
    const limiter = new InMemoryRateLimiter(clock);
    return [limiter, limiter];
  },
  true,
);

describe('in the database', () => {
  let store: SharedDatabase;
  let db: Db;
  beforeAll(async () => {
    store = await createSharedDatabase();
    db = store.open();
  });
  afterAll(() => store.close());
  beforeEach(async () => {
    await db.deleteFrom('rate_limits').execute();
  });

  contract(
    'SqlRateLimiter',
    async () => [new SqlRateLimiter(store.open(), clock), new SqlRateLimiter(store.open(), clock)],
    true,
  );

  it('deletes expired windows as it goes, so the table follows live traffic only', async () => {
    const rl = new SqlRateLimiter(db, clock);
    for (let i = 0; i < 20; i += 1) await rl.consume(`ip-${i}`, 5, 1000);
    expect(await db.selectFrom('rate_limits').select('key').execute()).toHaveLength(20);
    now += 10 * 60_000;
    await rl.consume('fresh', 5, 1000);
    expect(await db.selectFrom('rate_limits').select('key').execute()).toEqual([{ key: 'fresh' }]);
  });
});

(redisAvailable ? describe : describe.skip)('in Redis', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    await redis.close();
  });
  const client = () => {
    const c = new Redis(redis.url);
    clients.push(c);
    return c;
  };

  contract(
    'RedisRateLimiter',
    async () => {
      const prefix = redis.prefix();
      return [new RedisRateLimiter(client(), { prefix }), new RedisRateLimiter(client(), { prefix })];
    },
    false,
  );

  it('lets Redis expire a window: the key lives exactly as long as the window', async () => {
    const prefix = redis.prefix();
    const c = client();
    const rl = new RedisRateLimiter(c, { prefix });
    await rl.consume('ttl', 5, 90_000);
    const ttl = await c.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(90_000);
  });

  it('answers 503 (ServiceBusyError) rather than letting guesses through when Redis is gone', async () => {
    const gone = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
    });
    gone.on('error', () => undefined);
    const errors: Error[] = [];
    const rl = new RedisRateLimiter(gone, { onError: (error) => errors.push(error) });
    await expect(rl.consume('k', 1, 1000)).rejects.toMatchObject({
      name: 'Error',
      message: 'The server is busy. Please try again in a moment.',
      retryAfterSeconds: 5,
    });
    expect(errors).toHaveLength(1);
    gone.disconnect();
  });
});
