import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Always starts and ends with '/': '/' or '/vault/'. */
  basePath: string;
  trustProxy: boolean;
  redisUrl?: string;
  logLevel: string;
  /** Folder of the built browser app. */
  staticDir: string;
}

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

function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
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
    trustProxy: parseBoolean('TRUST_PROXY', env.TRUST_PROXY),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    logLevel,
    staticDir: path.resolve(env.STATIC_DIR || path.join(__dirname, '..', 'dist')),
  };
}
