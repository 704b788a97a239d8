// Jobs shared between a worker and this thread: results in order, the worker never holding more than
// its share, this thread working instead of waiting, and a failure surfacing at its turn.
import { inOrder } from './inOrder';

/** A worker whose answers arrive as messages do: in a later turn of the event loop, one job at a time. */
function slowWorker(turnsPerJob: number) {
  const log: string[] = [];
  let holding = 0;
  let most = 0;
  let queue = Promise.resolve();
  const onWorker = (i: number) => {
    holding += 1;
    most = Math.max(most, holding);
    const done = queue.then(async () => {
      for (let turn = 0; turn < turnsPerJob; turn += 1) await new Promise((r) => setImmediate(r));
      log.push(`worker ${i}`);
      holding -= 1;
      return `result ${i}`;
    });
    queue = done.then(() => undefined);
    return done;
  };
  const here = (i: number) => {
    log.push(`here ${i}`);
    return Promise.resolve(`result ${i}`);
  };
  return { onWorker, here, log, most: () => most };
}

async function taken<T>(results: AsyncGenerator<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const result of results) all.push(result);
  return all;
}

const expected = (count: number) => Array.from({ length: count }, (_, i) => `result ${i}`);

describe('jobs shared with a worker', () => {
  it('come out in order while this thread does some of them instead of waiting', async () => {
    const worker = slowWorker(3);
    expect(await taken(inOrder(20, worker, 4))).toEqual(expected(20));
    const here = worker.log.filter((line) => line.startsWith('here'));
    expect(here.length).toBeGreaterThan(0);
    expect(worker.log.length - here.length).toBeGreaterThan(0);
    // Each job ran once, on one thread or the other.
    expect(new Set(worker.log.map((line) => line.split(' ')[1])).size).toBe(20);
  });

  it('never hold more than `ahead` jobs on the worker', async () => {
    const worker = slowWorker(1);
    await taken(inOrder(30, worker, 2));
    expect(worker.most()).toBeLessThanOrEqual(2);
  });

  it('all run here, in order, without a worker', async () => {
    const { here, log } = slowWorker(1);
    expect(await taken(inOrder(5, { here }, 4))).toEqual(expected(5));
    expect(log).toEqual([0, 1, 2, 3, 4].map((i) => `here ${i}`));
  });

  it('end with the failure of a job at its turn, the results before it taken', async () => {
    const results: string[] = [];
    const failing = {
      onWorker: (i: number) =>
        new Promise<string>((resolve, reject) =>
          setImmediate(() =>
            i === 3 || i === 5 ? reject(new Error(`job ${i} failed`)) : resolve(`result ${i}`),
          ),
        ),
      here: (i: number) => Promise.resolve(`result ${i}`),
    };
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      await expect(
        (async () => {
          for await (const result of inOrder(8, failing, 8)) results.push(result);
        })(),
      ).rejects.toThrow('job 3 failed');
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(results).toEqual(expected(3));
    expect(unhandled).not.toHaveBeenCalled();
  });
});
