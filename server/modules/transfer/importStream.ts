// The import answer with progress, for a client that asks for it with `Accept: application/x-ndjson`
// (the dialog): one JSON object per line,
//   {"progress":{"done":0,"total":20000}}      once the plan is made, then after every slice written
//   {"success":true,"message":"Import completed successfully","data":{…}}     last: SPEC's answer
// or, when the writes fail after the first line went out, a last line {"message":"…","status":500}
// with the status the plain answer would have had. Everything that fails before the plan (a wrong
// master password, an unreadable file, 413) is the plain JSON answer with its status, as without it.
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ImportResult } from '../../../src/common/wire';
import { HttpError } from '../../http/errors';
import type { ImportProgress } from './importWrites';

export const NDJSON = 'application/x-ndjson';

/** What the errorHandler answers for an unexpected failure: its details stay in the log. */
const INTERNAL_ERROR = 'Internal server error';

export interface ImportAnswer {
  success: true;
  message: string;
  data: ImportResult;
}

export function wantsProgress(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes(NDJSON);
}

function failureLine(error: unknown, log: FastifyBaseLogger) {
  if (error instanceof HttpError)
    return { message: error.message, ...error.details, status: error.statusCode };
  log.error({ err: error }, 'request failed');
  return { message: INTERNAL_ERROR, status: 500 };
}

/**
 * Runs the import, answering progress lines from the moment its plan is made. Until then nothing is
 * sent, so an error thrown earlier reaches the error handler like any other.
 */
export async function answerWithProgress(
  reply: FastifyReply,
  run: (progress: ImportProgress) => Promise<ImportResult>,
  answer: (data: ImportResult) => ImportAnswer,
): Promise<ImportAnswer | FastifyReply> {
  const lines = new PassThrough();
  // A client that went away destroys the stream; the import still commits (and a repeat skips it).
  const send = (line: object, end = false) => {
    if (lines.destroyed) return;
    const text = `${JSON.stringify(line)}\n`;
    if (end) lines.end(text);
    else lines.write(text);
  };
  let streaming = false;
  const progress: ImportProgress = {
    started(total) {
      streaming = true;
      // x-accel-buffering: a reverse proxy (nginx) passes each line on as it comes.
      reply.header('x-accel-buffering', 'no').type(`${NDJSON}; charset=utf-8`).send(lines);
      send({ progress: { done: 0, total } });
    },
    written(done, total) {
      send({ progress: { done, total } });
    },
  };
  let data: ImportResult;
  try {
    data = await run(progress);
  } catch (error) {
    if (!streaming) throw error;
    send(failureLine(error, reply.log), true);
    return reply;
  }
  if (!streaming) return answer(data);
  send(answer(data), true);
  return reply;
}
