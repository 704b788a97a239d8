// Helpers for the auth integration tests: requests as the browser makes them, a registered user in one call,
// and a record of every secret used so a test can prove none of them reached the log.
import type { LightMyRequestResponse } from 'fastify';
import { codeFrom } from './smtpServer';
import type { TestApp } from './testApp';
import type { UserDto } from '../modules/auth/auth.schemas';

export const PASSWORD = 'Blue7&Harbor';
export const NEW_PASSWORD = 'Green5$Meadow';
export const MASTER_PASSWORD = 'Quiet4!Lantern';

let counter = 0;

/** A fresh address per call, so users of one test never meet those of another. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${process.pid}.${counter}@example.com`;
}

/** A fresh client address per call: per-IP limits of one test never touch another's. */
export function uniqueIp(): string {
  counter += 1;
  return `10.${(process.pid >> 8) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** Every password, code and token a test used; `assertNoSecretsLogged` looks for them in the log. */
export const secretsUsed = new Set<string>([PASSWORD, NEW_PASSWORD, MASTER_PASSWORD]);

export interface RequestOptions {
  token?: string;
  ip?: string;
}

export function post(
  t: TestApp,
  path: string,
  body: object,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    payload: body,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip,
  });
}

export function get(t: TestApp, path: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
  if (options.token) secretsUsed.add(options.token);
  return t.app.inject({
    method: 'GET',
    url: `/api/auth${path}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip,
  });
}

/** The code of the next mail to `email`, read from the test's SMTP server. */
export async function nextCode(t: TestApp, email: string): Promise<string> {
  const code = codeFrom(await t.smtp.nextCodeMailTo(email));
  secretsUsed.add(code);
  return code;
}

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  masterPassword: string;
}

export function registration(email: string, overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    masterPassword: MASTER_PASSWORD,
    ...overrides,
  };
}

export interface RegisteredUser {
  email: string;
  password: string;
  user: UserDto;
  token: string;
}

/** Register, read the code from the mail, verify: a signed-in user. */
export async function registerUser(
  t: TestApp,
  email = uniqueEmail('user'),
  ip = uniqueIp(),
): Promise<RegisteredUser> {
  const started = await post(t, '/register', registration(email), { ip });
  if (started.statusCode !== 201) throw new Error(`register answered ${started.statusCode}: ${started.body}`);
  const { registrationId } = started.json() as { registrationId: string };
  const otp = await nextCode(t, email);
  const verified = await post(t, '/verify-registration-otp', { email, otp, registrationId }, { ip });
  if (verified.statusCode !== 201)
    throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  const { user, token } = verified.json() as { user: UserDto; token: string };
  secretsUsed.add(token);
  return { email, password: PASSWORD, user, token };
}

export async function login(
  t: TestApp,
  email: string,
  password: string,
  ip = uniqueIp(),
): Promise<LightMyRequestResponse> {
  const res = await post(t, '/login', { email, password }, { ip });
  if (res.statusCode === 200) {
    const token = (res.json() as { data?: { token?: string } }).data?.token;
    if (token) secretsUsed.add(token);
  }
  return res;
}

/** Fails the test when any secret used so far appears in a log line (codes as whole numbers only). */
export function assertNoSecretsLogged(t: TestApp): void {
  expect(t.logLines.length).toBeGreaterThan(0);
  const log = t.logLines.join('\n');
  for (const secret of secretsUsed) {
    const pattern = /^\d+$/.test(secret)
      ? new RegExp(`(?<!\\d)${secret}(?!\\d)`)
      : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    expect({ secret, found: pattern.test(log) }).toEqual({ secret, found: false });
  }
}

export const USER_KEYS = ['_id', 'createdAt', 'email', 'firstName', 'lastName', 'twoFactorEnabled'];
