// POST /utility/import through XMLHttpRequest, the one browser API that reports how much of a request
// body has gone out (fetch streams a request body only over HTTP/2 in Chromium, and not everywhere).
// It asks for the server's progress lines (application/x-ndjson, one JSON object a line, the last one
// the answer) and reads a plain JSON answer too: every refusal comes as one, and so does the answer of
// a server that does not stream.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const NDJSON = 'application/x-ndjson';

/** Where an import is: its upload, the server reading the file, the server writing its entries. */
export type ImportStage =
  | { phase: 'uploading'; sent: number; total: number }
  | { phase: 'processing' }
  | { phase: 'writing'; done: number; total: number };

export type ImportOutcome = { data: unknown } | { error: FetchBaseQueryError };

export interface ImportRequest {
  url: string;
  /** The JSON body. */
  body: string;
  token: string | null;
  onStage: (stage: ImportStage) => void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** A progress line: `{ "progress": { "done": 2000, "total": 20000 } }`. */
function stageOf(line: unknown): ImportStage | null {
  if (!isRecord(line) || !isRecord(line.progress)) return null;
  const { done, total } = line.progress;
  return typeof done === 'number' && typeof total === 'number' ? { phase: 'writing', done, total } : null;
}

/** The answer of a progress stream: its last line, the SPEC's answer or `{ message, status }`. */
function streamOutcome(text: string, status: number): ImportOutcome {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const last = parsed(lines[lines.length - 1] ?? '');
  if (isRecord(last) && last.success === true) return { data: last };
  if (isRecord(last) && typeof last.message === 'string' && !('progress' in last)) {
    return { error: { status: typeof last.status === 'number' ? last.status : 500, data: last } };
  }
  // Cut short: the connection ended before the result (the server logged why).
  return { error: { status, data: {} } };
}

function outcomeOf(xhr: XMLHttpRequest): ImportOutcome {
  const text = xhr.responseText;
  if ((xhr.getResponseHeader('content-type') ?? '').includes(NDJSON)) return streamOutcome(text, 500);
  const data = text ? parsed(text) : undefined;
  // A body that is not JSON (a proxy's error page) carries no message: the screen's fallback shows.
  if (xhr.status >= 200 && xhr.status < 300) return { data };
  return { error: { status: xhr.status, data: data ?? {} } };
}

const UNREACHABLE: ImportOutcome = { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } };

/** Sends the import; the outcome is what fetchBaseQuery would have made of the same answer. */
export function sendImport({ url, body, token, onStage }: ImportRequest): Promise<ImportOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', `${NDJSON}, application/json;q=0.9`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    // Upload listeners must be in place before send(), or the browser reports nothing.
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : body.length;
      onStage({ phase: 'uploading', sent: Math.min(event.loaded, total), total });
    };
    xhr.upload.onload = () => onStage({ phase: 'processing' });
    let read = 0;
    xhr.onprogress = () => {
      if (!(xhr.getResponseHeader('content-type') ?? '').includes(NDJSON)) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      const stages = text.slice(read, end).split('\n').map(parsed).map(stageOf);
      read = end;
      const latest = stages.filter((stage) => stage !== null).at(-1);
      if (latest) onStage(latest);
    };
    xhr.onload = () => resolve(outcomeOf(xhr));
    xhr.onerror = () => resolve(UNREACHABLE);
    xhr.onabort = () => resolve(UNREACHABLE);
    xhr.ontimeout = () => resolve(UNREACHABLE);
    xhr.send(body);
  });
}
