// The server as plain JavaScript, so that `npm start` runs it on node alone: under tsx every module was
// compiled as it loaded, in the server and again in each worker thread it starts, and the loader stayed
// in memory (~34 MB of the idle server's 173 MB, and as much more during a transfer). Each TypeScript file
// the server reaches from its entries becomes one CommonJS file at the same place under the output
// folder (server/..., src/common/..., build/pageCode...), so `__filename` still names a task's own module
// for a worker (workers/workerPool.ts) and packages resolve from the app's node_modules. Plain JavaScript
// and no bundle: a stack trace names the file and function it would in the sources. No type check here:
// `npm run typecheck` does that, and esbuild compiles each file alone (tsconfig's isolatedModules).
//
// As a command: `node build/serverBuild.mjs [outDir]` prints the folder it wrote.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `npm start` serves from; ignored by git, rewritten by a start whose sources changed. */
export const SERVER_BUILD_DIR = path.join(APP_ROOT, '.server-build');

/** What runs as a program or a thread; everything else is found from their imports. */
const ENTRIES = ['server/start.ts', 'server/main.ts', 'server/workers/workerMain.ts'];

/** The app's own TypeScript files reachable from ENTRIES (packages are not followed). */
async function serverSources() {
  const graph = await esbuild.build({
    absWorkingDir: APP_ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    outdir: 'unused',
    logLevel: 'silent',
  });
  return Object.keys(graph.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
}

/** What the compiled files depend on: each source's path and text, and the compiler's version. */
function sourcesDigest(sources) {
  const hash = crypto.createHash('sha256').update(`esbuild ${esbuild.version}\n`);
  for (const file of [...sources].sort()) {
    hash
      .update(`${file}\n`)
      .update(fs.readFileSync(path.join(APP_ROOT, file)))
      .update('\n');
  }
  return hash.digest('hex');
}

const DIGEST_FILE = '.sources-digest';

/**
 * Compiles the server into `outDir` and returns it; ~0.3 s, or ~0.15 s to find it up to date (the
 * same sources, byte for byte), and then it is left as it is. A new build is written beside it and
 * swapped in whole, so no file of a removed module lingers and a server starting meanwhile reads one
 * build or the other. A file that does not compile fails the build with esbuild's message for it.
 */
export async function buildServer(outDir = SERVER_BUILD_DIR) {
  try {
    const sources = await serverSources();
    const digest = sourcesDigest(sources);
    const digestFile = path.join(outDir, DIGEST_FILE);
    if (fs.existsSync(digestFile) && fs.readFileSync(digestFile, 'utf8') === digest) return outDir;
    const next = `${outDir}.next-${process.pid}`;
    fs.rmSync(next, { recursive: true, force: true });
    await esbuild.build({
      absWorkingDir: APP_ROOT,
      entryPoints: sources,
      outdir: next,
      outbase: '.',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'silent',
    });
    fs.writeFileSync(path.join(next, DIGEST_FILE), digest);
    const previous = `${outDir}.previous-${process.pid}`;
    if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
    fs.renameSync(next, outDir);
    fs.rmSync(previous, { recursive: true, force: true });
    return outDir;
  } finally {
    // esbuild's service process would otherwise live as long as the server.
    await esbuild.stop();
  }
}

const runAsCommand = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runAsCommand) {
  buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined).then(
    (outDir) => process.stdout.write(`${outDir}\n`),
    (error) => {
      process.stderr.write(`the server did not compile: ${error.message}\n`);
      process.exit(1);
    },
  );
}
