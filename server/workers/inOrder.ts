// Jobs shared between a worker thread and this one, their results taken in order (an import's batches:
// each is sealed, then written here in the file's order).
import { nextTurn } from '../db/nextTurn';

export interface SharedJobs<T> {
  /** Job `i` on a worker thread; absent when there is none for this work (too little to hand over). */
  onWorker?: (i: number) => Promise<T>;
  /** Job `i` on this thread. */
  here: (i: number) => Promise<T>;
}

interface Slot<T> {
  result: Promise<T>;
  settled: boolean;
}

/**
 * The results of jobs 0 .. count-1, in order. Up to `ahead` jobs are on the worker at a time; when the
 * result wanted next is not back yet, this thread does the next job itself instead of waiting, and lets
 * the event loop turn so that the worker's answers come in (nextTurn.ts). So neither thread idles while
 * there is work: on its own the worker set an import's pace (~30 ms a batch of 500) while this thread,
 * between its writes (~30 ms each), waited for it. A result is dropped once taken.
 */
export async function* inOrder<T>(
  count: number,
  jobs: SharedJobs<T>,
  ahead: number,
): AsyncGenerator<T, void, undefined> {
  /** Jobs started and not yet taken, in order. */
  const waiting: Slot<T>[] = [];
  let started = 0;
  let onWorker = 0;
  const start = (job: (i: number) => Promise<T>, worker: boolean) => {
    if (worker) onWorker += 1;
    const slot: Slot<T> = { result: job(started), settled: false };
    started += 1;
    const settle = () => {
      slot.settled = true;
      if (worker) onWorker -= 1;
    };
    // Awaited in turn, or dropped when an earlier job failed: never an unhandled rejection.
    slot.result.then(settle, settle);
    waiting.push(slot);
  };
  const feedWorker = () => {
    const { onWorker: worker } = jobs;
    while (worker && onWorker < ahead && started < count) start(worker, true);
  };
  while (waiting.length > 0 || started < count) {
    feedWorker();
    if (waiting.length === 0) start(jobs.here, false);
    while (!waiting[0].settled && started < count) {
      start(jobs.here, false);
      await nextTurn();
      feedWorker();
    }
    yield await (waiting.shift() as Slot<T>).result;
  }
}
