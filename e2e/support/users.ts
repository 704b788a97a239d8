// People for the journeys: unique e-mails, passwords that meet the policy, and a fast way to get an
// account through the real API (the code still arrives by e-mail through the real SMTP server).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { mailCount, nextCode } from './mailbox';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  masterPassword: string;
}

let counter = 0;

export function newPerson(firstName = 'Ada'): Person {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    firstName,
    lastName: 'Lovelace',
    email: `${firstName.toLowerCase()}.${id}@example.test`,
    password: 'Harbour7!Lantern',
    masterPassword: 'Quartz9$Meadow',
  };
}

/**
 * Registers and verifies through the API; answers the session token. `base` is where the app is served
 * (a proxy's sub-path, say); by default the configured baseURL.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  person: Person,
  base = '/',
): Promise<string> {
  const before = mailCount(person.email);
  const started = await request.post(`${base}api/auth/register`, {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password: person.password,
      masterPassword: person.masterPassword,
    },
  });
  expect(started.status()).toBe(201);
  const { registrationId } = (await started.json()) as { registrationId: string };
  const otp = await nextCode(person.email, before);
  const verified = await request.post(`${base}api/auth/verify-registration-otp`, {
    data: { email: person.email, otp, registrationId },
  });
  expect(verified.status()).toBe(201);
  return ((await verified.json()) as { token: string }).token;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, person: Person, password = person.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A signed-in browser for a new person, set up through the API. */
export async function signedInPerson(
  page: Page,
  request: APIRequestContext,
  firstName = 'Ada',
): Promise<Person> {
  const person = newPerson(firstName);
  await registerThroughApi(request, person);
  await signIn(page, person);
  return person;
}

/**
 * Signs out with the top bar's button and waits until the session is gone. Logout should land on /
 * (accounts.spec.ts checks that); from a private page it can land on /login when the page renders
 * slowly (src/app/topbar/useLogout.ts: the session ends before the router's transition to / commits),
 * so the journeys that only need to be signed out accept either.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  // SPEC section 2: logout returns to /.
  await expect(page).toHaveURL(/\/$/);
}

/** Fills the login form and presses Sign In, without waiting for any outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
