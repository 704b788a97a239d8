import { sendImport, type ImportStage } from './importRequest';
import { FakeXhr, installFakeXhr } from './xhrTestKit';

installFakeXhr();

const BODY = JSON.stringify({ masterPassword: 'Master#Pass1', data: 'x'.repeat(100), format: 'csv' });

function start(token: string | null = 'session-token') {
  FakeXhr.manual = true;
  const stages: ImportStage[] = [];
  const outcome = sendImport({
    url: '/api/utility/import',
    body: BODY,
    token,
    onStage: (stage) => stages.push(stage),
  });
  const xhr = FakeXhr.sent[0];
  return { stages, outcome, xhr };
}

describe('sendImport', () => {
  it('posts the JSON body with the bearer and asks for progress lines, plain JSON as well', () => {
    const { xhr } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/utility/import');
    expect(xhr.body).toBe(BODY);
    expect(Object.fromEntries(xhr.requestHeaders)).toEqual({
      accept: 'application/x-ndjson, application/json;q=0.9',
      authorization: 'Bearer session-token',
      'content-type': 'application/json',
    });
  });

  it('sends no authorization without a token', () => {
    const { xhr } = start(null);
    expect(xhr.requestHeaders.has('authorization')).toBe(false);
  });

  it('reports the upload, the server reading, then each progress line, and answers the last line', async () => {
    const { xhr, stages, outcome } = start();
    xhr.uploaded(40);
    xhr.uploaded(BODY.length);
    // A line may arrive in pieces: only whole lines count.
    xhr.receive('{"progress":{"done":0,"total":3}}\n{"progress":{"do');
    xhr.receive('ne":2,"total":3}}\n');
    const answer = { success: true, message: 'Import completed successfully', data: { imported: 3 } };
    xhr.receive(`${JSON.stringify(answer)}\n`);
    xhr.finish();
    expect(await outcome).toEqual({ data: answer });
    expect(stages).toEqual([
      { phase: 'uploading', sent: 40, total: BODY.length },
      { phase: 'uploading', sent: BODY.length, total: BODY.length },
      { phase: 'processing' },
      { phase: 'writing', done: 0, total: 3 },
      { phase: 'writing', done: 2, total: 3 },
    ]);
  });

  it('turns a last line with an error into a failure with its status', async () => {
    const { xhr, outcome } = start();
    xhr.receive('{"progress":{"done":0,"total":3}}\n{"message":"Internal server error","status":500}\n');
    xhr.finish();
    expect(await outcome).toEqual({
      error: { status: 500, data: { message: 'Internal server error', status: 500 } },
    });
  });

  it('takes a stream that ends before its result as a failure without a message', async () => {
    const { xhr, outcome } = start();
    xhr.receive('{"progress":{"done":0,"total":3}}\n');
    xhr.finish();
    expect(await outcome).toEqual({ error: { status: 500, data: {} } });
  });

  it('reads a plain JSON answer, success or refusal', async () => {
    const ok = start();
    ok.xhr.receive('{"success":true,"data":{"imported":1}}', 'application/json; charset=utf-8');
    ok.xhr.finish();
    expect(await ok.outcome).toEqual({ data: { success: true, data: { imported: 1 } } });

    FakeXhr.sent = [];
    const refused = start();
    refused.xhr.receive(
      '{"message":"Invalid master password","attemptsRemaining":2}',
      'application/json; charset=utf-8',
      401,
    );
    refused.xhr.finish();
    expect(await refused.outcome).toEqual({
      error: { status: 401, data: { message: 'Invalid master password', attemptsRemaining: 2 } },
    });
  });

  it('gives a proxy error page no message, and a network failure the fetch error', async () => {
    const page = start();
    page.xhr.receive('<html>Bad gateway</html>', 'text/html', 502);
    page.xhr.finish();
    expect(await page.outcome).toEqual({ error: { status: 502, data: {} } });

    FakeXhr.sent = [];
    const offline = start();
    offline.xhr.onerror?.({});
    expect(await offline.outcome).toEqual({
      error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
    });
  });
});
