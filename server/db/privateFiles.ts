// DATA_DIR holds the database and the server key: readable by the server's user only. The folder is
// 0700 and the SQLite files 0600 (SQLite gives its -wal and -shm files the mode of the database file).
import fs from 'node:fs';
import path from 'node:path';

/** Creates `dir` (and its parents) as 0700, or narrows an existing one that we own to 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  narrow(dir, 0o700);
}

/** The SQLite database `file` and its companions, created empty as 0600 when missing. */
export function ensurePrivateDatabaseFile(file: string): void {
  ensurePrivateDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) narrow(companion, 0o600);
}

function narrow(target: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  // Only what this process owns; a folder an operator shares on purpose (owned by root) stays.
  const mine = typeof process.getuid !== 'function' || stat.uid === process.getuid();
  if (mine && (stat.mode & 0o777) !== mode) fs.chmodSync(target, mode);
}
