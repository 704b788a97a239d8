// The yardstick of the list endpoint: a bare Fastify route in its own process that sends the bytes the
// real `GET /api/passwords` answered, serialised once. PORT and BODY_FILE come from the environment.
import fs from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const bodyFile = process.env.BODY_FILE;
if (!port || !bodyFile) {
  process.stderr.write('PORT and BODY_FILE are required\n');
  process.exit(1);
}
const body = fs.readFileSync(bodyFile);

const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
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
