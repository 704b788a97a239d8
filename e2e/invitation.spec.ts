// Issue 16 in the browser: a server with sign-up closed refuses a stranger on the register screen; the
// operator's `npm run admin -- invite` link registers that person (code by e-mail, real SMTP), who then
// adds and reveals an entry and reads the reveal in Settings > Activity.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_DIR, E2E_PORT } from './support/env';
import { nextCode } from './support/mailbox';
import { serverEnv, stopProcess, waitForAnswer } from './support/serverProcess';
import { newPerson } from './support/users';
import { addEntry, enterMasterPassword } from './support/vault';

const PORT = E2E_PORT + 40;
const BASE = `http://127.0.0.1:${PORT}/`;
const run = promisify(execFile);
const tsx = path.join('node_modules', 'tsx', 'dist', 'cli.mjs');

const DATA_DIR = path.join(E2E_DIR, 'closed-data');
/** The closed server's environment, which the admin command shares. */
const ENV = serverEnv(PORT, DATA_DIR, { SIGNUPS: 'closed', PUBLIC_URL: BASE });

let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const log = fs.openSync(path.join(E2E_DIR, 'closed-server.log'), 'a');
  server = spawn(process.execPath, [tsx, 'server/start.ts'], { env: ENV, stdio: ['ignore', log, log] });
  await waitForAnswer(`${BASE}api/health`, server, { what: 'the closed server', timeoutMs: 170_000 });
});

test.afterAll(() => stopProcess(server));

test('sign-up closed: a stranger is refused, an invited person registers and sees a reveal in Activity', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const person = newPerson('Ines');
  const fillRegistration = async () => {
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Account password', { exact: true }).fill(person.password);
    await page.getByLabel('Master password', { exact: true }).fill(person.masterPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
  };

  await page.goto(`${BASE}register`);
  await fillRegistration();
  await expect(
    page.getByText('Sign-up is closed on this server. Ask its administrator for an invitation.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  const { stdout } = await run(process.execPath, [tsx, 'server/admin/main.ts', 'invite', person.email], {
    env: ENV,
  });
  const link = stdout.split('\n').find((line) => line.startsWith(BASE)) ?? '';
  expect(link).toMatch(/\/register\?invite=[A-Za-z0-9_-]{43}$/);
  expect(stdout).toContain(`Mailed to ${person.email}.`);

  await page.goto(link);
  await fillRegistration();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await page.getByLabel('Verification code').fill(await nextCode(person.email));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const entry = {
    title: 'Invited Mail',
    login: person.email,
    password: 'In-7!vited-Pass',
    website: 'https://mail.example.test',
    category: 'work',
  };
  await page.goto(`${BASE}passwords`);
  await addEntry(page, entry, person.masterPassword);
  const card = page.getByRole('article', { name: entry.title });
  await card.getByRole('button', { name: `Reveal password for ${entry.title}` }).click();
  await enterMasterPassword(page, person.masterPassword);
  await expect(card.getByText(entry.password)).toBeVisible();

  await page.goto(`${BASE}settings?tab=activity`);
  const lines = page.getByRole('list', { name: 'Account activity' }).getByRole('listitem');
  await expect(lines.first()).toContainText(`Revealed ${entry.title}`);
  await expect(lines.filter({ hasText: `Created ${entry.title}` })).toHaveCount(1);
});
