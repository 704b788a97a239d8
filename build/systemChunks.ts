// The app's chunks are shipped as classic scripts in the System.register format, loaded by SystemJS's
// small runtime, instead of as ES modules. Why: Chromium keeps V8's compiled code of a classic script
// (its code cache) and serves it to every later tab, but never serves a module script from it in a new
// tab, so each new tab compiled the whole app again before its first card (docs/performance.md, "V8's
// code cache never serves the app in a new tab"; `npm run bench`: first cards). The bundler still cuts
// and names the chunks; once they are written, Rollup rewrites each file in place, name unchanged, from
// `import`/`export` to `System.register`, which keeps ES modules' meaning (live bindings, cycles, order).
//
// The page loads the runtime, deferred, which imports the entry (its file named on the runtime's tag).
// An import map's `depcache` lists each chunk's static imports, so a lazy chunk's imports are all asked
// for at once, not a level at a time; the server still names a page's own code in its HTML (as
// `<link rel="preload" as="script">`, server/http/pageCode.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rollup } from 'rollup';
import type { Plugin, Rolldown } from 'vite';
import { COMPILE_HINT } from './compileHints';
import { EVERY_PAGE } from './pageCode';

/**
 * Appended to SystemJS's runtime (6.15, pinned: the retry below reads its registry's records).
 * - `import.meta.resolve` answers at once, as the standard now says (SystemJS's answers a promise, which
 *   Vite's loader of a lazy chunk's styles cannot use).
 * - A lazy import that failed (the network was down, say) is tried again by the next import, as the
 *   browser does for modules: SystemJS would keep answering the failure, so the records that failed or
 *   never ran (C is the namespace once a module has run) are forgotten.
 * - Then the entry named on the runtime's own tag is imported.
 */
const RUNTIME_TAIL = `
;(function () {
  var proto = System.constructor.prototype, createContext = proto.createContext, load = proto.import;
  proto.createContext = function (parentId) {
    var meta = createContext.call(this, parentId), loader = this;
    meta.resolve = function (id, parentUrl) { return loader.resolve(id, parentUrl || parentId); };
    return meta;
  };
  proto.import = function () {
    var loader = this;
    return load.apply(this, arguments).catch(function (error) {
      Object.getOwnPropertySymbols(loader).concat(['@']).forEach(function (key) {
        var registry = loader[key];
        if (!registry || typeof registry !== 'object') return;
        for (var id in registry) {
          var record = registry[id];
          if (record && (record.er || (record.e === null && record.C !== record.n))) delete registry[id];
        }
      });
      throw error;
    });
  };
  var tag = document.currentScript, entry = tag && tag.getAttribute('data-entry');
  if (entry) System.import(entry);
})();
`;

/** SystemJS's minimal runtime (script tags only, no eval: the CSP's script-src 'self' holds), with our tail. */
export function systemRuntime(root: string): string {
  const file = createRequire(path.join(root, 'package.json')).resolve('systemjs/dist/s.min.js');
  const runtime = fs.readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  return runtime + RUNTIME_TAIL;
}

/** The chunks every page has run before anything lazy loads: the entry, bootstrap and their imports. */
export function loadedFirst(chunks: Rolldown.OutputChunk[], root: string): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const first = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || first.has(chunk.fileName)) return;
    first.add(chunk.fileName);
    chunk.imports.forEach((file) => add(byFile.get(file)));
  };
  for (const chunk of chunks) {
    const module = chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId);
    if (chunk.isEntry || (module && EVERY_PAGE.includes(module))) add(chunk);
  }
  return first;
}

/**
 * `{ "./assets/a.js": ["./b.js", …] }`: what each lazy chunk imports, relative to the chunk, less what
 * every page has loaded already and what another import listed brings (its own entry asks for it):
 * SystemJS follows the entries, and every page's HTML carries them.
 */
export function depcacheOf(chunks: Rolldown.OutputChunk[], first: Set<string>): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const lazyImports = (file: string) => (byFile.get(file)?.imports ?? []).filter((dep) => !first.has(dep));
  /** Every lazy chunk `file` brings, through its imports (a walk of the graph: a few dozen files). */
  const reachable = (file: string): Set<string> => {
    const found = new Set<string>();
    const walk = (from: string) =>
      lazyImports(from).forEach((dep) => !found.has(dep) && (found.add(dep), walk(dep)));
    walk(file);
    return found;
  };
  const depcache: Record<string, string[]> = {};
  for (const chunk of chunks) {
    if (first.has(chunk.fileName)) continue;
    const imports = lazyImports(chunk.fileName);
    // Left out when another import brings it, unless it brings that one too (a cycle: both stay).
    const direct = imports.filter(
      (dep) =>
        !imports.some((other) => other !== dep && reachable(other).has(dep) && !reachable(dep).has(other)),
    );
    if (direct.length === 0) continue;
    const from = path.posix.dirname(chunk.fileName);
    depcache[`./${chunk.fileName}`] = direct.map((file) => {
      const relative = path.posix.relative(from, file);
      return relative.startsWith('.') ? relative : `./${relative}`;
    });
  }
  return depcache;
}

/** JSON that cannot end the <script> element it sits in. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html's module script becomes the import map and the runtime's tag. The entry is preloaded
 * first, so it is asked for before anything else as it was; the runtime is deferred, so the app runs
 * once the page is parsed, as a module script did.
 */
export function systemHtml(html: string, entry: string, runtime: string, depcache: Record<string, string[]>) {
  const moduleScript = new RegExp(
    `<script type="module"[^>]*src="\\./${entry.replace(/[.]/g, '\\.')}"[^>]*></script>`,
  );
  if (!moduleScript.test(html)) throw new Error(`index.html: no module script for ${entry}`);
  const tags = [
    `<link rel="preload" as="script" href="./${entry}" />`,
    `<script type="systemjs-importmap">${inScript({ depcache })}</script>`,
    `<script defer src="./${runtime}" data-entry="./${entry}"></script>`,
  ].join('\n    ');
  return html.replace(moduleScript, () => tags);
}

/** Rewrites the written chunks in `outDir` as System.register scripts, names and compile hints kept. */
export async function writeSystemChunks(outDir: string, chunks: Rolldown.OutputChunk[]): Promise<void> {
  const input = chunks.map((chunk) => path.join(outDir, chunk.fileName));
  const build = await rollup({
    input,
    // Every file stays one file with its own exports, none merged, none added, its name unchanged.
    preserveEntrySignatures: 'strict',
    // The bundler has already shaken and minified the code: only its imports and exports change here.
    treeshake: false,
    // Chunks that import each other are fine: System.register links cycles as ES modules do.
    onwarn: (warning, warn) => warning.code !== 'CIRCULAR_DEPENDENCY' && warn(warning),
  });
  try {
    const { output } = await build.generate({
      format: 'system',
      compact: true,
      preserveModules: true,
      preserveModulesRoot: outDir,
      entryFileNames: '[name].js',
    });
    const written = new Set(chunks.map((chunk) => chunk.fileName));
    for (const item of output) {
      if (item.type !== 'chunk' || !written.has(item.fileName)) {
        throw new Error(`System chunks: Rollup made ${item.fileName}, which the bundler did not`);
      }
      const hinted = chunks.find((chunk) => chunk.fileName === item.fileName)?.code.startsWith(COMPILE_HINT);
      fs.writeFileSync(path.join(outDir, item.fileName), (hinted ? COMPILE_HINT : '') + item.code);
    }
    if (output.length !== chunks.length) throw new Error('System chunks: a chunk was not rewritten');
  } finally {
    await build.close();
  }
}

/** The build's last step: the chunks as classic scripts, SystemJS's runtime and index.html's tags. */
export function systemChunksPlugin(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'passvault-system-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    // Only a build that writes its files calls this (the first of the two builds does not).
    writeBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('System chunks: the build has no entry');
        await writeSystemChunks(outDir, chunks);
        const runtime = systemRuntime(root);
        const digest = crypto.createHash('sha256').update(runtime).digest('base64url').slice(0, 8);
        const runtimeFile = `${path.posix.dirname(entry.fileName)}/system-${digest}.js`;
        fs.writeFileSync(path.join(outDir, runtimeFile), runtime);
        const htmlFile = path.join(outDir, 'index.html');
        const html = fs.readFileSync(htmlFile, 'utf8');
        fs.writeFileSync(
          htmlFile,
          systemHtml(html, entry.fileName, runtimeFile, depcacheOf(chunks, loadedFirst(chunks, root))),
        );
      },
    },
  };
}
