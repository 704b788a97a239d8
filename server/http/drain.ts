// A request refused for its size is still read to its end (up to a bound) before the answer goes out:
// a client that is still uploading when the server answers and closes gets a reset connection instead
// of the 413, and ordinary HTTP clients (browsers, Node's fetch) then report a network error.
import type { IncomingMessage } from 'node:http';

export interface DrainLimits {
  /** Bytes read at most; past them the server answers anyway (and closes the connection). */
  maxBytes: number;
  /** How long a slow client is waited for. */
  timeoutMs: number;
}

export function drainRequest(raw: IncomingMessage, limits: DrainLimits): Promise<void> {
  return new Promise((resolve) => {
    if (raw.readableEnded || raw.destroyed) {
      resolve();
      return;
    }
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.timeoutMs);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}
