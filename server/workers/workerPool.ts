// CPU work of bulk requests (sealing an import's secrets, opening and formatting an export) runs on worker
// threads: beside the main thread's database work it uses the machine's other cores, and the main thread
// stays free for other requests while a 100,000-entry transfer computes. A task is an exported
// function of a module file, called with structured-clonable input (the model of piscina, in little code).
// Keys travel to a worker as copies moved into it (keyForTask), in the same process; a task wipes them.
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';

/** A task: the module file that exports it and its export's name; I and O only type the call. */
export interface Task<I, O> {
  file: string;
  name: string;
  /** Never set: carries the input and output types. */
  readonly types?: (input: I) => O;
}

/** Declares `name`, an export of `file` (the caller's __filename), as a task a worker can run. */
export function defineTask<I, O>(file: string, name: string): Task<I, O> {
  return { file, name };
}

/** What the main thread sends for one task. */
export interface TaskRequest {
  id: number;
  file: string;
  /** null: only load the module (WorkerPool.warm). */
  name: string | null;
  input: unknown;
}

/** What a worker answers for one task (workerMain.ts). */
export type TaskAnswer =
  { id: number; output: unknown } | { id: number; error: { message: string; statusCode?: number } };

/** One worker's heap at most: a task holds one window of a transfer (a few MB). */
const WORKER_HEAP_MB = 48;
/** Its young generation: small, so that a window's garbage goes before it spreads over more pages. */
const WORKER_YOUNG_MB = 4;
/**
 * A thread with no task for this long stops: a server between transfers does not keep its ~20 MB (the
 * next transfer starts one again, ~0.1 s of the other core). Long enough for the gaps within a transfer.
 */
export const WORKER_IDLE_MS = 250;
/** A thread warmed for a request waits this long for its first task (the request reads its file first). */
export const WARM_WAIT_MS = 5_000;

/**
 * The worker's entry. Under tsx (npm start, the tests) the thread registers tsx's require hook itself
 * before it loads the TypeScript files: a worker does not inherit what a test runner loads with.
 */
function bootScript(): string {
  const extension = path.extname(__filename);
  const main = path.join(__dirname, `workerMain${extension}`);
  const tsx =
    extension === '.ts' ? `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();` : '';
  return `${tsx}require(${JSON.stringify(main)});`;
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
}

class PooledWorker {
  readonly pending = new Map<number, Pending>();
  /** Modules being loaded ahead of their tasks (warm): not tasks, the thread counts as idle. */
  readonly #loads = new Map<number, Pending>();
  readonly #thread: Worker;
  readonly #onGone: (worker: PooledWorker) => void;
  #idle: NodeJS.Timeout | undefined;

  constructor(idleMs: number, onGone: (worker: PooledWorker) => void) {
    this.#onGone = onGone;
    this.#thread = new Worker(bootScript(), {
      eval: true,
      // Not the parent's loader flags: tsx's ESM hooks would start a loader thread of their own.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    this.#thread.on('message', (answer: TaskAnswer) => this.#settle(answer, idleMs));
    const gone = (error: Error) => {
      clearTimeout(this.#idle);
      onGone(this);
      for (const task of [...this.pending.values(), ...this.#loads.values()]) task.reject(error);
      this.pending.clear();
      this.#loads.clear();
    };
    this.#thread.on('error', (error) => gone(new Error(`A worker thread failed: ${error.message}`)));
    this.#thread.on('exit', (code) => gone(new Error(`A worker thread stopped (exit code ${code})`)));
    this.#rest(idleMs);
  }

  run(request: TaskRequest, transfer: ArrayBuffer[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      clearTimeout(this.#idle);
      // A running task keeps the process alive (a CLI, a test awaiting it); an idle thread does not.
      this.#thread.ref();
      this.pending.set(request.id, { resolve, reject });
      this.#thread.postMessage(request, transfer);
    });
  }

  /**
   * Loads a module without waiting for it: not a task. The thread stays unreferenced, and idle for up
   * to WARM_WAIT_MS while the request that warmed it gets its first task ready.
   */
  load(request: TaskRequest): Promise<void> {
    if (this.pending.size === 0) {
      clearTimeout(this.#idle);
      this.#rest(WARM_WAIT_MS);
    }
    return new Promise((resolve, reject) => {
      this.#loads.set(request.id, { resolve: () => resolve(), reject });
      this.#thread.postMessage(request);
    });
  }

  /** Leaves the pool at once (no task is sent to a thread on its way out), then ends the thread. */
  stop(): Promise<number> {
    clearTimeout(this.#idle);
    this.#onGone(this);
    return this.#thread.terminate();
  }

  #rest(idleMs: number): void {
    this.#thread.unref();
    this.#idle = setTimeout(() => void this.stop(), idleMs);
    this.#idle.unref();
  }

  #settle(answer: TaskAnswer, idleMs: number): void {
    const load = this.#loads.get(answer.id);
    this.#loads.delete(answer.id);
    const task = this.pending.get(answer.id) ?? load;
    if (!task) return;
    if (!load) {
      this.pending.delete(answer.id);
      if (this.pending.size === 0) this.#rest(idleMs);
    }
    if ('error' in answer) {
      const { message, statusCode } = answer.error;
      task.reject(statusCode === undefined ? new Error(message) : new HttpError(statusCode, message));
    } else {
      task.resolve(answer.output);
    }
  }
}

/** Threads beside the main one: one core is the main thread's; at most four. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/** Runs tasks on a few threads, started when needed and stopped when idle; one that dies is replaced. */
export class WorkerPool {
  readonly #size: number;
  readonly #idleMs: number;
  readonly #workers: PooledWorker[] = [];
  #nextId = 1;

  constructor(options: { size?: number; idleMs?: number } = {}) {
    this.#size = options.size ?? defaultPoolSize();
    this.#idleMs = options.idleMs ?? WORKER_IDLE_MS;
  }

  /** Threads running now. */
  get threads(): number {
    return this.#workers.length;
  }

  /**
   * Runs `task` on the least busy thread. `transfer` moves buffers to it instead of copying them (a
   * key's copy then exists only there). A task's thrown HttpError keeps its status here.
   */
  run<I, O>(task: Task<I, O>, input: I, transfer: ArrayBuffer[] = []): Promise<O> {
    const request: TaskRequest = { id: this.#nextId++, file: task.file, name: task.name, input };
    return this.#worker().run(request, transfer) as Promise<O>;
  }

  /**
   * Starts a thread now and has it load the tasks' module, without running anything: a request about
   * to need it (an import parsing its file) then finds it ready instead of waiting ~0.1-0.3 s for it.
   * Answers once the module is loaded (or rejects when the thread could not load it).
   */
  warm<I, O>(task: Task<I, O>): Promise<void> {
    return this.#worker().load({ id: this.#nextId++, file: task.file, name: null, input: undefined });
  }

  #worker(): PooledWorker {
    const least = this.#workers.reduce<PooledWorker | undefined>(
      (best, worker) => (best && best.pending.size <= worker.pending.size ? best : worker),
      undefined,
    );
    if (least && (least.pending.size === 0 || this.#workers.length >= this.#size)) return least;
    const worker = new PooledWorker(this.#idleMs, (gone) => {
      const index = this.#workers.indexOf(gone);
      if (index >= 0) this.#workers.splice(index, 1);
    });
    this.#workers.push(worker);
    return worker;
  }

  /** Stops every thread; tasks still running fail. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.slice().map((worker) => worker.stop()));
  }
}

/**
 * A copy of a key for a task, in memory of its own, to be moved to the worker with `transfer`: a Buffer
 * may be a view of a shared slab, which a plain copy would send along whole.
 */
export function keyForTask(key: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(key);
}

/**
 * A task run on this thread instead, for work too small to hand over: answered the way the pool answers
 * (a throw becomes a rejection), so the caller treats both alike.
 */
export function runHere<I, O>(task: (input: I) => O, input: I): Promise<O> {
  return new Promise((resolve) => resolve(task(input)));
}

/** In a task: a key it was handed, as a Buffer over the same bytes (wiping it wipes the copy). */
export function keyInTask(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

let shared: WorkerPool | undefined;

/** The process's pool (created at first use). */
export function workerPool(): WorkerPool {
  return (shared ??= new WorkerPool());
}

/** At shutdown: stops the process's threads, if any were started. */
export async function closeWorkerPool(): Promise<void> {
  await shared?.close();
}
