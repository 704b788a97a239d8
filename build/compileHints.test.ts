// The chunks a page runs before it shows start with V8's compile hint; the ones loaded later do not.
import type { Rolldown } from 'vite';
import { addCompileHints, chunksRunOnLoad, COMPILE_HINT } from './compileHints';

function chunk(fileName: string, code: string, options: { imports?: string[]; entry?: boolean } = {}) {
  return { type: 'chunk', fileName, code, imports: options.imports ?? [], isEntry: options.entry ?? false };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as Rolldown.OutputBundle;
}

describe('compile hints', () => {
  const bundle = () =>
    bundleOf(
      chunk('assets/index.js', 'import "./early.js";', { entry: true, imports: ['assets/early.js'] }),
      chunk('assets/early.js', 'export const a = 1;'),
      chunk('assets/bootstrap.js', 'export function boot() {}'),
      chunk('assets/PasswordsPage.js', 'export function Page() {}'),
      chunk('assets/ImportDialog.js', 'export function Dialog() {}'),
    );
  const pages = {
    '/passwords': { scripts: ['assets/bootstrap.js'], pageScripts: ['assets/PasswordsPage.js'], styles: [] },
  };

  it('marks the entry, its imports and every page code chunk, and no chunk loaded later', () => {
    const built = bundle();
    addCompileHints(built, chunksRunOnLoad(built, pages));
    const code = (file: string) => (built[file] as Rolldown.OutputChunk).code;
    for (const file of [
      'assets/index.js',
      'assets/early.js',
      'assets/bootstrap.js',
      'assets/PasswordsPage.js',
    ]) {
      // First in the file: V8 reads the hint only there.
      expect(code(file).startsWith(COMPILE_HINT)).toBe(true);
    }
    expect(code('assets/ImportDialog.js')).toBe('export function Dialog() {}');
  });

  it('adds the hint once, and moves a source map down the line it adds', () => {
    const built = bundle();
    const page = built['assets/PasswordsPage.js'] as Rolldown.OutputChunk & { map: { mappings: string } };
    page.map = { mappings: 'AAAA' } as never;
    const files = chunksRunOnLoad(built, pages);
    addCompileHints(built, files);
    addCompileHints(built, files);
    expect(page.code).toBe(`${COMPILE_HINT}export function Page() {}`);
    expect(page.map.mappings).toBe(';AAAA');
  });
});
