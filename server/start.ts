// What `npm start` runs: builds the browser app when it is missing or older than its sources, then serves.
import fs from 'node:fs';
import path from 'node:path';
import { main, readConfig } from './main';

const root = path.resolve(__dirname, '..');
const BUILT_INDEX = path.join(root, 'dist', 'index.html');
const SOURCES = ['src', 'public', 'build', 'index.html', 'vite.config.ts'].map((name) =>
  path.join(root, name),
);

/** The newest modification time of a file, or of any file under a folder (0 when missing). */
function newestChange(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

async function buildIfStale(): Promise<void> {
  const builtAt = newestChange(BUILT_INDEX);
  const changedAt = Math.max(...SOURCES.map(newestChange));
  if (builtAt > 0 && builtAt >= changedAt) return;
  process.stdout.write(
    builtAt > 0 ? 'The browser app changed: rebuilding it...\n' : 'Building the browser app...\n',
  );
  const started = Date.now();
  // Vite 8 suggests its native config loader for vite.config.ts; the bundling loader works as is.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  process.stdout.write(`Built the browser app in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// A wrong setting stops start-up before any build.
const config = readConfig();
buildIfStale()
  .then(() => main(config))
  .catch((error: unknown) => {
    process.stderr.write(`npm start failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
