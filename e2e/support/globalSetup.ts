// Starts the real parts for the end-to-end run: an SMTP server that files every mail it receives,
// and the product itself (`server/start.ts`: builds the app if stale, migrates a fresh SQLite database).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpServer } from '../../server/test/smtpServer';
import { E2E_BASE_URL, E2E_DIR, E2E_MAIL_DIR, E2E_PORT, E2E_SMTP_PORT } from './env';
import { serverEnv, stopProcess, waitForAnswer } from './serverProcess';

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
    // As behind a proxy on the same host: journeys that set up state through the API may say which
    // client they are (X-Forwarded-For), so per-address limits count them apart from the browser.
    env: serverEnv(E2E_PORT, path.join(E2E_DIR, 'data'), { TRUST_PROXY: '127.0.0.1' }),
    stdio: ['ignore', log, log],
  });
  await waitForAnswer(`${E2E_BASE_URL}/api/health`, server, { what: 'the server', timeoutMs: 180_000 });

  return async () => {
    await stopProcess(server);
    await smtp.close();
  };
}
