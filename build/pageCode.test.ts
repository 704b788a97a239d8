// Each page's code as the build names it: its modules' chunks and their static imports, bootstrap's
// first, never the entry (index.html loads it), never a chunk imported only dynamically. The entry's
// own imports are named too: index.html names only the entry (build/systemChunks.ts).
import { pageCodeOf } from './pageCode';
import { bundleWithPages, chunk, ROOT } from './testBundle';

/** A bundle with a chunk of its own for every module PAGE_MODULES names. */
function bundleOf(...extra: ReturnType<typeof chunk>[]) {
  return bundleWithPages([
    chunk('assets/index.js', { module: 'index.html', entry: true, imports: ['assets/early.js'] }),
    chunk('assets/early.js', {}),
    chunk('assets/bootstrap.js', {
      module: 'src/app/bootstrap.tsx',
      imports: ['assets/react.js', 'assets/early.js'],
    }),
    chunk('assets/react.js', {}),
    chunk('assets/mui.js', { imports: ['assets/react.js'] }),
    ...extra,
  ]);
}

describe('pageCodeOf', () => {
  it("lists a page's chunks and their static imports once each, bootstrap's first, and their styles", () => {
    const pages = pageCodeOf(
      bundleOf(
        chunk('assets/PasswordsPage.js', {
          module: 'src/features/vault/PasswordsPage.tsx',
          imports: ['assets/mui.js', 'assets/react.js'],
          css: ['assets/PasswordsPage.css'],
        }),
      ),
      ROOT,
    );
    expect(pages['/']).toEqual({
      scripts: ['assets/bootstrap.js', 'assets/react.js', 'assets/early.js'],
      pageScripts: [],
      styles: [],
    });
    expect(pages['/passwords'].scripts).toEqual([
      'assets/bootstrap.js',
      'assets/react.js',
      'assets/early.js',
    ]);
    expect(pages['/passwords'].pageScripts).toContain('assets/SignedInLayout.tsx.js');
    // react.js came with bootstrap already.
    expect(pages['/passwords'].pageScripts.slice(-2)).toEqual(['assets/PasswordsPage.js', 'assets/mui.js']);
    expect(pages['/passwords'].styles).toEqual(['assets/PasswordsPage.css']);
    expect(pages['/login'].pageScripts).not.toContain('assets/PasswordsPage.js');
    for (const code of Object.values(pages)) {
      const all = [...code.scripts, ...code.pageScripts];
      expect(all).not.toContain('assets/index.js');
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('fails the build when a page module has no chunk of its own (the list must follow the app)', () => {
    const bundle = bundleOf();
    delete (bundle as Record<string, unknown>)['assets/LoginPage.tsx.js'];
    expect(() => pageCodeOf(bundle, ROOT)).toThrow('no chunk of its own for src/features/auth/LoginPage.tsx');
  });
});
