// The second build's cut: each module of a shared chunk a page loads goes to the chunk of the pages that
// load it; a page's own chunks and the modules no page loads before it shows are left to the bundler.
import path from 'node:path';
import { pageChunkNames, pageChunkSplitting } from './pageChunks';
import { bundleWithPages, chunk, ROOT } from './testBundle';

function bundle() {
  return bundleWithPages([
    chunk('assets/index.js', { module: 'index.html', entry: true }),
    chunk('assets/bootstrap.js', { module: 'src/app/bootstrap.tsx', imports: ['assets/react.js'] }),
    chunk('assets/react.js', {
      modules: ['node_modules/react/index.js', 'node_modules/react-dom/client.js'],
    }),
    chunk('assets/LoginPage.js', { module: 'src/features/auth/LoginPage.tsx', imports: ['assets/mui.js'] }),
    chunk('assets/PasswordsPage.js', {
      module: 'src/features/vault/PasswordsPage.tsx',
      imports: ['assets/mui.js', 'assets/list.js'],
    }),
    chunk('assets/mui.js', { modules: ['node_modules/@mui/Button.js'] }),
    chunk('assets/list.js', { modules: ['src/features/vault/list/EntryList.tsx'] }),
    chunk('assets/dialog.js', { modules: ['src/features/vault/PasswordFormDialog.tsx'] }),
  ]);
}

describe('pageChunkNames', () => {
  const names = pageChunkNames(bundle(), ROOT);
  const nameOf = (module: string) => names.get(path.join(ROOT, module));

  it('puts the modules that the same pages load in one chunk, and others in another', () => {
    const everyPage = nameOf('node_modules/react/index.js');
    expect(everyPage).toMatch(/^shared-10-[0-9a-f]{6}$/);
    expect(nameOf('node_modules/react-dom/client.js')).toBe(everyPage);
    // /login and /passwords load the button; only /passwords the list.
    expect(nameOf('node_modules/@mui/Button.js')).toMatch(/^shared-2-/);
    expect(nameOf('src/features/vault/list/EntryList.tsx')).toMatch(/^shared-1-/);
    expect(
      new Set([
        everyPage,
        nameOf('node_modules/@mui/Button.js'),
        nameOf('src/features/vault/list/EntryList.tsx'),
      ]).size,
    ).toBe(3);
  });

  it("leaves a page's own chunk, the entry and what no page loads before it shows to the bundler", () => {
    expect(nameOf('src/features/vault/PasswordsPage.tsx')).toBeUndefined();
    expect(nameOf('src/app/bootstrap.tsx')).toBeUndefined();
    expect(nameOf('index.html')).toBeUndefined();
    expect(nameOf('src/features/vault/PasswordFormDialog.tsx')).toBeUndefined();
  });

  it('gives the bundler one group that keeps each module where the list puts it', () => {
    const splitting = pageChunkSplitting(names);
    expect(splitting.includeDependenciesRecursively).toBe(false);
    const [group] = splitting.groups;
    expect(group.name(path.join(ROOT, 'node_modules/@mui/Button.js'))).toBe(
      nameOf('node_modules/@mui/Button.js'),
    );
    expect(group.name(path.join(ROOT, 'src/features/vault/PasswordFormDialog.tsx'))).toBeNull();
  });
});
