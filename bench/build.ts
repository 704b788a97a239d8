// Builds the browser app with Vite's JS API into a folder of this run (never the shared dist/, which
// other processes may be serving), so the bench always measures the sources as they are.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './lib/processes';

export async function buildApp(outDir: string): Promise<{ ms: number }> {
  const started = performance.now();
  // Vite 8 suggests its native config loader for vite.config.ts; the bundling loader works as is.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    // BENCH_MINIFY=0: readable function names in the --profile output (not the product's figures).
    build: { outDir, emptyOutDir: true, minify: process.env.BENCH_MINIFY !== '0' },
  });
  return { ms: performance.now() - started };
}
