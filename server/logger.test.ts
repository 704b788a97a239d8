// The request log: one line per answered request (not two), with the path but never the query string.
import { createUser } from './test/fixtures';
import { startTestApp, type TestApp } from './test/testApp';

describe('the request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('writes one line per answered request, with its path, status and time', async () => {
    const user = await createUser(t);
    const before = t.logLines.length;
    await t.app.inject({
      method: 'GET',
      url: '/api/passwords?search=private-term&limit=5',
      headers: user.auth,
    });
    await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const lines = t.logLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/passwords' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/nothing-here' }),
        res: { statusCode: 404 },
      }),
    ]);
    expect(t.logLines.slice(before).join('\n')).not.toContain('private-term');
  });
});
