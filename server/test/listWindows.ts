// Reading GET /api/passwords as a client does: one window, or every window following the cursors.
import type { PasswordListPage } from '../../src/common/wire';
import type { TestUser } from './fixtures';
import type { TestApp } from './testApp';

/** One window of `user`'s list. */
export async function listPage(
  t: TestApp,
  user: TestUser,
  query: Record<string, string>,
): Promise<PasswordListPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/passwords?${new URLSearchParams(query).toString()}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Follows the cursors to the end: every window's titles, and the totals they reported. */
export async function walkList(t: TestApp, user: TestUser, query: Record<string, string>) {
  const windows: string[][] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  do {
    const answer: PasswordListPage = await listPage(t, user, cursor ? { ...query, cursor } : query);
    windows.push(answer.passwords.map((entry) => entry.title));
    totals.add(answer.total);
    cursor = answer.nextCursor;
  } while (cursor);
  return { windows, totals: [...totals] };
}
