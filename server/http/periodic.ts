// Housekeeping a running server does on its own (purging the expired trash, old access-log lines):
// once when the app is ready, then every `everyMs`, never keeping the process alive, and finished
// before the app closes. Each task must be safe when several processes run it at once.
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  name: string,
  task: () => Promise<unknown>,
  everyMs: number,
): void {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running = task().catch((error: unknown) => app.log.warn({ err: error }, `${name} failed`));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
