import net from 'node:net';
import path from 'node:path';
import { APP_ROOT } from './appRoot';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Always starts and ends with '/': '/' or '/vault/'. */
  basePath: string;
  /**
   * Who may set X-Forwarded-*: nobody (false), the one proxy in front whatever its address ('one-hop'),
   * or the proxies at these addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** SERVER_KEY: the 32-byte key of the server's own secrets; unset: DATA_DIR/server.key. */
  serverKey?: Buffer;
  redisUrl?: string;
  /** METRICS_TOKEN: the bearer token of GET /api/metrics; unset: there is no such route. */
  metricsToken?: string;
  /** SIGNUPS: who may register: anyone (open), only with an invitation (invite), nobody (closed). */
  signups: SignupMode;
  /** SIGNUP_DOMAINS: with open sign-up, the e-mail domains that may register (lower case); empty: any. */
  signupDomains: string[];
  /** PUBLIC_URL: the address users open, prefix included, ending in '/' (links in mails and invitations). */
  publicUrl?: string;
  /** ACTIVITY_RETENTION_DAYS: how long the access log keeps a line (default 365). */
  activityRetentionDays: number;
  /**
   * LIST_CACHE_MB: memory for the list windows the server keeps up to date from the change log
   * (vault/windowCache.ts), in MB of list text; 0: every window is read from the database.
   */
  listCacheMb: number;
  logLevel: string;
  /** Folder of the built browser app. */
  staticDir: string;
}

export type TrustProxy = false | 'one-hop' | string[];

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function parseUrl(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

export function normaliseBasePath(value: string | undefined): string {
  if (value === undefined || value === '' || value === '/') return '/';
  if (!/^\/?[A-Za-z0-9._~\-/]+\/?$/.test(value) || value.includes('//') || value.includes('..')) {
    throw new ConfigError(`BASE_PATH must look like /vault, got "${value}"`);
  }
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return `/${trimmed}/`;
}

/** An IPv4 or IPv6 address, optionally with a /prefix. */
function isAddressOrRange(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || /^(0|false|no|off)$/i.test(text)) return false;
  if (/^(1|true|yes|on)$/i.test(text)) return 'one-hop';
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, or the proxy's addresses or CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8), got "${wrong}"`,
    );
  }
  return entries;
}

export function parseServerKey(value: string | undefined): Buffer | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32) {
    throw new ConfigError(
      'SERVER_KEY must be 32 random bytes in base64 (44 characters): make one with "openssl rand -base64 32"',
    );
  }
  return key;
}

const METRICS_TOKEN_MIN_LENGTH = 16;
const METRICS_TOKEN_MAX_LENGTH = 512;

/** A bearer token Prometheus can send: visible ASCII without spaces, long enough not to be guessed. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  // The value itself is a secret: the message never repeats it.
  if (
    value.length < METRICS_TOKEN_MIN_LENGTH ||
    value.length > METRICS_TOKEN_MAX_LENGTH ||
    !/^[\x21-\x7e]+$/.test(value)
  ) {
    throw new ConfigError(
      `METRICS_TOKEN must be ${METRICS_TOKEN_MIN_LENGTH} to ${METRICS_TOKEN_MAX_LENGTH} visible ASCII characters without spaces: make one with "openssl rand -hex 32"`,
    );
  }
  return value;
}

export function parseSignups(value: string | undefined): SignupMode {
  const mode = (value ?? '').trim().toLowerCase() || 'open';
  if (!(SIGNUP_MODES as readonly string[]).includes(mode)) {
    throw new ConfigError(`SIGNUPS must be one of ${SIGNUP_MODES.join(', ')}, got "${value}"`);
  }
  return mode as SignupMode;
}

const DOMAIN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export function parseSignupDomains(value: string | undefined): string[] {
  const domains = (value ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  if (wrong)
    throw new ConfigError(`SIGNUP_DOMAINS must be e-mail domains separated by commas, got "${wrong}"`);
  return [...new Set(domains)];
}

export function parsePublicUrl(value: string | undefined): string | undefined {
  const url = parseUrl('PUBLIC_URL', value, ['http:', 'https:']);
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (parsed.search || parsed.hash) {
    throw new ConfigError(`PUBLIC_URL must be the address users open, without ? or #, got "${value}"`);
  }
  return parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
}

export const DEFAULT_ACTIVITY_RETENTION_DAYS = 365;

export function parseRetentionDays(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_ACTIVITY_RETENTION_DAYS;
  const days = Number(value);
  if (!/^\d+$/.test(value.trim()) || days < 1 || days > 36500) {
    throw new ConfigError(
      `ACTIVITY_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "${value}"`,
    );
  }
  return days;
}

export const DEFAULT_LIST_CACHE_MB = 32;

export function parseListCacheMb(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LIST_CACHE_MB;
  const megabytes = Number(value);
  if (!/^\d+$/.test(value.trim()) || megabytes > 65536) {
    throw new ConfigError(`LIST_CACHE_MB must be a whole number of MB from 0 to 65536, got "${value}"`);
  }
  return megabytes;
}

/** Environment -> typed config. A wrong value throws a ConfigError with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    smtpUrl: parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Vault <no-reply@localhost>',
    basePath: normaliseBasePath(env.BASE_PATH),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    serverKey: parseServerKey(env.SERVER_KEY),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    signups: parseSignups(env.SIGNUPS),
    signupDomains: parseSignupDomains(env.SIGNUP_DOMAINS),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    activityRetentionDays: parseRetentionDays(env.ACTIVITY_RETENTION_DAYS),
    listCacheMb: parseListCacheMb(env.LIST_CACHE_MB),
    logLevel,
    staticDir: path.resolve(env.STATIC_DIR || path.join(APP_ROOT, 'dist')),
  };
}
