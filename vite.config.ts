import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageCodePlugin } from './build/pageCode';
import { systemChunksPlugin } from './build/systemChunks';
import { FIRST_BUILD, firstBuildNames, pageChunkSplitting, writePageChunkNames } from './build/pageChunks';

// package.json's "sideEffects" names the only modules of src/ that run something when loaded (the entry
// and bootstrap): the rest is pure, so a page that imports a feature's index.ts takes only what it uses
// and a cold /login does not download the vault's editor (npm run bench: /login cold).
// `base: './'` keeps every asset URL relative, so one build serves under any BASE_PATH:
// the server injects <base href> into index.html at request time.
const app: UserConfig = {
  base: './',
  plugins: [react(), pageCodePlugin(), systemChunksPlugin()],
  // The chunks ship as System.register scripts (build/systemChunks.ts), which Vite's module preloads
  // cannot fetch: an import map's depcache asks for a lazy chunk's imports instead.
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', modulePreload: false },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
};

/** This file's folder, the app's root, wherever the build was started from. */
const ROOT = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ command }) => {
  if (command !== 'build') return app;
  const first = process.env[FIRST_BUILD];
  if (first) {
    return mergeConfig(app, { plugins: [writePageChunkNames(first, ROOT)], build: { write: false } });
  }
  return mergeConfig(app, {
    build: {
      rolldownOptions: { output: { codeSplitting: pageChunkSplitting(firstBuildNames(ROOT)) } },
    },
  });
});
