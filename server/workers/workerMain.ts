// A worker thread of the pool (workerPool.ts): runs the tasks it is sent, one at a time, and answers each
// with its output or its failure. A failure's message crosses only when it is an HttpError (written for
// the client, never holding a secret); any other says only that the task failed.
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { TaskAnswer, TaskRequest } from './workerPool';

type TaskFunction = (input: unknown) => unknown;

/** The task `name` of `file`; with no name, the module loaded and a task that does nothing. */
function taskOf(file: string, name: string | null): TaskFunction {
  // The pool's own callers name these files (defineTask); the module cache keeps each loaded once.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(file) as Record<string, unknown>;
  if (name === null) return () => undefined;
  const exported = exports[name];
  if (typeof exported !== 'function') throw new Error(`${name} is not a task of ${file}`);
  return exported as TaskFunction;
}

function failureOf(error: unknown): { message: string; statusCode?: number } {
  if (error instanceof HttpError) return { message: error.message, statusCode: error.statusCode };
  return { message: `A worker task failed (${error instanceof Error ? error.name : 'unknown error'})` };
}

const port = parentPort;
if (!port) throw new Error('workerMain runs in a worker thread only');

port.on('message', (request: TaskRequest) => {
  let answer: TaskAnswer;
  try {
    answer = { id: request.id, output: taskOf(request.file, request.name)(request.input) };
  } catch (error) {
    answer = { id: request.id, error: failureOf(error) };
  }
  port.postMessage(answer);
});
