import path from 'node:path';
import { ConfigError, loadConfig } from './config';

function errorOf(env: NodeJS.ProcessEnv): Error {
  try {
    loadConfig(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error('loadConfig accepted a bad value');
}

describe('loadConfig', () => {
  it('reads TRUST_PROXY as off, one hop, or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('one-hop');
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads SERVER_KEY as 32 bytes of base64', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ SERVER_KEY: key.toString('base64') }).serverKey?.equals(key)).toBe(true);
    expect(loadConfig({}).serverKey).toBeUndefined();
  });

  it('reads METRICS_TOKEN as the token as given, unset when empty', () => {
    const token = 'f3a1c9e0b7d24c58a6e1f0b9c3d2e7a4';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ METRICS_TOKEN: 'A+b/c=d_e-f.g~h!i' }).metricsToken).toBe('A+b/c=d_e-f.g~h!i');
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it.each([
    ['too short', 'fifteen-chars!!'],
    ['a space', 'a token with spaces in it'],
    ['a line break', 'abcdefghijklmnop\nqrstuvwxyz'],
    ['a non-ASCII letter', 'pässwörtchen-für-metriken'],
    ['too long', 'x'.repeat(513)],
  ])('refuses a METRICS_TOKEN with %s, without repeating it', (_why, token) => {
    const error = errorOf({ METRICS_TOKEN: token });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(
      /^METRICS_TOKEN must be 16 to 512 visible ASCII characters without spaces: make one with "openssl rand -hex 32"$/,
    );
    expect(error.message).not.toContain(token);
  });

  it('reads LIST_CACHE_MB as whole megabytes, 32 by default and 0 for none', () => {
    expect(loadConfig({}).listCacheMb).toBe(32);
    expect(loadConfig({ LIST_CACHE_MB: '0' }).listCacheMb).toBe(0);
    expect(loadConfig({ LIST_CACHE_MB: ' 128 ' }).listCacheMb).toBe(128);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', basePath: '/', logLevel: 'info' });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 0 to 65535, got "eighty"$/],
    [{ PORT: '70000' }, /^PORT must be/],
    [
      { LOG_LEVEL: 'loud' },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/,
    ],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/$/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be true, false, or the proxy's addresses .* got "maybe"$/],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/33' }, /^TRUST_PROXY must be .* got "10.0.0.0\/33"$/],
    [{ TRUST_PROXY: '10.0.0.1, nginx' }, /got "nginx"$/],
    [{ SERVER_KEY: 'c2hvcnQ=' }, /^SERVER_KEY must be 32 random bytes in base64/],
    [{ SERVER_KEY: `${'a'.repeat(43)}!` }, /^SERVER_KEY must be 32 random bytes in base64/],
    [{ LIST_CACHE_MB: 'lots' }, /^LIST_CACHE_MB must be a whole number of MB from 0 to 65536, got "lots"$/],
    [{ LIST_CACHE_MB: '-1' }, /^LIST_CACHE_MB must be/],
  ])('refuses %j with one clear line', (env, message) => {
    const error = errorOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });
});
