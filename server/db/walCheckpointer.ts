// The server's SQLite checkpoints on a thread of their own. In WAL mode every commit appends its pages to
// the WAL, and a checkpoint copies them back into the database file. SQLite's own checkpoint runs in the
// connection that commits, right after the commit that takes the WAL past 1,000 pages: inside that
// request, on the one thread that serves every request (an import's upload of 20,000 entries waited
// ~0.1-0.3 s for it in its commit). Here the server's connection does not checkpoint; a second connection
// on a worker thread does, every CHECKPOINT_EVERY_MS, PASSIVE: it copies what no reader still needs and
// never waits for, nor blocks, the writer or a reader. Should that thread stop, the server's connection
// checkpoints as SQLite does by default again, so the WAL never grows without bound.
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the thread checkpoints what has been committed since. A checkpoint with nothing to copy costs microseconds. */
export const CHECKPOINT_EVERY_MS = 500;
/** SQLite's own threshold (pages), put back if the thread stops. */
const SQLITE_AUTOCHECKPOINT = 1000;
/** How long closing the database waits for the thread to close its connection. */
const STOP_WAIT_MS = 5000;

/** What the thread reports after a checkpoint that copied pages. */
export interface CheckpointReport {
  /** Frames in the WAL, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

// Plain JavaScript, evaluated in the thread: it needs nothing of the server but better-sqlite3.
const THREAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file, { fileMustExist: true });
// Checkpoints copy WAL frames straight to the file; the page cache serves only its first schema read.
db.pragma('cache_size = 16');
const checkpoint = () => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  if (result && result.checkpointed > 0) {
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  const closed = new Int32Array(workerData.closed);
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /**
   * Closes the thread's connection and waits for it (synchronously, at most STOP_WAIT_MS), so that the
   * server's connection, closed next, is the last one: SQLite then checkpoints everything and removes the
   * WAL, and the database file alone holds every entry.
   */
  stop(): void;
}

export function startWalCheckpointer(
  sqlite: SQLite.Database,
  options: { everyMs?: number; onCheckpoint?: (report: CheckpointReport) => void } = {},
): WalCheckpointer {
  const closed = new SharedArrayBuffer(4);
  const thread = new Worker(THREAD_SCRIPT, {
    eval: true,
    execArgv: [],
    // It holds a connection and a timer: a small heap (with it the thread adds ~6-8 MB to the server's
    // memory, ~9 MB without; at 4 MB it ran out at start and the connection took the checkpoints back).
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 1 },
    workerData: {
      module: require.resolve('better-sqlite3'),
      file: sqlite.name,
      everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS,
      closed,
    },
  });
  // An idle server's process may end while the thread runs.
  thread.unref();
  let running = true;
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointHere = () => {
    if (!running) return;
    running = false;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
  };
  thread.on('message', (report: CheckpointReport) => options.onCheckpoint?.(report));
  thread.on('error', checkpointHere);
  thread.on('exit', checkpointHere);
  return {
    stop() {
      if (!running) return;
      running = false;
      thread.postMessage('stop');
      Atomics.wait(new Int32Array(closed), 0, 0, STOP_WAIT_MS);
      void thread.terminate();
    },
  };
}
