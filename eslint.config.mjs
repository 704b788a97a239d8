import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const FEATURES = ['auth', 'theme', 'vault', 'dashboard', 'masterPassword', 'settings', 'transfer'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
      'data',
      '.server-build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // A feature shows the others only its front door, index.ts; its other files are its own (STYLE.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [
                `./${feature}`,
                ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
              ],
              message: "Another feature is reached through its index.ts only: import '../<feature>'.",
            })),
            {
              target: './src/common',
              from: ['./src/app', './src/features', './src/shared', './server'],
              message: 'src/common is pure: the browser and the server both import it, it imports neither.',
            },
            {
              target: './src/shared',
              from: ['./src/app', './src/features'],
              message: 'src/shared holds what belongs to no feature: it imports no feature and not the app.',
            },
            {
              target: './src/features',
              from: './src/app',
              except: ['./hooks.ts', './store.ts'],
              message: 'src/app composes the features; a feature uses only its typed hooks.',
            },
            {
              target: './src/app',
              from: './src/features',
              except: FEATURES.map((feature) => `./${feature}/index.ts`),
              message:
                "src/app composes the features through their index.ts: import '../features/<feature>'.",
            },
            { target: './src', from: './server', message: 'The browser app never imports server code.' },
            { target: './server', from: ['./src/app', './src/features', './src/shared'] },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The store's hooks are typed once, in src/app/hooks.ts; everything else uses those.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: 'Use useAppSelector / useAppDispatch from src/app/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
