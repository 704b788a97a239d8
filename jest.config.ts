import os from 'node:os';
import type { Config } from 'jest';

// ts-jest only transpiles (types are checked by `npm run typecheck`), into CommonJS for Jest.
// A few dependencies ship only ES modules (Node 20's Jest cannot require them): transpile those too.
const ESM_ONLY_DEPENDENCIES = ['cookie', 'content-disposition'];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_ONLY_DEPENDENCIES.join('|')})/)`];

const transform: Config['transform'] = {
  '^.+\\.[tj]sx?$': [
    'ts-jest',
    {
      transpileOnly: true,
      tsconfig: {
        allowJs: true,
        rootDir: '.',
        module: 'commonjs',
        moduleResolution: 'node10',
        jsx: 'react-jsx',
        ignoreDeprecations: '6.0',
      },
    },
  ],
};

const config: Config = {
  // Jest's default (one worker fewer than the cores) leaves a two-core CI machine with one: the server
  // suites spend much of their time waiting on PostgreSQL, SMTP and Argon2's threads, so two run well
  // side by side (the whole suite took 814 s instead of 1,368 s on two cores).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // A server test starts the real app on a real database (a PostgreSQL schema migrated from nothing, an
  // SMTP server, Argon2): on a busy two-core CI machine a start alone took more than Jest's 5 s. The limit
  // is there to stop a hung test, not to time one; files that need longer say so (the web suite: 90 s).
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['<rootDir>/src/**/*.test.tsx', '<rootDir>/src/{app,shared,features}/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/test/fileStub.ts' },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server', '<rootDir>/src/common', '<rootDir>/build'],
      testMatch: [
        '<rootDir>/server/**/*.test.ts',
        '<rootDir>/src/common/**/*.test.ts',
        '<rootDir>/build/**/*.test.ts',
      ],
      transform,
      transformIgnorePatterns,
    },
    // With TEST_DATABASE_URL set, the whole server suite runs a second time on PostgreSQL.
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            displayName: 'server-postgres',
            testEnvironment: 'node',
            roots: ['<rootDir>/server'],
            testMatch: ['<rootDir>/server/**/*.test.ts'],
            globals: { __TEST_DATABASE__: 'postgres' },
            transform,
            transformIgnorePatterns,
          },
        ]
      : []),
  ],
};

export default config;
