// The layers of DESIGN.md, checked on the code itself: each table has one owning module and only that
// module's repository names it; a repository is used only by its own module; endpoints are injected
// only inside a feature's folder; and the lint rules that keep features apart do fail a violation.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOT = join(__dirname, '..');

/**
 * Who owns each table: the one file that may read or write it, or a module, whose repository files
 * (`*.repository.ts` in the module's folder) may.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'server/modules/auth/auth.repository.ts',
  sessions: 'server/modules/auth/auth.repository.ts',
  one_time_codes: 'server/modules/auth/auth.repository.ts',
  pending_registrations: 'server/modules/auth/auth.repository.ts',
  invitations: 'server/modules/auth/auth.repository.ts',
  two_factor: 'server/modules/twoFactor/twoFactor.repository.ts',
  recovery_codes: 'server/modules/twoFactor/twoFactor.repository.ts',
  user_settings: 'server/modules/user/user.repository.ts',
  passwords: 'server/modules/vault',
  passwords_trash: 'server/modules/vault',
  password_history: 'server/modules/vault',
  unlock_grants: 'server/modules/vault',
  activity: 'server/modules/activity/activity.repository.ts',
  vault_keys: 'server/modules/vault',
  list_changes: 'server/modules/vault',
  vault_tallies: 'server/modules/vault',
  search_letters: 'server/modules/vault',
  master_password_failures: 'server/modules/vault',
  rate_limits: 'server/security/sqlRateLimiter.ts',
  server_secrets: 'server/crypto/serverKey.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path.split(sep).join('/')] : [];
  });
}

const isTestCode = (file: string) => /\.test\.tsx?$|^(src|server)\/test\//.test(file);
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Production server code that runs queries: not the schema, the migrations or the tests. */
const serverCode = sourceFiles('server').filter(
  (file) => !isTestCode(file) && !file.startsWith('server/db/migrations/') && file !== 'server/db/schema.ts',
);

/**
 * The tables a file names: as a Kysely table argument ('users'; Prettier keeps quotes single) or inside
 * raw SQL (update users). The JSON key "passwords" of an export file is not a table.
 */
function tablesNamedIn(text: string): string[] {
  return Object.keys(TABLE_OWNERS).filter((table) =>
    new RegExp(`'${table}'|\\b(from|into|update|join|table)\\s+${table}\\b`, 'i').test(text),
  );
}

describe('server: one owner per table', () => {
  test('the schema declares exactly the tables that have an owner', () => {
    const schema = read('server/db/schema.ts');
    const declared = [...schema.matchAll(/^\s{2}(\w+): \w+Table;$/gm)].map((match) => match[1]);
    expect(declared.sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
  });

  test('only the owning file names a table', () => {
    const owns = (owner: string, file: string) =>
      owner === file || (file.startsWith(`${owner}/`) && file.endsWith('.repository.ts'));
    const trespasses = serverCode.flatMap((file) =>
      tablesNamedIn(read(file))
        .filter((table) => !owns(TABLE_OWNERS[table], file))
        .map((table) => `${file} names ${table} (owned by ${TABLE_OWNERS[table]})`),
    );
    expect(trespasses).toEqual([]);
  });

  test("a module's repository is imported only inside that module", () => {
    const imports = serverCode.flatMap((file) =>
      [...read(file).matchAll(/from '([^']+\.repository)'/g)].map((match) => ({
        file,
        target: relative(ROOT, join(ROOT, file, '..', match[1]))
          .split(sep)
          .join('/'),
      })),
    );
    const moduleOf = (path: string) => path.split('/').slice(0, 3).join('/');
    const strangers = imports
      .filter(({ file, target }) => moduleOf(file) !== moduleOf(target))
      .map(({ file, target }) => `${file} imports ${target}`);
    expect(imports.length).toBeGreaterThan(0);
    expect(strangers).toEqual([]);
  });

  test('the check itself sees a trespass', () => {
    expect(tablesNamedIn("db.selectFrom('passwords')")).toEqual(['passwords']);
    expect(tablesNamedIn('sql`update sessions set x = 1`')).toEqual(['sessions']);
    expect(tablesNamedIn("fetch('/api/passwords')")).toEqual([]);
  });
});

describe('browser: each feature owns its data access', () => {
  test('endpoints are injected only in a feature folder (and the base api creates none)', () => {
    const injecting = sourceFiles('src')
      .filter((file) => !isTestCode(file))
      .filter((file) => read(file).includes('injectEndpoints('));
    expect(injecting.length).toBeGreaterThan(0);
    expect(injecting.filter((file) => !/^src\/features\/\w+\//.test(file))).toEqual([]);
  });

  test('each feature shows the others an index.ts', () => {
    const features = readdirSync(join(ROOT, 'src/features'));
    const withoutIndex = features.filter(
      (feature) => !sourceFiles(`src/features/${feature}`).includes(`src/features/${feature}/index.ts`),
    );
    expect(withoutIndex).toEqual([]);
  });
});

// ESLint's flat config is an ES module, which Jest's CommonJS runtime cannot load: one child process
// lints every case at once (as `npx eslint --stdin --stdin-filename <file>` would).
const LINT_CASES = {
  deepImport: ['src/features/vault/__violation__.ts', "import { authSlice } from '../auth/authSlice';"],
  throughIndex: ['src/features/vault/__violation__.ts', "import { authSlice } from '../auth';"],
  appPastIndex: ['src/app/__violation__.ts', "import { vaultSlice } from '../features/vault/vaultSlice';"],
  sharedToFeature: ['src/shared/ui/__violation__.ts', "import { vaultSlice } from '../../features/vault';"],
  plainHook: ['src/features/vault/__violation__.ts', "import { useSelector } from 'react-redux';"],
} as const;

type LintCase = keyof typeof LINT_CASES;

function lintCases(): Record<LintCase, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = {};
    for (const [name, [file, code]] of Object.entries(cases)) {
      const [result] = await eslint.lintText(code + '\\n\\nexport const used = 1;\\n', { filePath: file });
      out[name] = result.messages.map((message) => message.ruleId);
    }
    console.log(JSON.stringify(out));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(LINT_CASES)],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as Record<LintCase, string[]>;
}

describe('the lint rules fail a deliberate violation', () => {
  let rules: Record<LintCase, string[]>;
  beforeAll(() => {
    rules = lintCases();
  }, 60_000);

  test('a deep import into another feature fails; the same through its index passes', () => {
    expect(rules.deepImport).toContain('import-x/no-restricted-paths');
    expect(rules.throughIndex).not.toContain('import-x/no-restricted-paths');
  });

  test('the app reaching past a feature index, and shared code importing a feature', () => {
    expect(rules.appPastIndex).toContain('import-x/no-restricted-paths');
    expect(rules.sharedToFeature).toContain('import-x/no-restricted-paths');
  });

  test("react-redux's plain hooks outside app/hooks.ts", () => {
    expect(rules.plainHook).toContain('no-restricted-imports');
  });
});
