import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './security/rateLimiter';

/** What every module's service gets: the real parts, created once by main.ts (or by a test). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The clock; tests move it to expire codes and sessions. */
  now: () => Date;
  /** Brute-force counters shared by every module; in memory when absent (one process). */
  rateLimiter?: RateLimiter;
  /** The server's own key (crypto/serverKey): TOTP secrets and recovery-code hashes. */
  serverKey: Buffer;
}
