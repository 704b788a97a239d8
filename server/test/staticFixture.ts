// A tiny built app for the HTTP tests: index.html, one hashed asset and one file that is not hashed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './testApp';

export const ASSET = 'assets/app-abc123.js';

export interface StaticFixture {
  dir: string;
  remove(): void;
}

/** Writes the fixture, with `files` (paths within it, and their text) beside index.html. */
export function writeStaticApp(files: Record<string, string> = {}): StaticFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <title>PassVault</title>',
      // As the build writes it (build/systemChunks.ts): the entry's preload, SystemJS's tag naming it.
      `    <link rel="preload" as="script" href="./${ASSET}" />`,
      `    <script defer src="./assets/system-abc123.js" data-entry="./${ASSET}"></script>`,
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, ASSET), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The real app serving the fixture (with `files`) under `env`, for the tests `body` declares. */
export function withStaticApp(
  env: NodeJS.ProcessEnv,
  body: (app: () => TestApp) => void,
  files: Record<string, string> = {},
): void {
  let t: TestApp;
  let site: StaticFixture;
  beforeAll(async () => {
    site = writeStaticApp(files);
    t = await startTestApp({ env: { STATIC_DIR: site.dir, ...env } });
  });
  afterAll(async () => {
    await t.close();
    site.remove();
  });
  body(() => t);
}

/** The value of `<meta name="csp-nonce">` and `<base href>` in a served index.html. */
export function pageMeta(html: string): { nonce?: string; base?: string } {
  return {
    nonce: /<meta name="csp-nonce" content="([^"]*)"/.exec(html)?.[1],
    base: /<base href="([^"]*)"/.exec(html)?.[1],
  };
}
