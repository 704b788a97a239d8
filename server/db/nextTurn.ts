// SQLite's driver answers synchronously, so a long read or write made of many awaited statements is one
// run of microtasks: no timer, no other request, no worker thread's answer and no written byte is handled
// until it ends. A bulk operation awaits this between its slices to let the event loop turn.

/** Resolves after the event loop has handled what is waiting (I/O, other requests, worker messages). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
