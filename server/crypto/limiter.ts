/** Thrown when the queue of waiting work is full: the route answers 503 with Retry-After. */
export class ServiceBusyError extends Error {
  constructor(readonly retryAfterSeconds = 2) {
    super('The server is busy. Please try again in a moment.');
  }
}

interface Waiter {
  weight: number;
  start: () => void;
}

/**
 * Runs tasks while the sum of their weights stays within `capacity` (a task heavier than the capacity
 * runs alone); up to `maxQueue` more wait in order, the rest are refused. Argon2id weighs its memory, so
 * a burst of unlocks queues instead of exhausting the server's memory.
 */
export class WeightedLimiter {
  private used = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly capacity: number,
    private readonly maxQueue: number,
  ) {}

  async run<T>(task: () => Promise<T>, weight = 1): Promise<T> {
    if (this.waiting.length > 0 || !this.fits(weight)) {
      if (this.waiting.length >= this.maxQueue) throw new ServiceBusyError();
      await new Promise<void>((start) => this.waiting.push({ weight, start }));
    } else {
      this.take(weight);
    }
    try {
      return await task();
    } finally {
      this.used -= weight;
      this.running -= 1;
      this.startWaiting();
    }
  }

  private fits(weight: number): boolean {
    return this.running === 0 || this.used + weight <= this.capacity;
  }

  private take(weight: number): void {
    this.used += weight;
    this.running += 1;
  }

  /** In order: the first waiter that does not fit holds back the ones behind it. */
  private startWaiting(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].weight)) {
      const next = this.waiting.shift() as Waiter;
      this.take(next.weight);
      next.start();
    }
  }
}
