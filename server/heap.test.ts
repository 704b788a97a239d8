import { releaseBulkGarbage, tuneHeap } from './heap';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the heap after bulk work', () => {
  it('collects what a finished request left behind once asked to', async () => {
    tuneHeap();
    // Made in a call that returns only a weak reference: nothing else holds the rows.
    const left = (() => new WeakRef({ rows: Array.from({ length: 1000 }, (_, i) => `row ${i}`) }))();
    // A WeakRef keeps its target to the end of the current job: the collection runs on a later turn.
    await nextTurn();
    releaseBulkGarbage();
    await nextTurn();
    await nextTurn();
    expect(left.deref()).toBeUndefined();
  });
});
