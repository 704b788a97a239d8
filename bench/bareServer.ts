// The yardstick of the list endpoint: a bare Fastify route in its own process that sends the bytes the
// real `GET /api/passwords` answered, serialised once. `GET /bare/<n>` sends the n-th file of
// BODY_FILES (paths separated by the platform's delimiter, ":" here); PORT comes from the environment too.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const files = (process.env.BODY_FILES ?? '').split(path.delimiter).filter(Boolean);
if (!port || files.length === 0) {
  process.stderr.write('PORT and BODY_FILES are required\n');
  process.exit(1);
}
const bodies = files.map((file) => fs.readFileSync(file));

const app = Fastify({ logger: false });
app.get<{ Params: { n: string } }>('/bare/:n', (request, reply) => {
  const body = bodies[Number(request.params.n)];
  if (!body) return reply.code(404).send({ error: 'no such body' });
  return reply.type('application/json; charset=utf-8').send(body);
});
app.get('/health', (_request, reply) => reply.send({ status: 'ok' }));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}

app.listen({ host: '127.0.0.1', port }).catch((error: unknown) => {
  process.stderr.write(`bare server: ${(error as Error).message}\n`);
  process.exit(1);
});
