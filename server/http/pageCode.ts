// The code a page of the app runs before it shows, named in its HTML so the browser fetches it at once
// (build/pageCode.ts writes page-code.json at build time and says why). A missing or unreadable file
// names nothing: the app loads the same code, only in rounds.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_CODE_FILE, type PageCode } from '../../build/pageCode';
import { escapeAttribute } from './htmlAttribute';

/** A chunk under assets/, as the build names it: nothing else is put in a page. */
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/**
 * The links of a page's code. Its own chunks and styles are wanted only once bootstrap has run, so they
 * ask for a low priority: on a first visit over HTTP/1.1 (six connections to a host) they would
 * otherwise hold the connections the session and the page's data wait for.
 */
function linksOf(code: PageCode): string {
  const chunks = (files: string[]) => files.filter((file) => ASSET.test(file)).map(escapeAttribute);
  const links = [
    // Classic scripts (build/systemChunks.ts), fetched as SystemJS's tags fetch them: no crossorigin.
    ...chunks(code.scripts).map((file) => `<link rel="preload" as="script" href="./${file}" />`),
    ...chunks(code.pageScripts).map(
      (file) => `<link rel="preload" as="script" href="./${file}" fetchpriority="low" />`,
    ),
    // Preloaded, not applied: the page's code applies them when it runs, as it always did.
    ...chunks(code.styles).map(
      (file) => `<link rel="preload" as="style" crossorigin href="./${file}" fetchpriority="low" />`,
    ),
  ];
  // Placed before </head>, each on a line of its own.
  return links.map((link) => `  ${link}\n  `).join('');
}

/** Each page's links (paths within the app, '/passwords'), read from the build once. */
export function readPageCodeLinks(staticDir: string): Map<string, string> {
  const links = new Map<string, string>();
  try {
    const pages = JSON.parse(fs.readFileSync(path.join(staticDir, PAGE_CODE_FILE), 'utf8')) as Record<
      string,
      PageCode
    >;
    for (const [page, code] of Object.entries(pages)) {
      if ([code?.scripts, code?.pageScripts, code?.styles].every(Array.isArray))
        links.set(page, linksOf(code));
    }
  } catch {
    // No such file (an older build), or not ours: the pages load their code as they find it.
  }
  return links;
}

/** The page a request is for, within the app: '/vault/passwords/?x' under '/vault/' is '/passwords'. */
export function pageWithin(url: string, basePath: string): string {
  const pathname = url.split('?')[0];
  const within = pathname.startsWith(basePath) ? pathname.slice(basePath.length - 1) : pathname;
  return within.length > 1 ? within.replace(/\/+$/, '') : '/';
}
