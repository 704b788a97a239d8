// Test helper (not used by the app): an in-memory stand-in for the vault API behind a mocked global
// `fetch`, the network boundary. It follows the server contract of SPEC section 7 and DESIGN.md.
import { STRENGTH_BANDS, type Category } from '../common/constants';
import { ENTRY_CHANGED_ELSEWHERE } from '../common/entry';
import { customFieldsProblem, listedFields, normaliseCustomFields } from '../common/customFields';
import { evaluatePassword } from '../common/passwordPolicy';
import { totpCodeAt, totpProblem } from '../common/totp';
import type {
  CustomField,
  HistoryItem,
  PasswordEntry,
  RevealedPasswordEntry,
  TrashedPasswordEntry,
  VaultHealth,
} from '../common/wire';
import { fakeMasterPassword, type FakeMasterPassword } from './fakeMasterPassword';
import { TestResponse, type TestRequest } from './fetchPolyfill';

export interface RecordedCall {
  method: string;
  /** Route pattern, e.g. 'PATCH /passwords/:id/favorite'. */
  route: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export interface Failure {
  status: number;
  message: string;
}

/** An entry in the trash, secrets and all, with when it was deleted. */
export type TrashedEntry = RevealedPasswordEntry & { deletedAt: string };

export interface FakeVault {
  entries: RevealedPasswordEntry[];
  /** Deleted entries, most recently deleted first (restorable, or purged with the master password). */
  trash: TrashedEntry[];
  /** The earlier passwords of each entry by id, newest first (edits add to it, at most 20). */
  history: Map<string, HistoryItem[]>;
  calls: RecordedCall[];
  /** Make every call of a route fail until removed, e.g. fail.set('GET /passwords', {...}). */
  fail: Map<string, Failure>;
  /** Calls of one route so far. */
  count: (route: string) => number;
  /** Make the calls of a route wait for an answer until `release()`, e.g. to see a window on its way. */
  hold: (route: string) => () => void;
  /** The server's master-password rules (attempts per session, the daily pause). */
  master: FakeMasterPassword;
}

let sequence = 0;

export function makeEntry(overrides: Partial<RevealedPasswordEntry> = {}): RevealedPasswordEntry {
  sequence += 1;
  const stamp = new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString();
  return {
    _id: `id-${sequence}`,
    title: `Entry ${sequence}`,
    email: `user${sequence}@example.com`,
    username: '',
    website: `https://site${sequence}.example.com`,
    category: 'other',
    isFavorite: false,
    tags: [],
    createdAt: stamp,
    updatedAt: stamp,
    password: `Secret-${sequence}!A`,
    notes: '',
    totp: '',
    totpCode: null,
    totpRemaining: null,
    fields: [],
    ...overrides,
    // As the server stores it at save: the strength of the password and when it last changed. How many
    // entries share it is counted when listed; a test may give any of the three.
    health: {
      strength: evaluatePassword(overrides.password ?? `Secret-${sequence}!A`).score,
      reusedIn: 0,
      passwordChangedAt: overrides.createdAt ?? stamp,
      ...overrides.health,
    },
    hasTotp: Boolean((overrides.totp ?? '').trim()),
    hasNotes: Boolean(overrides.notes),
  };
}

const HISTORY_LIMIT = 20;
const OLD_AFTER_MS = 365 * 24 * 60 * 60 * 1000;

/** Whether a password needs this care (the server's rules: server/modules/vault/health.ts). */
function needsCare(entry: PasswordEntry, kind: keyof Omit<VaultHealth, 'total'>, now: number): boolean {
  const { strength, reusedIn, passwordChangedAt } = entry.health;
  if (kind === 'weak') return strength !== null && strength < STRENGTH_BANDS[1];
  if (kind === 'reused') return reusedIn > 1;
  return passwordChangedAt !== null && Date.parse(passwordChangedAt) < now - OLD_AFTER_MS;
}

/** What lists carry: no secret, whether there is a TOTP, and the values of the fields that are not hidden. */
function publicEntry(entry: RevealedPasswordEntry, others: RevealedPasswordEntry[] = []): PasswordEntry {
  // How many of the vault's entries use this password (0 when only this one), as the server counts it.
  const sharing = others.filter((other) => other.password === entry.password).length;
  const listed = listedEntry(entry);
  return { ...listed, health: { ...listed.health, reusedIn: sharing > 1 ? sharing : 0 } };
}

function listedEntry({
  password: _password,
  notes,
  totp,
  totpCode: _code,
  totpRemaining: _remaining,
  fields,
  ...entry
}: RevealedPasswordEntry): PasswordEntry {
  return {
    ...entry,
    hasTotp: Boolean(totp?.trim()),
    hasNotes: Boolean(notes),
    fields: listedFields(fields ?? []),
  };
}

/** What `POST /passwords/{id}/view` answers: every secret, and the TOTP's code of this moment. */
function revealedEntry(entry: RevealedPasswordEntry): RevealedPasswordEntry {
  const current = totpCodeAt(entry.totp ?? '', Date.now());
  return {
    ...entry,
    hasTotp: current !== null,
    hasNotes: Boolean(entry.notes),
    totp: entry.totp ?? '',
    totpCode: current?.code ?? null,
    totpRemaining: current?.remaining ?? null,
    fields: entry.fields ?? [],
  };
}

/** The server's checks of a save's TOTP and fields: the message of a 400, or null. */
function saveProblem(fields: Record<string, unknown>): string | null {
  if (typeof fields.totp === 'string') {
    const problem = totpProblem(fields.totp);
    if (problem) return problem;
  }
  if (Array.isArray(fields.fields)) return customFieldsProblem(fields.fields as CustomField[]);
  return null;
}

/** A save's TOTP and fields as the server keeps them (fields replaced when sent, kept when omitted). */
function savedSecrets(fields: Record<string, unknown>): Partial<RevealedPasswordEntry> {
  const saved: Partial<RevealedPasswordEntry> = {};
  if (typeof fields.totp === 'string') {
    saved.totp = fields.totp.trim();
    saved.hasTotp = saved.totp !== '';
  }
  if (Array.isArray(fields.fields)) saved.fields = normaliseCustomFields(fields.fields as CustomField[]);
  return saved;
}

/** The server's list order: newest first, then by id. */
function newestFirst(
  a: Pick<PasswordEntry, 'createdAt' | '_id'>,
  b: Pick<PasswordEntry, 'createdAt' | '_id'>,
) {
  return b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
}

/** An opaque cursor, as far as the app can tell: the last entry of a window. */
function cursorOf(entry: PasswordEntry): string {
  return btoa(JSON.stringify([entry.createdAt, entry._id]));
}

function cursorEntry(cursor: string): Pick<PasswordEntry, 'createdAt' | '_id'> {
  const [createdAt, _id] = JSON.parse(atob(cursor)) as [string, string];
  return { createdAt, _id };
}

const ROUTES: [string, RegExp][] = [
  ['GET /passwords/stats', /^\/passwords\/stats$/],
  ['GET /passwords/health', /^\/passwords\/health$/],
  ['GET /passwords/trash', /^\/passwords\/trash$/],
  ['DELETE /passwords/trash', /^\/passwords\/trash$/],
  ['POST /passwords/:id/history', /^\/passwords\/([^/]+)\/history$/],
  ['POST /passwords/:id/restore', /^\/passwords\/([^/]+)\/restore$/],
  ['DELETE /passwords/:id/purge', /^\/passwords\/([^/]+)\/purge$/],
  ['POST /passwords/:id/view', /^\/passwords\/([^/]+)\/view$/],
  ['PATCH /passwords/:id/favorite', /^\/passwords\/([^/]+)\/favorite$/],
  ['PUT /passwords/:id', /^\/passwords\/([^/]+)$/],
  ['DELETE /passwords/:id', /^\/passwords\/([^/]+)$/],
  ['GET /passwords', /^\/passwords$/],
  ['POST /passwords', /^\/passwords$/],
  ['POST /auth/verify-master', /^\/auth\/verify-master$/],
  ['GET /auth/master-password/status', /^\/auth\/master-password\/status$/],
  ['POST /auth/master-password/unlock-code', /^\/auth\/master-password\/unlock-code$/],
  ['POST /auth/master-password/unlock', /^\/auth\/master-password\/unlock$/],
  ['POST /auth/logout', /^\/auth\/logout$/],
];

const json = (status: number, body: unknown) =>
  new TestResponse(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function installFakeVault(
  initial: RevealedPasswordEntry[] = [],
  masterPassword = 'Master#Pass1',
): FakeVault {
  const held = new Map<string, Promise<void>>();
  const vault: FakeVault = {
    entries: [...initial],
    trash: [],
    history: new Map(),
    calls: [],
    fail: new Map(),
    count: (route) => vault.calls.filter((call) => call.route === route).length,
    hold: (route) => {
      let release: () => void = () => undefined;
      held.set(
        route,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(route);
        release();
      };
    },
    master: fakeMasterPassword(masterPassword),
  };

  const answer = (
    route: string,
    id: string | undefined,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ) => {
    const inTrash = ['POST /passwords/:id/restore', 'DELETE /passwords/:id/purge'].includes(route);
    const index = (inTrash ? vault.trash : vault.entries).findIndex((entry) => entry._id === id);
    const needsMaster = [
      'POST /passwords',
      'PUT /passwords/:id',
      'DELETE /passwords/:id',
      'POST /passwords/:id/view',
      'POST /passwords/:id/history',
      'DELETE /passwords/:id/purge',
      'DELETE /passwords/trash',
    ];
    const listed = (entry: RevealedPasswordEntry) => publicEntry(entry, vault.entries);
    const masterRoute = vault.master.routes[route];
    if (masterRoute) {
      const answered = masterRoute(body);
      return json(answered.status ?? 200, answered.body);
    }
    if (needsMaster.includes(route)) {
      const refused = vault.master.check(body.masterPassword);
      if (refused) return json(refused.status ?? 401, refused.body);
    }
    if (id !== undefined && index < 0) return json(404, { message: 'Password not found' });
    switch (route) {
      case 'GET /passwords': {
        const search = (query.get('search') ?? '').toLowerCase();
        const limit = Number(query.get('limit') ?? 0);
        const list = [...vault.entries]
          .sort(newestFirst)
          .filter(
            (e) =>
              !search ||
              [e.title, e.website, e.username, e.email].some((f) => f.toLowerCase().includes(search)),
          )
          .filter((e) => !query.get('category') || e.category === query.get('category'))
          .filter((e) => query.get('favorite') !== 'true' || e.isFavorite)
          .filter((e) => {
            const health = query.get('health') as keyof Omit<VaultHealth, 'total'> | null;
            return !health || needsCare(listed(e), health, Date.now());
          });
        // Paging as the server does it: the window starts after the entry the cursor names, or after
        // `offset` entries of the list.
        const cursor = query.get('cursor');
        const offset = Number(query.get('offset') ?? 0);
        const after = cursor
          ? list.filter((e) => newestFirst(e, cursorEntry(cursor)) > 0)
          : list.slice(offset);
        const page = after.slice(0, limit || undefined);
        const more = limit > 0 && after.length > limit;
        return json(200, {
          success: true,
          data: {
            passwords: page.map(listed),
            nextCursor: more ? cursorOf(page[page.length - 1]) : null,
            total: list.length,
          },
        });
      }
      case 'GET /passwords/stats': {
        const categories: Partial<Record<Category, number>> = {};
        vault.entries.forEach((e) => (categories[e.category] = (categories[e.category] ?? 0) + 1));
        const favorites = vault.entries.filter((e) => e.isFavorite).length;
        return json(200, { data: { total: vault.entries.length, favorites, categories } });
      }
      case 'GET /passwords/health': {
        const now = Date.now();
        const all = vault.entries.map(listed);
        const count = (kind: keyof Omit<VaultHealth, 'total'>) =>
          all.filter((entry) => needsCare(entry, kind, now)).length;
        const data: VaultHealth = {
          total: all.length,
          weak: count('weak'),
          reused: count('reused'),
          old: count('old'),
        };
        return json(200, { success: true, data });
      }
      case 'GET /passwords/trash': {
        const passwords: TrashedPasswordEntry[] = vault.trash.map((entry) => ({
          ...listed(entry),
          deletedAt: entry.deletedAt,
        }));
        return json(200, { success: true, data: { passwords } });
      }
      case 'POST /passwords/:id/restore': {
        const [{ deletedAt: _deleted, ...entry }] = vault.trash.splice(index, 1);
        vault.entries.push(entry);
        return json(200, { success: true, message: 'Password restored', data: { password: listed(entry) } });
      }
      case 'DELETE /passwords/trash': {
        const through = String(body.through);
        const purged = vault.trash.filter((entry) => entry.deletedAt <= through);
        vault.trash = vault.trash.filter((entry) => entry.deletedAt > through);
        purged.forEach((entry) => vault.history.delete(entry._id));
        return json(200, { success: true, message: 'Trash emptied', data: { deleted: purged.length } });
      }
      case 'DELETE /passwords/:id/purge':
        vault.trash.splice(index, 1);
        vault.history.delete(id ?? '');
        return json(200, { success: true, message: 'Password deleted permanently' });
      case 'POST /passwords/:id/history':
        return json(200, { success: true, data: { history: vault.history.get(id ?? '') ?? [] } });
      case 'POST /passwords': {
        const { masterPassword: _m, ...fields } = body;
        const problem = saveProblem(fields);
        if (problem) return json(400, { message: problem });
        const entry = makeEntry({
          ...(fields as Partial<RevealedPasswordEntry>),
          ...savedSecrets(fields),
          createdAt: new Date().toISOString(),
        });
        vault.entries.push(entry);
        return json(201, {
          message: 'Password created successfully',
          data: { password: listed(entry) },
        });
      }
      case 'PUT /passwords/:id': {
        const { masterPassword: _m, ifUpdatedAt, ...fields } = body;
        const problem = saveProblem(fields);
        if (problem) return json(400, { message: problem });
        const before = vault.entries[index];
        if (ifUpdatedAt !== undefined && ifUpdatedAt !== before.updatedAt) {
          return json(409, { message: ENTRY_CHANGED_ELSEWHERE });
        }
        const updated = {
          ...before,
          ...(fields as Partial<RevealedPasswordEntry>),
          ...savedSecrets(fields),
          // Later than before, even within one millisecond (or under fake timers).
          updatedAt: new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString(),
        };
        // A new password: the old one goes to the history, and the health is worked out again.
        if (typeof fields.password === 'string' && fields.password !== before.password) {
          const changedAt = new Date().toISOString();
          const earlier = [
            { password: before.password, changedAt },
            ...(vault.history.get(before._id) ?? []),
          ];
          vault.history.set(before._id, earlier.slice(0, HISTORY_LIMIT));
          updated.health = {
            ...before.health,
            strength: evaluatePassword(fields.password).score,
            passwordChangedAt: changedAt,
          };
        }
        vault.entries[index] = updated;
        return json(200, {
          message: 'Password updated successfully',
          data: { password: listed(updated) },
        });
      }
      case 'DELETE /passwords/:id': {
        const [entry] = vault.entries.splice(index, 1);
        vault.trash.unshift({ ...entry, deletedAt: new Date().toISOString() });
        return json(200, { message: 'Password deleted successfully' });
      }
      case 'POST /passwords/:id/view':
        return json(200, { data: { password: revealedEntry(vault.entries[index]) } });
      case 'PATCH /passwords/:id/favorite': {
        const entry = { ...vault.entries[index], isFavorite: !vault.entries[index].isFavorite };
        vault.entries[index] = entry;
        const message = entry.isFavorite ? 'Added to favorites' : 'Removed from favorites';
        return json(200, { message, data: { password: listed(entry) } });
      }
      default:
        return json(200, { message: 'OK' });
    }
  };

  const fetchMock = jest.fn(async (request: TestRequest) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^.*?\/api(?=\/)/, '');
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const match = ROUTES.find(
      ([route, pattern]) => route.startsWith(`${request.method} `) && pattern.test(path),
    );
    if (!match) return json(404, { message: `No fake for ${request.method} ${path}` });
    const [route, pattern] = match;
    vault.calls.push({ method: request.method, route, path, query: url.searchParams, body });
    await held.get(route);
    const failure = vault.fail.get(route);
    if (failure) return json(failure.status, { message: failure.message });
    const id = pattern.exec(path)?.[1];
    return answer(route, id === undefined ? undefined : decodeURIComponent(id), url.searchParams, body ?? {});
  });
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  return vault;
}
