// Two server processes on one database, as a deployment with several behind its proxy runs them: the
// tab is served by the first, the person's other device writes through the second. The first process
// keeps the list windows it answered and brings them up to date from the database's change log, so
// what the second wrote shows in the tab at its next read: no stale favourite, title or entry, before a
// reload and after it. Screens go to SECOND_PROCESS_SHOTS_DIR (default /tmp/second-process-shots).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_DIR, E2E_PORT } from './support/env';
import { lookAwayFor } from './support/focus';
import { shootScreen } from './support/screens';
import { COMPILED_SERVER, serverEnv, stopProcess, waitForAnswer } from './support/serverProcess';
import { newPerson, registerThroughApi, signIn } from './support/users';
import { addEntryThroughApi } from './support/vault';

const SHOTS_DIR = process.env.SECOND_PROCESS_SHOTS_DIR || '/tmp/second-process-shots';
const SECOND_PORT = E2E_PORT + 7;
const SECOND = `http://127.0.0.1:${SECOND_PORT}`;

let second: ChildProcess | undefined;

test.beforeAll(async () => {
  const log = fs.openSync(path.join(E2E_DIR, 'second-server.log'), 'a');
  // The server the global setup compiled and started, once more, on the same data folder (SQLite).
  second = spawn(process.execPath, [COMPILED_SERVER], {
    env: serverEnv(SECOND_PORT, path.join(E2E_DIR, 'data'), { TRUST_PROXY: '127.0.0.1' }),
    stdio: ['ignore', log, log],
  });
  await waitForAnswer(`${SECOND}/api/health`, second, { what: 'the second server', timeoutMs: 60_000 });
});

test.afterAll(() => stopProcess(second));

/** One call to the second process, as the person's phone. */
async function onSecond(
  request: APIRequestContext,
  token: string,
  method: string,
  route: string,
  data?: object,
) {
  const res = await request.fetch(`${SECOND}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { data?: { passwords?: { _id: string; title: string }[] } };
}

test('what another server process writes shows in the tab the first one serves', async ({
  page,
  request,
}) => {
  const person = newPerson('Mira');
  const phone = await registerThroughApi(request, person);
  for (const title of ['Alpha Mail', 'Beta Bank', 'Gamma Games']) {
    await addEntryThroughApi(request, phone, person.masterPassword, {
      title,
      username: `mira-${title.split(' ')[0].toLowerCase()}`,
      password: `Secret-${title.length}-9!`,
      website: `https://${title.split(' ')[0].toLowerCase()}.example`,
    });
  }
  await signIn(page, person);
  await page.goto('/passwords');
  const count = page.getByRole('status').filter({ hasText: /passwords?$/ });
  await expect(count).toHaveText('3 passwords');

  // The phone, through the second process: a favourite, a new title, a deletion.
  const listed = await onSecond(request, phone, 'GET', '/api/passwords');
  const idOf = (title: string) =>
    listed.data?.passwords?.find((entry) => entry.title === title)?._id as string;
  await onSecond(request, phone, 'PATCH', `/api/passwords/${idOf('Alpha Mail')}/favorite`);
  await onSecond(request, phone, 'PUT', `/api/passwords/${idOf('Beta Bank')}`, {
    title: 'Beta Savings',
    masterPassword: person.masterPassword,
  });
  await onSecond(request, phone, 'DELETE', `/api/passwords/${idOf('Gamma Games')}`, {
    masterPassword: person.masterPassword,
  });

  // Back in the tab: the first process's next read shows all three.
  // Away long enough for the tab to ask again when the person is back (refreshOnReturn.ts: 5 s).
  await lookAwayFor(page, 5200);
  await expect(count).toHaveText('2 passwords');
  await expect(page.getByRole('button', { name: 'Remove Alpha Mail from favorites' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Beta Savings' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Beta Bank' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Gamma Games' })).toHaveCount(0);

  // A favourite toggled in the tab (the first process), then read by the phone from the second.
  // The star turns at once (optimistic); the server's answer is what the second process can read.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/favorite') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Add Beta Savings to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove Beta Savings from favorites' })).toBeVisible();
  expect((await saved).ok()).toBe(true);
  const fromSecond = await onSecond(request, phone, 'GET', '/api/passwords?favorite=true');
  expect(fromSecond.data?.passwords?.map((entry) => entry.title).sort()).toEqual([
    'Alpha Mail',
    'Beta Savings',
  ]);

  // A reload asks the first process again: the same list.
  await page.reload();
  await expect(count).toHaveText('2 passwords');
  await expect(page.getByRole('button', { name: 'Remove Alpha Mail from favorites' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Beta Savings' })).toBeVisible();
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await shootScreen(page, SHOTS_DIR, 'after-second-process-writes');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 740 });
  await shootScreen(page, SHOTS_DIR, 'after-second-process-writes-dark-375');
});
