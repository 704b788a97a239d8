// The process's memory after bulk work. V8's own policy lets the old generation grow up to fourfold past
// what the last full collection kept while a request allocates fast, and collects what an import or
// export left behind only when it next needs the room, or after seconds of rest: one 20 MB import kept
// the server at twice its resident size for the next request. Half again the live data, and a full
// collection once a transfer has answered, keep it near what is in use, for a few short collections.
import v8 from 'node:v8';
import vm from 'node:vm';

export const HEAP_GROWING_PERCENT = 50;

let fullCollection: (() => void) | undefined;

/** At start-up, before the server takes requests. V8 reads both flags when they are needed. */
export function tuneHeap(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  // `gc` exists only in contexts made after the flag is set: one is made to take it, and no other is.
  v8.setFlagsFromString('--expose-gc');
  fullCollection = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
}

/**
 * After a bulk request has answered: collects its garbage at once (tens of ms for a 100 MB heap), so
 * that the pages go back to the system. Does nothing where tuneHeap did not run (tests, tools).
 */
export function releaseBulkGarbage(): void {
  setImmediate(() => fullCollection?.());
}
