// V8's explicit compile hint (Chrome 136+): a file that starts with `//# allFunctionsCalledOnLoad` has all
// its functions compiled eagerly, on a background thread while the file streams in, instead of lazily on
// the main thread when each is first called. The code a page runs before it shows is exactly such code,
// so every chunk a page's HTML names (page-code.json) and the entry's own get the hint; chunks loaded
// later (dialogs, the importer) do not, since compiling what may never run only costs memory.
// Measured by `npm run bench` (first cards; bench/README.md); other browsers ignore the comment.
import type { Rolldown } from 'vite';
import type { PageCode } from './pageCode';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks that run before a page shows: the entry, its static imports, and every page's code. */
export function chunksRunOnLoad(bundle: Rolldown.OutputBundle, pages: Record<string, PageCode>): Set<string> {
  const files = new Set<string>();
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && item.isEntry) [item.fileName, ...item.imports].forEach((f) => files.add(f));
  }
  for (const code of Object.values(pages))
    [...code.scripts, ...code.pageScripts].forEach((f) => files.add(f));
  return files;
}

/** Puts the hint first in each of `files`; a source map, if any, moves down the line it adds. */
export function addCompileHints(bundle: Rolldown.OutputBundle, files: Set<string>): void {
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  }
}
