// A body over the limit gets its 413 as an answer an ordinary HTTP client can read: the server reads
// the rest of what the client is sending before it answers, instead of resetting the upload.
import net from 'node:net';
import { IMPORT_MAX_BYTES } from '../../src/common/limits';
import { createUser, type TestUser } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/testApp';

describe('bodies over the limit', () => {
  let t: TestApp;
  let user: TestUser;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const oversized = () =>
    JSON.stringify({
      masterPassword: user.masterPassword,
      data: 'a'.repeat(IMPORT_MAX_BYTES + 1024 * 1024),
      format: 'csv',
    });

  it('answers a 21 MB import with a valid token 413 that fetch reads', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/utility/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.auth.authorization },
      body: oversized(),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large (limit 20 MB)' });
  });

  it('lets a slow client finish its upload, then answers 413 (no reset connection)', async () => {
    const body = Buffer.from(oversized());
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    const writeErrors: Error[] = [];
    socket.on('error', (error) => writeErrors.push(error));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

    socket.write(
      [
        'POST /api/utility/import HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Authorization: ${user.auth.authorization}`,
        `Content-Length: ${body.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    // The first megabyte, a pause in which the server decides, then the rest in pieces.
    const chunk = 1024 * 1024;
    socket.write(body.subarray(0, chunk));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Buffer.concat(received).length).toBe(0); // no answer while the upload goes on
    for (let at = chunk; at < body.length; at += chunk) {
      await new Promise<void>((resolve, reject) =>
        socket.write(body.subarray(at, at + chunk), (error) => (error ? reject(error) : resolve())),
      );
    }
    await closed;
    expect(writeErrors).toEqual([]);
    const answer = Buffer.concat(received).toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"Request body is too large (limit 20 MB)"}');
  });
});
