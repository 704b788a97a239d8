/** Thrown when the queue of waiting work is full: the route answers 503 with Retry-After. */
export class ServiceBusyError extends Error {
  constructor(readonly retryAfterSeconds = 2) {
    super('The server is busy. Please try again in a moment.');
  }
}

/** Runs at most `concurrency` tasks at once; up to `maxQueue` more wait, the rest are refused. */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new ServiceBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter; only free it when nobody waits.
      if (next) next();
      else this.running -= 1;
    }
  }
}
