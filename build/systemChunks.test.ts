// The chunks as System.register scripts: they behave as the ES modules they were (run by SystemJS's
// own loader here), keep their names and compile hints, and the page names the entry, the runtime and
// each lazy chunk's imports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { COMPILE_HINT } from './compileHints';
import { depcacheOf, loadedFirst, systemHtml, systemRuntime, writeSystemChunks } from './systemChunks';
import { chunk, ROOT } from './testBundle';

const asChunks = (chunks: ReturnType<typeof chunk>[]) => chunks as unknown as Rolldown.OutputChunk[];

describe('writeSystemChunks', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'passvault-system-'));
    fs.mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('rewrites each chunk in place, as ES modules behave: live bindings, a cycle, a lazy import', async () => {
    const files: Record<string, string> = {
      'assets/index-a1.js': `${COMPILE_HINT}import { count, bump } from './counter-b2.js';\nbump();\nexport const seen = count;\nexport const later = () => import('./lazy-c3.js');\nexport { count };\n`,
      'assets/counter-b2.js': `import { label } from './label-d4.js';\nexport let count = 0;\nexport function bump() { count += 1; }\nexport const name = () => label;\n`,
      'assets/label-d4.js': `import { name } from './counter-b2.js';\nexport const label = 'counter';\nexport const again = () => name();\n`,
      'assets/lazy-c3.js': `import { count } from './counter-b2.js';\nexport const lazyCount = () => count;\n`,
    };
    for (const [file, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), code);
    const chunks = Object.entries(files).map(([fileName, code]) => ({ fileName, code }));
    await writeSystemChunks(dir, chunks as Rolldown.OutputChunk[]);

    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(
      Object.keys(files)
        .map((f) => f.slice(7))
        .sort(),
    );
    const index = fs.readFileSync(path.join(dir, 'assets/index-a1.js'), 'utf8');
    expect(index.startsWith(`${COMPILE_HINT}System.register(`)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'assets/lazy-c3.js'), 'utf8').startsWith('System.register(')).toBe(
      true,
    );

    // eslint-disable-next-line @typescript-eslint/no-require-imports -- SystemJS's Node loader is CommonJS
    const { System } = require('systemjs/dist/system-node.cjs') as {
      System: { import(url: string): Promise<Record<string, unknown>> };
    };
    const app = await System.import(pathToFileURL(path.join(dir, 'assets/index-a1.js')).href);
    expect(app.seen).toBe(1);
    expect(app.count).toBe(1);
    const lazy = (await (app.later as () => Promise<Record<string, unknown>>)()) as { lazyCount(): number };
    expect(lazy.lazyCount()).toBe(1);
  });

  it('fails the build rather than ship a chunk it could not rewrite', async () => {
    fs.writeFileSync(path.join(dir, 'assets/broken.js'), 'export const = ;\n');
    await expect(
      writeSystemChunks(dir, [{ fileName: 'assets/broken.js', code: '' }] as Rolldown.OutputChunk[]),
    ).rejects.toThrow();
  });
});

describe('depcacheOf', () => {
  const chunks = asChunks([
    chunk('assets/index.js', { module: 'index.html', entry: true }),
    chunk('assets/bootstrap.js', { module: 'src/app/bootstrap.tsx', imports: ['assets/react.js'] }),
    chunk('assets/react.js', {}),
    chunk('assets/Dialog.js', { imports: ['assets/react.js', 'assets/form.js', 'assets/mui.js'] }),
    chunk('assets/form.js', { imports: ['assets/mui.js', 'assets/react.js'] }),
    chunk('assets/mui.js', { imports: ['assets/react.js'] }),
    chunk('assets/a.js', { imports: ['assets/b.js'] }),
    chunk('assets/b.js', { imports: ['assets/a.js'] }),
    chunk('assets/Other.js', { imports: ['assets/a.js', 'assets/b.js'] }),
  ]);
  const first = loadedFirst(chunks, ROOT);

  it('leaves out what every page loaded first: the entry, bootstrap and their imports', () => {
    expect([...first].sort()).toEqual(['assets/bootstrap.js', 'assets/index.js', 'assets/react.js']);
  });

  it("lists a lazy chunk's imports that no other listed import brings, relative to it", () => {
    const depcache = depcacheOf(chunks, first);
    expect(depcache['./assets/Dialog.js']).toEqual(['./form.js']);
    expect(depcache['./assets/form.js']).toEqual(['./mui.js']);
    expect(depcache['./assets/mui.js']).toBeUndefined();
    expect(depcache['./assets/bootstrap.js']).toBeUndefined();
  });

  it('keeps both chunks of a cycle, which bring each other', () => {
    expect(depcacheOf(chunks, first)['./assets/Other.js']).toEqual(['./a.js', './b.js']);
  });
});

describe('systemHtml', () => {
  const html =
    '<head>\n    <script type="module" crossorigin src="./assets/index-a1.js"></script>\n  </head>';

  it('puts the entry preload, the import map and the deferred runtime where the module script was', () => {
    const out = systemHtml(html, 'assets/index-a1.js', 'assets/system-x.js', { './assets/a.js': ['./b.js'] });
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="preload" as="script" href="./assets/index-a1.js" />');
    expect(out).toContain(
      '<script type="systemjs-importmap">{"depcache":{"./assets/a.js":["./b.js"]}}</script>',
    );
    expect(out).toContain(
      '<script defer src="./assets/system-x.js" data-entry="./assets/index-a1.js"></script>',
    );
  });

  it('cannot end its <script> early, and fails without the entry to replace', () => {
    const out = systemHtml(html, 'assets/index-a1.js', 'assets/system-x.js', { './</script>': [] });
    expect(out).not.toContain('./</script>');
    expect(() => systemHtml('<head></head>', 'assets/index-a1.js', 'assets/system-x.js', {})).toThrow(
      'no module script',
    );
  });
});

describe('systemRuntime', () => {
  it("is SystemJS's runtime without a source map link, importing the entry its tag names", () => {
    const runtime = systemRuntime(process.cwd());
    expect(runtime).toContain('System');
    expect(runtime).not.toContain('sourceMappingURL');
    expect(runtime).toContain("getAttribute('data-entry')");
  });
});
