// In a process of its own: the V8 flags tuneHeap sets are the whole process's, and Jest runs its test
// files one after another in one process on a small machine.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const PROBE = `
const { releaseBulkGarbage, tuneHeap } = require(${JSON.stringify(path.join(__dirname, 'heap.ts'))});
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
(async () => {
  tuneHeap();
  // Made in a call that returns only a weak reference: nothing else holds the rows.
  const left = (() => new WeakRef({ rows: Array.from({ length: 1000 }, (_, i) => 'row ' + i) }))();
  // A WeakRef keeps its target to the end of the current job: the collection runs on a later turn.
  await nextTurn();
  releaseBulkGarbage();
  await nextTurn();
  await nextTurn();
  process.stdout.write(left.deref() === undefined ? 'collected' : 'kept');
})();
`;

function probe(): string {
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', PROBE], { encoding: 'utf8' });
}

describe('the heap after bulk work', () => {
  it('collects what a finished request left behind once the server has tuned its heap', () => {
    expect(probe()).toBe('collected');
  });
});
