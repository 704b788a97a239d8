// The app's folder (the one with its package.json), wherever this file runs from: the sources under
// tsx (`npm run dev`, the tests) or their compiled copy in .server-build (`npm start`, build/serverBuild.mjs).
import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `from` that holds a package.json. */
export function appRootFrom(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}

export const APP_ROOT = appRootFrom(__dirname);
