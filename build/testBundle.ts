// Fake build output for the build's tests: chunks as Rolldown describes them, under a made-up root.
import path from 'node:path';
import type { Rolldown } from 'vite';
import { PAGE_MODULES } from './pageCode';

export const ROOT = '/app';

export interface FakeChunk {
  /** The chunk's own module (its facade); also its only module unless `modules` says otherwise. */
  module?: string;
  imports?: string[];
  modules?: string[];
  css?: string[];
  entry?: boolean;
}

export function chunk(fileName: string, options: FakeChunk) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: options.module ? path.join(ROOT, options.module) : null,
    imports: options.imports ?? [],
    moduleIds: (options.modules ?? (options.module ? [options.module] : [])).map((m) => path.join(ROOT, m)),
    isEntry: options.entry ?? false,
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  };
}

/** The bundle of `chunks`, with a chunk of its own for every other module PAGE_MODULES names. */
export function bundleWithPages(chunks: ReturnType<typeof chunk>[]): Rolldown.OutputBundle {
  const all = [...chunks];
  const named = new Set(all.map((c) => c.facadeModuleId));
  for (const module of new Set(Object.values(PAGE_MODULES).flat())) {
    if (!named.has(path.join(ROOT, module)))
      all.push(chunk(`assets/${path.basename(module)}.js`, { module }));
  }
  return Object.fromEntries(all.map((c) => [c.fileName, c])) as unknown as Rolldown.OutputBundle;
}
