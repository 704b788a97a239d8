// Starts the real parts for the end-to-end run: an SMTP server that files every mail it receives,
// and the product itself (`server/start.ts`: builds the app if stale, migrates a fresh SQLite database).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpServer } from '../../server/test/smtpServer';
import { E2E_BASE_URL, E2E_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT } from './env';

async function waitForHealth(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${E2E_BASE_URL}/api/health within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });

  let counter = 0;
  const smtp = await startSmtpServer({
    port: E2E_SMTP_PORT,
    onMail(mail) {
      counter += 1;
      const file = path.join(E2E_MAIL_DIR, `${Date.now()}-${String(counter).padStart(5, '0')}.json`);
      fs.writeFileSync(file, JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }));
    },
  });

  const log = fs.openSync(path.join(E2E_DIR, 'server.log'), 'a');
  // What `npm start` runs: the server compiled into .server-build, then started on node alone.
  const server = spawn(process.execPath, [path.join('build', 'start.mjs')], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(E2E_DIR, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      DATABASE_URL: '',
      BASE_PATH: '',
      // As behind a proxy on the same host: journeys that set up state through the API may say which
      // client they are (X-Forwarded-For), so per-address limits count them apart from the browser.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(server, 180_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    await smtp.close();
  };
}
