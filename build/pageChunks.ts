// How the code a page runs before it shows is cut into files. Left to itself the bundler cuts by the
// set of lazy imports (each dialog is one) that reach a module, which gave /passwords 67 files besides
// the entry, 47 under 4 KB: each a request, an HTTP-cache read and a module record before the first card.
// The build therefore runs twice: the first, in memory, cut as the bundler likes, tells which pages
// load each module (page-code.json's lists); the second puts the modules of those shared chunks into
// one chunk per set of pages, so each page loads the same code as before in a few files. A page's own
// chunks (its PAGE_MODULES, bootstrap) and the entry's stay as they were, and modules no page loads
// before it shows (the dialogs') are left to the bundler.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { pageCodeOf } from './pageCode';

/** The chunk (by name) of each module a page loads from a shared chunk, from the first build's output. */
export function pageChunkNames(bundle: Rolldown.OutputBundle, root: string): Map<string, string> {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pagesOf = new Map<string, Set<string>>();
  for (const [page, code] of Object.entries(pageCodeOf(bundle, root))) {
    for (const file of [...code.scripts, ...code.pageScripts]) {
      const chunk = byFile.get(file);
      // A page's own chunk (it has a facade: its module) keeps its modules.
      if (!chunk || chunk.facadeModuleId) continue;
      for (const id of chunk.moduleIds) (pagesOf.get(id) ?? pagesOf.set(id, new Set()).get(id))?.add(page);
    }
  }
  const names = new Map<string, string>();
  for (const [id, pages] of pagesOf) {
    // Named by how many pages share it and which (a digest of their list: the full list is long).
    const key = [...pages].sort().join(' ');
    const digest = crypto.createHash('sha256').update(key).digest('hex').slice(0, 6);
    names.set(id, `shared-${pages.size}-${digest}`);
  }
  return names;
}

/** Rolldown's `codeSplitting` for the second build: one group, its chunk named by the pages sharing it. */
export function pageChunkSplitting(names: Map<string, string>) {
  return {
    // Each module goes where the first build's page lists put it, not with its importers' group.
    includeDependenciesRecursively: false,
    groups: [{ debugName: 'page code', name: (id: string) => names.get(id) ?? null }],
  };
}

/** Set in the first build's process: where it writes which chunk each shared module goes to. */
export const FIRST_BUILD = 'PASSVAULT_FIRST_BUILD';

/** The first build's own step: the page chunks' names of its modules (under `root`), written to `file`. */
export function writePageChunkNames(file: string, root: string): Plugin {
  return {
    name: 'passvault-page-chunk-names',
    apply: 'build',
    generateBundle(_options, bundle) {
      fs.writeFileSync(file, JSON.stringify([...pageChunkNames(bundle, root)]));
    },
  };
}

/**
 * Runs the first build, cut as the bundler likes, and returns where its page lists put each module. In
 * a process of its own: under tsx (`npm start`, the bench) a Vite imported by the config is a second
 * copy, not the one running the build, and a build of that copy fails.
 */
export function firstBuildNames(root: string): Map<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-build-'));
  try {
    const file = path.join(dir, 'page-chunks.json');
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'],
      {
        cwd: root,
        env: { ...process.env, [FIRST_BUILD]: file, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    return new Map(JSON.parse(fs.readFileSync(file, 'utf8')) as [string, string][]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
