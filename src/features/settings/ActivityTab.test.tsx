// Issue 15, Settings > Activity: the access log, 50 lines a page with Load more; loading, empty and
// error states; and one entry's log (EntryActivityList) for the entry's own view.
import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityAction, ActivityItem } from '../../common/activity';
import { installFakeAccount } from '../../test/fakeAccountServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { renderSettings, signedInStore } from '../../test/renderSettings';
import { EntryActivityList } from './EntryActivityList';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** `count` lines, newest first, one minute apart, ending now. */
function lines(count: number, overrides: Partial<ActivityItem> = {}): ActivityItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `line-${index + 1}`,
    action: 'reveal' as ActivityAction,
    actor: 'user' as const,
    entryId: 'gmail',
    entryTitle: 'Gmail',
    ip: '203.0.113.7',
    userAgent: CHROME_LINUX,
    createdAt: new Date(Date.now() - index * 60_000).toISOString(),
    ...overrides,
  }));
}

async function openActivity() {
  const view = await renderSettings({ tab: 'activity' });
  return { ...view, panel: screen.getByRole('tabpanel', { name: 'Activity' }) };
}

const logOf = (panel: HTMLElement) => within(panel).findByRole('list', { name: 'Account activity' });

test('each line: what was done to which entry, when, from which address and browser', async () => {
  const now = Date.now();
  installFakeAccount({
    activity: [
      {
        id: '3',
        action: 'reveal',
        actor: 'user',
        entryId: 'gmail',
        entryTitle: 'Gmail',
        ip: '203.0.113.7',
        userAgent: CHROME_LINUX,
        createdAt: new Date(now - 5 * 60_000).toISOString(),
      },
      {
        id: '2',
        action: 'admin-revoke-sessions',
        actor: 'operator',
        entryId: null,
        entryTitle: null,
        ip: null,
        userAgent: null,
        createdAt: new Date(now - 3 * 3_600_000).toISOString(),
      },
      {
        id: '1',
        action: 'sign-in',
        actor: 'user',
        entryId: null,
        entryTitle: null,
        ip: '198.51.100.4',
        userAgent: FIREFOX_WINDOWS,
        createdAt: new Date(now - 2 * 86_400_000).toISOString(),
      },
    ],
  });
  const { panel } = await openActivity();
  expect(within(panel).getByRole('heading', { name: 'Activity' })).toBeInTheDocument();
  const items = within(await logOf(panel)).getAllByRole('listitem');
  expect(items).toHaveLength(3);

  expect(items[0]).toHaveTextContent('Revealed Gmail');
  expect(within(items[0]).getByText('5 minutes ago')).toHaveAttribute(
    'datetime',
    new Date(now - 5 * 60_000).toISOString(),
  );
  const absolute = new Date(now - 5 * 60_000).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  expect(items[0]).toHaveTextContent(absolute);
  expect(items[0]).toHaveTextContent('203.0.113.7 · Chrome on Linux');

  expect(items[1]).toHaveTextContent('Sessions ended by the administrator');
  expect(items[1]).toHaveTextContent('3 hours ago');
  expect(items[1].textContent).not.toMatch(/by the administrator.*by the administrator/);

  expect(items[2]).toHaveTextContent('Signed in');
  expect(items[2]).toHaveTextContent('2 days ago');
  expect(items[2]).toHaveTextContent('198.51.100.4 · Firefox on Windows');
});

test('a line the operator wrote says so', async () => {
  installFakeAccount({ activity: lines(1, { action: 'sign-in', actor: 'operator', entryTitle: null }) });
  const { panel } = await openActivity();
  expect(within(await logOf(panel)).getByRole('listitem')).toHaveTextContent(
    'Signed in by the administrator',
  );
});

test('50 lines first; Load more adds the next page, and goes when there is none', async () => {
  const account = installFakeAccount({ activity: lines(120) });
  const { user, panel } = await openActivity();
  const log = await logOf(panel);
  expect(within(log).getAllByRole('listitem')).toHaveLength(50);
  await user.click(within(panel).getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(100));
  await user.click(within(panel).getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(120));
  expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  const pages = account.calls.filter((call) => call.path === '/user/activity');
  expect(pages.map((call) => call.query.get('cursor'))).toEqual([null, 'line-50', 'line-100']);
});

test('a loading state, then the empty one', async () => {
  const account = installFakeAccount();
  const release = account.hold('GET /user/activity');
  const { panel } = await openActivity();
  expect(within(panel).getByRole('status', { name: 'Loading account activity' })).toBeInTheDocument();
  release();
  expect(await within(panel).findByText('No activity yet')).toBeInTheDocument();
  expect(within(panel).queryByRole('status', { name: /Loading/ })).not.toBeInTheDocument();
});

test('a failure to load says so and offers Retry', async () => {
  const account = installFakeAccount({ activity: lines(2) });
  account.fail.set('GET /user/activity', { status: 503, body: { message: 'Service unavailable' } });
  const { user, panel } = await openActivity();
  const alert = await within(panel).findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load activity: Service unavailable');
  account.fail.delete('GET /user/activity');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(within(await logOf(panel)).getAllByRole('listitem')).toHaveLength(2);
});

test('a failure to load the next page keeps the lines and offers Retry', async () => {
  const account = installFakeAccount({ activity: lines(60) });
  const { user, panel } = await openActivity();
  const log = await logOf(panel);
  account.fail.set('GET /user/activity', { status: 503, body: { message: 'Service unavailable' } });
  await user.click(within(panel).getByRole('button', { name: 'Load more' }));
  const alert = await within(panel).findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load more activity');
  expect(within(log).getAllByRole('listitem')).toHaveLength(50);
  account.fail.delete('GET /user/activity');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(60));
  expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
});

test('the log is fetched afresh each time the tab is opened', async () => {
  const account = installFakeAccount({ activity: lines(1) });
  const { user, panel } = await openActivity();
  expect(within(await logOf(panel)).getAllByRole('listitem')).toHaveLength(1);
  await user.click(screen.getByRole('tab', { name: 'Profile' }));
  account.activity = lines(2);
  await user.click(screen.getByRole('tab', { name: 'Activity' }));
  const again = screen.getByRole('tabpanel', { name: 'Activity' });
  await waitFor(async () => expect(within(await logOf(again)).getAllByRole('listitem')).toHaveLength(2));
  expect(account.count('GET /user/activity')).toBe(2);
});

describe('EntryActivityList', () => {
  test("one entry's lines, without repeating its title", async () => {
    const account = installFakeAccount({
      activity: [
        ...lines(2, { entryId: 'gmail', entryTitle: 'Gmail' }),
        ...lines(1, { id: 'other', entryId: 'bank', entryTitle: 'Bank' }),
      ],
    });
    renderWithProviders(<EntryActivityList entryId="gmail" />, { store: signedInStore() });
    const log = await screen.findByRole('list', { name: 'Entry activity' });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Revealed/);
    expect(log).not.toHaveTextContent('Gmail');
    expect(account.calls.map((call) => call.path)).toContain('/passwords/gmail/activity');
  });

  test('an entry with no lines yet', async () => {
    installFakeAccount();
    renderWithProviders(<EntryActivityList entryId="new" />, { store: signedInStore() });
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(
      screen.getByText('Reveals, edits and other actions on this entry will be listed here.'),
    ).toBeInTheDocument();
  });
});
