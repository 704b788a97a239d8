// The worker pool on real threads: tasks answer, failures keep their status without leaking a secret, a
// dead thread is replaced, an idle one stops, and a key moved to a task leaves the main thread.
import { HttpError } from '../http/errors';
import { CRASH, DOUBLE, LEAK, MISSING, REFUSE, WIPE_KEY } from '../test/workerTasks';
import { keyForTask, WorkerPool } from './workerPool';

describe('the worker pool', () => {
  let pool: WorkerPool;
  beforeEach(() => {
    pool = new WorkerPool({ size: 2, idleMs: 60_000 });
  });
  afterEach(() => pool.close());

  it('runs tasks on threads of its own and answers their outputs in order', async () => {
    const outputs = await Promise.all([1, 2, 3, 4].map((value) => pool.run(DOUBLE, { value })));
    expect(outputs).toEqual([2, 4, 6, 8]);
    expect(pool.threads).toBeGreaterThanOrEqual(1);
    expect(pool.threads).toBeLessThanOrEqual(2);
  });

  it('moves a key to the task: the main thread keeps no copy, and the task can wipe its own', async () => {
    const key = keyForTask(Buffer.alloc(32, 7));
    const answer = await pool.run(WIPE_KEY, { key }, [key.buffer]);
    expect(answer).toEqual({ bytes: 32, wiped: true });
    expect(key.byteLength).toBe(0);
  });

  it("copies exactly the key's bytes, not the slab a Buffer may view", () => {
    const slab = Buffer.alloc(1024, 1);
    const key = slab.subarray(100, 132);
    const copy = keyForTask(key);
    expect(copy.buffer.byteLength).toBe(32);
    expect(Buffer.from(copy).equals(key)).toBe(true);
  });

  it("keeps a client error's status and message", async () => {
    const failure = await pool.run(REFUSE, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: 422, message: 'Failed to decrypt password' });
  });

  it('never passes on the message of another failure, which may hold what the task was given', async () => {
    const failure = (await pool.run(LEAK, { secret: 'hunter2' }).catch((error: unknown) => error)) as Error;
    expect(failure).not.toBeInstanceOf(HttpError);
    expect(failure.message).toBe('A worker task failed (Error)');
    const missing = (await pool.run(MISSING, {}).catch((error: unknown) => error)) as Error;
    expect(missing.message).toBe('A worker task failed (Error)');
  });

  it('fails the tasks of a thread that dies, and runs the next ones on a new thread', async () => {
    await expect(pool.run(CRASH, {})).rejects.toThrow('A worker thread stopped (exit code 3)');
    await expect(pool.run(DOUBLE, { value: 21 })).resolves.toBe(42);
  });

  it('warms a thread before it is needed, and the next task runs on it', async () => {
    await pool.warm(DOUBLE);
    expect(pool.threads).toBe(1);
    await expect(pool.run(DOUBLE, { value: 5 })).resolves.toBe(10);
    expect(pool.threads).toBe(1);
  });

  it('keeps a warmed thread for its first task longer than an idle one', async () => {
    const quick = new WorkerPool({ size: 1, idleMs: 50 });
    try {
      await quick.warm(DOUBLE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(quick.threads).toBe(1);
      await expect(quick.run(DOUBLE, { value: 3 })).resolves.toBe(6);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(quick.threads).toBe(0);
    } finally {
      await quick.close();
    }
  });

  it('stops a thread that has been idle, and starts one again when a task comes', async () => {
    const quick = new WorkerPool({ size: 1, idleMs: 50 });
    try {
      await quick.run(DOUBLE, { value: 1 });
      expect(quick.threads).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(quick.threads).toBe(0);
      await expect(quick.run(DOUBLE, { value: 2 })).resolves.toBe(4);
    } finally {
      await quick.close();
    }
  });
});
