import { InMemoryRateLimiter } from './rateLimiter';

describe('InMemoryRateLimiter', () => {
  let now = 1_000_000;
  const limiter = () => new InMemoryRateLimiter(() => now, 1000);

  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const rl = limiter();
    for (let i = 0; i < 3; i += 1) {
      expect(await rl.consume('k', 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    now += 20_500;
    expect(await rl.consume('k', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Refused hits do not extend the window.
    now += 39_500;
    expect((await rl.consume('k', 3, 60_000)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const rl = limiter();
    expect((await rl.consume('a', 1, 1000)).allowed).toBe(true);
    expect((await rl.consume('a', 1, 1000)).allowed).toBe(false);
    expect((await rl.consume('b', 1, 1000)).allowed).toBe(true);
    await rl.reset('a');
    expect((await rl.consume('a', 1, 1000)).allowed).toBe(true);
  });

  it('sweeps expired windows so memory follows live traffic only', async () => {
    const rl = limiter();
    for (let i = 0; i < 100; i += 1) await rl.consume(`ip-${i}`, 5, 500);
    expect(rl.size).toBe(100);
    now += 2000;
    await rl.consume('fresh', 5, 500);
    expect(rl.size).toBe(1);
  });
});
