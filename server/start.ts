// What `npm start` runs, compiled by build/start.mjs: builds the browser app when it is missing or older
// than its sources, then serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT as root } from './appRoot';
import { main, readConfig } from './main';

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

function buildIfStale(): void {
  const builtAt = newestChange(BUILT_INDEX);
  const changedAt = Math.max(...SOURCES.map(newestChange));
  if (builtAt > 0 && builtAt >= changedAt) return;
  process.stdout.write(
    builtAt > 0 ? 'The browser app changed: rebuilding it...\n' : 'Building the browser app...\n',
  );
  const started = Date.now();
  // In a process of its own: the server that follows does not keep the build's ~350 MB.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vite 8 suggests its native config loader for vite.config.ts; the bundling loader works as is.
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...process.env },
  });
  if (built.status !== 0) {
    throw new Error(
      `the browser app did not build (${built.error?.message ?? `exit ${built.status ?? built.signal}`})`,
    );
  }
  process.stdout.write(`Built the browser app in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// A wrong setting stops start-up before any build.
const config = readConfig();
Promise.resolve()
  .then(buildIfStale)
  .then(() => main(config))
  .catch((error: unknown) => {
    process.stderr.write(`npm start failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
