// The entry detail panel with the Passwords page's real composition behind it (src/test/
// passwordsWithDetails.tsx): real store, router, theme, snackbars, master-password prompt, cards and card
// actions; only `fetch` is mocked (the vault fake, and the account fake for the activity list).
import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ActivityItem } from '../../../common/activity';
import { evaluatePassword } from '../../../common/passwordPolicy';
import type { RevealedPasswordEntry } from '../../../common/wire';
import { installFakeAccount } from '../../../test/fakeAccountServer';
import { forgetUnlockWindow } from '../../../shared/api/vaultUnlock';
import { installFakeUnlockWindow } from '../../../test/fakeUnlockWindow';
import { installFakeVault, makeEntry, type FakeVault } from '../../../test/fakeVaultServer';
import type { TestRequest, TestResponse } from '../../../test/fetchPolyfill';
import { setViewportWidth } from '../../../test/media';
import { renderPasswordsWithDetails } from '../../../test/passwordsWithDetails';
import { readableDate } from '../readableDate';

type User = ReturnType<typeof userEvent.setup>;

const MASTER = 'Master#Pass1';
const SECRET = 'Gh-S3cret!pass';
const NOTES = 'Recovery codes:\n  1234-5678\n  9999-0000';
const HIDDEN = 'mothers-maiden-Qx7';
const CREATED = '2026-01-03T14:05:00.000Z';
const UPDATED = '2026-02-10T09:30:00.000Z';

/** A healthy password changed today, so no entry is flagged as old whenever the test runs. */
const healthOf = (password: string): RevealedPasswordEntry['health'] => ({
  strength: evaluatePassword(password).score,
  reusedIn: 0,
  passwordChangedAt: new Date().toISOString(),
});

function github(overrides: Partial<RevealedPasswordEntry> = {}) {
  return makeEntry({
    _id: 'gh',
    title: 'GitHub',
    email: 'octo@example.com',
    website: 'github.com',
    category: 'work',
    isFavorite: true,
    tags: ['dev', 'open source'],
    password: SECRET,
    notes: NOTES,
    fields: [
      { name: 'Team', value: 'octo-team', hidden: false },
      { name: 'Recovery PIN', value: HIDDEN, hidden: true },
    ],
    createdAt: CREATED,
    updatedAt: UPDATED,
    health: healthOf(SECRET),
    ...overrides,
  });
}

const forum = () =>
  makeEntry({
    _id: 'forum',
    title: 'Old forum',
    email: 'jdoe',
    website: 'javascript:alert(1)',
    category: 'social',
    password: 'abc',
    health: { ...healthOf('abc'), strength: evaluatePassword('abc').score },
  });

async function openDetails(user: User, title: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: `Show details for ${title}` }));
  return screen.findByRole('dialog', { name: title });
}

async function answerMasterPassword(user: User) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

/** The value (<dd>) of the panel's row labelled `label` (<dt>). */
function row(panel: HTMLElement, label: string): HTMLElement {
  const term = within(panel).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

/** The entry's card; `hidden` while the modal panel makes the page inert to assistive technology. */
const card = (title: string) => screen.getByRole('article', { name: title, hidden: true });

describe('the entry detail panel', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([github(), forum()]);
  });

  afterEach(() => jest.useRealTimers());

  it('says an entry has no notes before the master password, and masks notes only where there are some', async () => {
    const { user } = renderPasswordsWithDetails();
    const plain = await openDetails(user, 'Old forum');
    // No notes: a dash, as after a reveal; nothing that suggests a secret is there.
    expect(row(plain, 'Notes')).toHaveTextContent('—');
    expect(row(plain, 'Notes')).not.toHaveTextContent('••••••••');
    await user.click(within(plain).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(plain).not.toBeInTheDocument());

    const withNotes = await openDetails(user, 'GitHub');
    expect(row(withNotes, 'Notes')).toHaveTextContent('••••••••');
    expect(vault.count('POST /passwords/:id/view')).toBe(0);
  });

  it('shows what the list carries at once, and no secret before the master password', async () => {
    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'GitHub');

    expect(within(panel).getByRole('heading', { level: 2, name: 'GitHub' })).toBeInTheDocument();
    expect(within(panel).getByText('Work')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    const tags = within(row(panel, 'Tags')).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['dev', 'open source']);

    expect(row(panel, 'Email')).toHaveTextContent('octo@example.com');
    expect(within(panel).getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
    // A site saved without a scheme opens over https, in a new tab that cannot reach back to the vault.
    const link = within(panel).getByRole('link', { name: 'github.com (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://github.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const created = within(row(panel, 'Created')).getByText(readableDate(CREATED));
    expect(created.tagName).toBe('TIME');
    expect(created).toHaveAttribute('datetime', CREATED);
    expect(row(panel, 'Updated')).toHaveTextContent(readableDate(UPDATED));

    // The listed fields: the open one's value with Copy; the hidden one's name only, masked.
    expect(row(panel, 'Team')).toHaveTextContent('octo-team');
    expect(within(panel).getByRole('button', { name: 'Copy Team field' })).toBeInTheDocument();
    expect(row(panel, 'Recovery PIN')).toHaveTextContent('••••••••');
    expect(within(panel).queryByRole('button', { name: /Recovery PIN/ })).not.toBeInTheDocument();

    expect(row(panel, 'Password')).toHaveTextContent('••••••••');
    expect(row(panel, 'Notes')).toHaveTextContent('••••••••');
    expect(within(panel).queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('One-time code')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Password health of GitHub' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Show password and notes' })).toBeInTheDocument();
    for (const secret of [SECRET, HIDDEN, '1234-5678']) expect(document.body).not.toHaveTextContent(secret);
    expect(vault.count('POST /passwords/:id/view')).toBe(0);

    // Copying what the list carries needs no master password.
    await user.click(within(panel).getByRole('button', { name: 'Copy email' }));
    expect(await screen.findByText('Email copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('octo@example.com');
  });

  it('links only http(s) websites: a javascript: one is plain text; a flagged password says why', async () => {
    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'Old forum');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    expect(row(panel, 'Website')).toHaveTextContent('javascript:alert(1)');
    expect(panel.querySelector('[href]')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Copy website' })).toBeInTheDocument();
    // A login without an @ is a username.
    expect(row(panel, 'Username')).toHaveTextContent('jdoe');
    const health = within(panel).getByRole('list', { name: 'Password health of Old forum' });
    expect(within(health).getByText('Weak')).toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Generate new password for Old forum' }),
    ).toBeInTheDocument();
  });

  it('reveals password, notes and hidden fields with the master password, together with the card', async () => {
    const { user } = renderPasswordsWithDetails();
    let panel = await openDetails(user, 'GitHub');
    await user.click(within(panel).getByRole('button', { name: 'Show password and notes' }));
    await answerMasterPassword(user);

    await waitFor(() => expect(row(panel, 'Password')).toHaveTextContent(SECRET));
    expect(vault.count('POST /passwords/:id/view')).toBe(1);
    expect(await screen.findByText('Password revealed')).toBeInTheDocument();
    const notes = row(panel, 'Notes').firstElementChild as HTMLElement;
    expect(notes.textContent).toBe(NOTES);
    expect(notes).toHaveStyle({ whiteSpace: 'pre-wrap' });
    // The card was revealed by the same reveal.
    expect(within(card('GitHub')).getByText(SECRET)).toBeInTheDocument();
    expect(
      within(card('GitHub')).getByRole('button', { name: 'Hide password for GitHub', hidden: true }),
    ).toBeInTheDocument();

    // The password has a mask of its own, which hides nothing else.
    await user.click(within(panel).getByRole('button', { name: 'Hide password' }));
    expect(row(panel, 'Password')).toHaveTextContent('••••••••');
    expect(within(card('GitHub')).getByText(SECRET)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy password' }));
    expect(await screen.findByText('Password copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    await user.click(within(panel).getByRole('button', { name: 'Show password' }));
    expect(row(panel, 'Password')).toHaveTextContent(SECRET);

    // A hidden field stays masked until shown; Copy takes its value.
    expect(row(panel, 'Recovery PIN')).toHaveTextContent('••••••••');
    await user.click(within(panel).getByRole('button', { name: 'Show Recovery PIN field' }));
    expect(row(panel, 'Recovery PIN')).toHaveTextContent(HIDDEN);
    await user.click(within(panel).getByRole('button', { name: 'Copy Recovery PIN field' }));
    expect(await screen.findByText('Recovery PIN copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(HIDDEN);

    // Closing hides nothing: the card keeps it, and the panel opens revealed without asking again.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'GitHub' })).not.toBeInTheDocument());
    expect(within(card('GitHub')).getByText(SECRET)).toBeInTheDocument();
    panel = await openDetails(user, 'GitHub');
    expect(row(panel, 'Password')).toHaveTextContent(SECRET);
    expect(row(panel, 'Notes').firstElementChild?.textContent).toBe(NOTES);
    expect(screen.queryByRole('dialog', { name: 'Master password required' })).not.toBeInTheDocument();
    expect(vault.count('POST /passwords/:id/view')).toBe(1);

    // Hiding in the panel hides the card too, and the decrypted values leave the page.
    await user.click(within(panel).getByRole('button', { name: 'Hide password and notes' }));
    expect(row(panel, 'Password')).toHaveTextContent('••••••••');
    expect(row(panel, 'Notes')).toHaveTextContent('••••••••');
    expect(
      within(card('GitHub')).getByRole('button', { name: 'Reveal password for GitHub', hidden: true }),
    ).toBeInTheDocument();
    for (const secret of [SECRET, HIDDEN, '1234-5678']) expect(document.body).not.toHaveTextContent(secret);
  });

  it('shows what the card revealed, and a hide on the card masks the panel when it opens again', async () => {
    const { user } = renderPasswordsWithDetails();
    await user.click(await screen.findByRole('button', { name: 'Reveal password for GitHub' }));
    await answerMasterPassword(user);
    await within(card('GitHub')).findByText(SECRET);

    let panel = await openDetails(user, 'GitHub');
    expect(row(panel, 'Password')).toHaveTextContent(SECRET);
    expect(row(panel, 'Notes').firstElementChild?.textContent).toBe(NOTES);
    expect(vault.count('POST /passwords/:id/view')).toBe(1);
    await user.click(within(panel).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(panel).not.toBeInTheDocument());

    await user.click(within(card('GitHub')).getByRole('button', { name: 'Hide password for GitHub' }));
    panel = await openDetails(user, 'GitHub');
    expect(row(panel, 'Password')).toHaveTextContent('••••••••');
    expect(within(panel).getByRole('button', { name: 'Show password and notes' })).toBeInTheDocument();
  });

  it('shows the live one-time code after the reveal, copies it and lets the clipboard forget it', async () => {
    // RFC 6238's SHA-1 key: at 1111111100 s its 6-digit code is 081804.
    const now = 1_111_111_100_000;
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask', 'nextTick'] });
    installFakeVault([
      github({ totp: 'otpauth://totp/GitHub:octo?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=GitHub' }),
    ]);
    const { user } = renderPasswordsWithDetails({ userOptions: { advanceTimers: jest.advanceTimersByTime } });
    const panel = await openDetails(user, 'GitHub');
    expect(row(panel, 'One-time code')).toHaveTextContent('••• •••');
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Show password and notes' }));
    await answerMasterPassword(user);
    await waitFor(() => expect(row(panel, 'One-time code')).toHaveTextContent('081 804'));
    const countdown = within(panel).getByRole('progressbar', { name: 'Seconds until a new code' });
    expect(countdown).toHaveAttribute('aria-valuemax', '30');

    await user.click(within(panel).getByRole('button', { name: 'Copy one-time code' }));
    expect(await screen.findByText('One-time code copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('081804');
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(write).toHaveBeenLastCalledWith('');
  });

  it('is a dialog named by the title: focus goes in, Escape or Close details closes, focus comes back', async () => {
    const { user } = renderPasswordsWithDetails();
    const trigger = await screen.findByRole('button', { name: 'Show details for GitHub' });
    trigger.focus();
    await user.keyboard('{Enter}');
    let panel = await screen.findByRole('dialog', { name: 'GitHub' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    // Tab stays inside while it is open.
    for (let stop = 0; stop < 25; stop += 1) {
      await user.tab();
      expect(panel).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();

    await user.keyboard('{Enter}');
    panel = await screen.findByRole('dialog', { name: 'GitHub' });
    await user.click(within(panel).getByRole('button', { name: 'Close details' }));
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('is a side sheet on a wide window and a full-screen dialog on a phone', async () => {
    const { user } = renderPasswordsWithDetails();
    let panel = await openDetails(user, 'GitHub');
    expect(panel).toHaveClass('MuiDrawer-paper');
    expect(panel.closest('.MuiDrawer-root')).toHaveClass('MuiDrawer-anchorRight');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());

    act(() => setViewportWidth(375));
    panel = await openDetails(user, 'GitHub');
    expect(panel).toHaveClass('MuiDialog-paperFullScreen');
    expect(within(panel).getByRole('button', { name: 'Close details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show details for GitHub' })).toHaveFocus();
  });

  it('toggles the favourite as the card does', async () => {
    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'Old forum');
    const favorite = within(panel).getByRole('button', { name: 'Favorite' });
    expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await user.click(favorite);
    await waitFor(() => expect(favorite).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    expect(
      within(card('Old forum')).getByRole('button', {
        name: 'Remove Old forum from favorites',
        hidden: true,
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(vault.entries.find((entry) => entry._id === 'forum')?.isFavorite).toBe(true);
  });

  it('keeps showing an entry that leaves a favourites-only list when it is no longer a favourite', async () => {
    const { user } = renderPasswordsWithDetails({
      preloadedState: { vault: { search: '', category: 'all', favoritesOnly: true } },
    });
    const panel = await openDetails(user, 'GitHub');
    expect(
      screen.queryByRole('button', { name: 'Show details for Old forum', hidden: true }),
    ).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'GitHub', hidden: true })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'GitHub' })).toBe(panel);
    expect(within(panel).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('edits through the card flow; the panel shows the saved entry and the form no longer has the activity', async () => {
    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'GitHub');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    await answerMasterPassword(user);
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).queryByRole('button', { name: 'Activity of this entry' })).not.toBeInTheDocument();
    const title = within(form).getByLabelText(/^Title/);
    expect(title).toHaveValue('GitHub');
    await user.clear(title);
    await user.type(title, 'GitHub Enterprise');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();

    await within(panel).findByRole('heading', { level: 2, name: 'GitHub Enterprise' });
    expect(screen.getByRole('dialog', { name: 'GitHub Enterprise' })).toBe(panel);
    expect(vault.entries.find((entry) => entry._id === 'gh')?.title).toBe('GitHub Enterprise');
  });

  it('deletes after the confirmation and the master password, then closes', async () => {
    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'GitHub');
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete password' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this password?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    // Cancelled: still open, nothing sent.
    expect(screen.getByRole('dialog', { name: 'GitHub' })).toBe(panel);
    expect(vault.count('DELETE /passwords/:id')).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete password' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await answerMasterPassword(user);
    expect(await screen.findByText('Password deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(vault.trash.map((entry) => entry._id)).toEqual(['gh']);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'GitHub' })).not.toBeInTheDocument());
  });

  it("shows the entry's own activity, on demand", async () => {
    const line: ActivityItem = {
      id: 'line-1',
      action: 'reveal',
      actor: 'user',
      entryId: 'gh',
      entryTitle: 'GitHub',
      ip: '203.0.113.7',
      userAgent: null,
      createdAt: new Date().toISOString(),
    };
    const account = installFakeAccount({ activity: [line, { ...line, id: 'other', entryId: 'forum' }] });
    const accountFetch = globalThis.fetch as unknown as (request: TestRequest) => Promise<TestResponse>;
    installFakeVault([github(), forum()]);
    const vaultFetch = globalThis.fetch as unknown as (request: TestRequest) => Promise<TestResponse>;
    // The activity is the account fake's; everything else, the vault fake's.
    (globalThis as unknown as { fetch: unknown }).fetch = (request: TestRequest) =>
      /\/activity$/.test(new URL(request.url).pathname) ? accountFetch(request) : vaultFetch(request);

    const { user } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'GitHub');
    expect(within(panel).queryByRole('list', { name: 'Entry activity' })).not.toBeInTheDocument();
    expect(account.count('GET /passwords/gh/activity')).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Activity of this entry' }));
    const log = await within(panel).findByRole('list', { name: 'Entry activity' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(within(log).getByRole('listitem')).toHaveTextContent(/^Revealed/);
    expect(within(panel).getByRole('button', { name: 'Hide activity' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('within the unlock window, reveals without asking again (the key is sent, not the password)', async () => {
    window.localStorage.setItem('token', 'session-token');
    const server = installFakeUnlockWindow({
      master: vault.master,
      masterPassword: MASTER,
      settings: { unlockMinutes: 5 },
    });
    try {
      const { user } = renderPasswordsWithDetails();
      // The window opens with the card's reveal of another entry.
      await user.click(await screen.findByRole('button', { name: 'Reveal password for Old forum' }));
      await answerMasterPassword(user);
      await within(card('Old forum')).findByText('abc');

      const panel = await openDetails(user, 'GitHub');
      await user.click(within(panel).getByRole('button', { name: 'Show password and notes' }));
      await waitFor(() => expect(row(panel, 'Password')).toHaveTextContent(SECRET));
      expect(screen.queryByRole('dialog', { name: 'Master password required' })).not.toBeInTheDocument();
      const views = server.calls.filter((call) => call.path.endsWith('/view'));
      expect(views.map((call) => [call.unlockKey !== null, call.withMasterPassword])).toEqual([
        [true, false],
        [true, false],
      ]);
    } finally {
      act(() => forgetUnlockWindow());
    }
  });

  it('forgets every revealed secret when the page is left', async () => {
    const { user, router } = renderPasswordsWithDetails();
    const panel = await openDetails(user, 'GitHub');
    await user.click(within(panel).getByRole('button', { name: 'Show password and notes' }));
    await answerMasterPassword(user);
    await waitFor(() => expect(row(panel, 'Password')).toHaveTextContent(SECRET));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());

    await act(() => router.navigate('/dashboard'));
    expect(document.body).not.toHaveTextContent(SECRET);
    await act(() => router.navigate('/passwords'));
    await screen.findByRole('button', { name: 'Reveal password for GitHub' });
    const again = await openDetails(user, 'GitHub');
    expect(row(again, 'Password')).toHaveTextContent('••••••••');
    expect(document.body).not.toHaveTextContent(SECRET);
  });
});
