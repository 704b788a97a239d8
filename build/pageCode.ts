// Which code each page of the app runs before it shows, named in the page's HTML by the server
// (server/http/pageCode.ts) as <link rel="preload" as="script">, so that the browser fetches it all while
// it parses the page. Without them it came in three rounds, each found only when the one before had
// run: the entry imports bootstrap, bootstrap the signed-in layout and prefetch, those the page.
// Written at build time as dist/page-code.json:
// { "/passwords": { scripts: [...], pageScripts: [...], styles: [...] } }.
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { addCompileHints, chunksRunOnLoad } from './compileHints';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The file the server reads beside index.html. */
export const PAGE_CODE_FILE = 'page-code.json';

export interface PageCode {
  /** Chunks (paths within the build, `assets/…`) every page runs first: bootstrap and its imports. */
  scripts: string[];
  /** The page's own chunks, which run once those have: the signed-in code, the page. */
  pageScripts: string[];
  styles: string[];
}

/** What every page runs first: the app's bootstrap (the entry itself is in index.html already). */
export const EVERY_PAGE = ['src/app/bootstrap.tsx'];
/** What every signed-in page runs before it shows (app/signedInCode.ts holds its paint for them). */
const SIGNED_IN = [
  'src/app/prefetchSignedIn.ts',
  'src/app/layout/SignedInLayout.tsx',
  'src/app/topbar/LockNowButton.tsx',
];

/** Each route of app/routes.tsx with a page of its own, and that page's modules. */
export const PAGE_MODULES: Record<string, string[]> = {
  '/': [],
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/register': ['src/features/auth/RegisterPage.tsx'],
  '/verify-otp': ['src/features/auth/VerifyOtpPage.tsx'],
  '/forgot-password': ['src/features/auth/ForgotPasswordPage.tsx'],
  '/forgot-password-otp': ['src/features/auth/ResetWizardPage.tsx'],
  '/dashboard': [...SIGNED_IN, 'src/features/dashboard/DashboardPage.tsx'],
  '/passwords': [...SIGNED_IN, 'src/features/vault/PasswordsPage.tsx'],
  '/passwords/trash': [...SIGNED_IN, 'src/features/vault/trash/TrashPage.tsx'],
  '/settings': [...SIGNED_IN, 'src/app/SettingsRoute.tsx', 'src/features/settings/SettingsPage.tsx'],
};

/** Every page's code: its modules' chunks and what they import statically, bootstrap's first. */
export function pageCodeOf(bundle: OutputBundle, root: string): Record<string, PageCode> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map<string, OutputChunk>();
  for (const chunk of chunks) {
    if (chunk.facadeModuleId) byModule.set(path.relative(root, chunk.facadeModuleId), chunk);
  }
  const entries = chunks.filter((chunk) => chunk.isEntry);
  // index.html loads the entry (build/systemChunks.ts); the rest is named here.
  const inHtml = new Set(entries.map((entry) => entry.fileName));

  /** Adds the chunk of each module and its static imports to `into`, once each across `code`. */
  const collect = (page: string, modules: string[], code: PageCode, into: string[]) => {
    const add = (chunk: OutputChunk) => {
      if (
        inHtml.has(chunk.fileName) ||
        code.scripts.includes(chunk.fileName) ||
        into.includes(chunk.fileName)
      )
        return;
      into.push(chunk.fileName);
      for (const style of chunk.viteMetadata?.importedCss ?? []) {
        if (!code.styles.includes(style)) code.styles.push(style);
      }
      for (const file of chunk.imports) add(byFile.get(file) as OutputChunk);
    };
    for (const module of modules) {
      const chunk = byModule.get(module);
      // A module merged into another chunk, renamed or gone: the list above must follow the app.
      if (!chunk) throw new Error(`${PAGE_CODE_FILE}: no chunk of its own for ${module} (page ${page})`);
      add(chunk);
    }
  };
  const pages: Record<string, PageCode> = {};
  for (const [page, modules] of Object.entries(PAGE_MODULES)) {
    const code: PageCode = { scripts: [], pageScripts: [], styles: [] };
    collect(page, EVERY_PAGE, code, code.scripts);
    collect(page, modules, code, code.pageScripts);
    pages[page] = code;
  }
  return pages;
}

export function pageCodePlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'passvault-page-code',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // Last: Vite's own generateBundle puts lines before some chunks' code, and the hint must be first.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const pages = pageCodeOf(bundle, root);
        addCompileHints(bundle, chunksRunOnLoad(bundle, pages));
        this.emitFile({
          type: 'asset',
          fileName: PAGE_CODE_FILE,
          source: `${JSON.stringify(pages, null, 2)}\n`,
        });
      },
    },
  };
}
