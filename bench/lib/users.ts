// Accounts for the bench, made the way a person makes them: register through the API, read the code from
// the mail the bench's SMTP server received, verify. Plus the vault files that fill them.
import { CATEGORIES } from '../../src/common/constants';
import { codeFrom, type TestSmtpServer } from '../../server/test/smtpServer';
import { call, expectStatus } from './http';

export interface BenchUser {
  index: number;
  email: string;
  password: string;
  masterPassword: string;
  /** The loopback address this user's calls come from (its own per-IP limits). */
  address: string;
  /** The session opened by the verification. */
  token: string;
}

const RUN_ID = Date.now().toString(36);

export function newUser(index: number, address: string): Omit<BenchUser, 'token'> {
  return {
    index,
    email: `bench${index}.${RUN_ID}@example.test`,
    password: 'Harbour7!Lantern',
    masterPassword: 'Quartz9$Meadow',
    address,
  };
}

/** Registers, reads the code from the mail, verifies: a signed-in user. */
export async function registerUser(
  baseUrl: string,
  smtp: TestSmtpServer,
  user: Omit<BenchUser, 'token'>,
): Promise<BenchUser> {
  const mail = smtp.nextCodeMailTo(user.email, 30_000);
  // An unread rejection would crash the run if the registration fails first.
  mail.catch(() => undefined);
  const started = await expectStatus(201, baseUrl, '/api/auth/register', {
    localAddress: user.address,
    body: {
      firstName: 'Bench',
      lastName: `User${user.index}`,
      email: user.email,
      password: user.password,
      masterPassword: user.masterPassword,
    },
  });
  const otp = codeFrom(await mail);
  const verified = await expectStatus(201, baseUrl, '/api/auth/verify-registration-otp', {
    localAddress: user.address,
    body: {
      email: user.email,
      otp,
      registrationId: (started.json as { registrationId?: string }).registrationId,
    },
  });
  const token = (verified.json as { token?: string }).token;
  if (!token) throw new Error('the verification answered no token');
  return { ...user, token };
}

/** One sign-in through the API; answers the round trip and the new token. */
export async function signIn(
  baseUrl: string,
  user: Pick<BenchUser, 'email' | 'password' | 'address'>,
): Promise<{ ms: number; token: string }> {
  const result = await call(baseUrl, '/api/auth/login', {
    localAddress: user.address,
    body: { email: user.email, password: user.password },
  });
  const token = (result.json as { data?: { token?: string } } | undefined)?.data?.token;
  if (result.status !== 200 || !token) {
    throw new Error(
      `sign-in of ${user.email}: ${result.status} ${result.raw.toString('utf8').slice(0, 200)}`,
    );
  }
  return { ms: result.ms, token };
}

// ---- Vault files ----

/**
 * Site names for titles. Only the one marked below contains a "z", so typing "z" in search narrows a
 * vault of any size (a multiple of 20) to exactly a twentieth: 100 -> 5, 10,000 -> 500, 100,000 -> 5,000
 * (title, website, username and e-mail are searched; none of the other generated fields has a "z").
 */
const SITES = [
  'Github',
  'Gitlab',
  'Netflix',
  'Spotify',
  'Amazon', // z
  'Paypal',
  'Dropbox',
  'Slack',
  'Figma',
  'Notion',
  'Reddit',
  'Twitch',
  'Discord',
  'Steam',
  'Adobe',
  'Atlassian',
  'Bitbucket',
  'Cloudflare',
  'Heroku',
  'Linear',
] as const;

/** The letter that narrows the list when typed in search. */
export const NARROWING_KEY = 'z';

export interface VaultEntryFile {
  title: string;
  email: string;
  username: string;
  password: string;
  website: string;
  category: string;
  isFavorite: boolean;
  notes: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A PassVault JSON export of `count` entries (the format `POST /api/utility/import` reads): entries
 * `offset` .. `offset + count - 1`, one minute apart in createdAt, so the parts of a vault filled in
 * several uploads are distinct entries and the later parts are the newer ones. A file of another
 * `generation` holds the same entries (title, site, login) with other passwords.
 */
export function vaultFile(count: number, offset = 0, generation = 0): string {
  const passwords: VaultEntryFile[] = Array.from({ length: count }, (_, n) => {
    const i = offset + n;
    const site = SITES[i % SITES.length];
    const slug = site.toLowerCase();
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
    return {
      title: `${site} ${i}`,
      email: i % 4 === 3 ? '' : `user${i}@mail.test`,
      username: i % 4 === 3 ? `user_${i}` : '',
      password: `Pa$$w0rd-${i}-${generation === 0 ? 'x'.repeat(12) : `changed-${generation}`}`,
      website: `https://${slug}.example.com/login`,
      category: CATEGORIES[i % CATEGORIES.length],
      isFavorite: i % 7 === 0,
      notes: i % 3 === 0 ? `Note for entry ${i}, with a comma and "quotes"\nsecond line` : '',
      tags: i % 2 === 0 ? ['imported', `group-${i % 10}`] : [],
      createdAt: at,
      updatedAt: at,
    };
  });
  return JSON.stringify({ version: 1, exportedAt: new Date().toISOString(), passwords });
}

export interface ImportAnswer {
  ms: number;
  imported: number;
  updated: number;
}

/** Imports a vault file for `user` (with the dialog's options, when given); answers the round trip. */
export async function importVault(
  baseUrl: string,
  user: BenchUser,
  data: string,
  options?: { updateExisting: boolean },
): Promise<ImportAnswer> {
  const result = await expectStatus(200, baseUrl, '/api/utility/import', {
    token: user.token,
    localAddress: user.address,
    body: { masterPassword: user.masterPassword, data, format: 'json', ...(options ? { options } : {}) },
    timeoutMs: 120_000,
  });
  const answer = (result.json as { data?: { imported?: number; updated?: number } }).data;
  return { ms: result.ms, imported: answer?.imported ?? 0, updated: answer?.updated ?? 0 };
}

export interface FilledVault {
  entries: number;
  /** Each upload's round trip, in order. */
  uploadsMs: number[];
  /** The size of each upload's file (the `data` string). */
  uploadBytes: number[];
}

/**
 * Fills `user`'s vault with `count` entries through the real import API, in `parts` uploads of distinct
 * entries (the file of each is made just before its upload, so only one is in memory at a time).
 */
export async function fillVault(
  baseUrl: string,
  user: BenchUser,
  count: number,
  parts = 1,
): Promise<FilledVault> {
  const result: FilledVault = { entries: 0, uploadsMs: [], uploadBytes: [] };
  const size = Math.ceil(count / parts);
  for (let offset = 0; offset < count; offset += size) {
    const part = Math.min(size, count - offset);
    const data = vaultFile(part, offset);
    const answer = await importVault(baseUrl, user, data);
    if (answer.imported !== part) {
      throw new Error(`upload at ${offset}: imported ${answer.imported} of ${part} entries`);
    }
    result.entries += part;
    result.uploadsMs.push(answer.ms);
    result.uploadBytes.push(Buffer.byteLength(data));
  }
  return result;
}
