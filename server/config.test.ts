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
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be true or false/],
  ])('refuses %j with one clear line', (env, message) => {
    const error = errorOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });
});
