// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devToolsRecord } from '../../test/devToolsRecorder';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry } from '../../test/fakeVaultServer';
import { renderPasswordsWithDetails } from '../../test/passwordsWithDetails';
import { renderWithProviders } from '../../test/renderWithProviders';
import PasswordsPage from './PasswordsPage';

const MASTER = 'Master#Pass1';
const SECRET = 'Gh-S3cret!pass';
const NOTES = 'recovery codes 1234-5678';
// RFC 6238's SHA-1 test key; at 1111111100 s its 6-digit code is 081804 (the vector of 1111111109 s).
const TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const TOTP = `otpauth://totp/GitHub:octo?secret=${TOTP_SECRET}&issuer=GitHub`;
const NOW_MS = 1_111_111_100_000;
const CODE = '081804';
const HIDDEN_VALUE = 'mothers-maiden-Qx7';
const OPEN_VALUE = 'octo-team-42';

async function answerMasterPassword(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
}

describe('secrets on the Passwords page', () => {
  afterEach(() => jest.useRealTimers());

  it('never puts the master password or a decrypted value in the store, the cache or DevTools', async () => {
    installFakeVault([makeEntry({ _id: 'gh', title: 'GitHub', password: SECRET, notes: NOTES })]);
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    expect(devToolsRecord.options.length).toBeGreaterThan(0);

    await user.click(await screen.findByRole('button', { name: 'Reveal password for GitHub' }));
    await answerMasterPassword(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('article', { name: 'GitHub' })).getByText(SECRET)).toBeInTheDocument();

    // The store does not even know which entry is revealed.
    expect(store.getState().vault).toEqual({ search: '', category: 'all', favoritesOnly: false });
    const state = JSON.stringify(store.getState());
    for (const secret of [MASTER, SECRET, NOTES]) expect(state).not.toContain(secret);

    // DevTools saw the calls happen, but not what they carried.
    const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
    expect(seen).toContain('verifyMasterPassword');
    expect(seen).toContain('viewPassword');
    for (const secret of [MASTER, SECRET, NOTES]) expect(seen).not.toContain(secret);

    // Hiding clears the decrypted value from the page too.
    await user.click(screen.getByRole('button', { name: 'Hide password for GitHub' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal password for GitHub' })).toBeInTheDocument();
  });

  it('keeps the TOTP key, its code and hidden field values out of the store and the cache', async () => {
    const { user, store } = renderTotpEntry();
    const leaks = () => leaked(JSON.stringify(store.getState()));

    // The list is cached: it says there is a TOTP and carries the open field's value, nothing more.
    await screen.findByRole('article', { name: 'GitHub' });
    const listed = JSON.stringify(store.getState());
    expect(listed).toContain(OPEN_VALUE);
    expect(listed).toContain('"hasTotp":true');
    expect(leaks()).toEqual([]);

    // Revealed: the code is on the card, the hidden value can be shown there, and neither is in Redux.
    const card = await revealShowAndCopy(user);
    expect(leaks()).toEqual([]);
    expect(store.getState().vault).toEqual({ search: '', category: 'all', favoritesOnly: false });

    // Editing loads them into the form and sends them back: still not in Redux.
    await user.click(within(card).getByRole('button', { name: 'Edit GitHub' }));
    await answerMasterPassword(user);
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).getByLabelText('Authenticator key (TOTP)')).toHaveValue(TOTP);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(leaks()).toEqual([]);

    // The save masks the card again, as hiding does: the code and the values leave the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reveal password for GitHub' })).toBeInTheDocument(),
    );
    expect(screen.queryByText('081 804')).not.toBeInTheDocument();
    expect(screen.queryByText(HIDDEN_VALUE)).not.toBeInTheDocument();
    expect(screen.getByText('••• •••')).toBeInTheDocument();
    expect(leaks()).toEqual([]);
  });

  it('shows Redux DevTools neither the TOTP key, nor its code, nor hidden field values', async () => {
    // The reveal's answer passes through an action: src/app/devToolsSanitizer.ts must blank
    // `totp`, `totpCode` and the `value` of a field with `hidden: true`.
    const { user } = renderTotpEntry();
    await screen.findByRole('article', { name: 'GitHub' });
    await revealShowAndCopy(user);
    const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
    expect(seen).toContain('viewPassword');
    expect(leaked(seen)).toEqual([]);
  });
});

describe('secrets in the entry detail panel', () => {
  afterEach(() => jest.useRealTimers());

  it('reveals, shows and copies without a secret reaching the store, DevTools, the address or the logs', async () => {
    jest.useFakeTimers({ now: NOW_MS, doNotFake: ['queueMicrotask', 'nextTick'] });
    devToolsRecord.actions.length = 0;
    const logged = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method),
    );
    installFakeVault([
      makeEntry({
        _id: 'gh',
        title: 'GitHub',
        password: SECRET,
        notes: NOTES,
        totp: TOTP,
        fields: [
          { name: 'Team', value: OPEN_VALUE, hidden: false },
          { name: 'Security answer', value: HIDDEN_VALUE, hidden: true },
        ],
      }),
    ]);
    const { user, store, router } = renderPasswordsWithDetails({
      userOptions: { advanceTimers: jest.advanceTimersByTime },
    });
    const secrets = [MASTER, SECRET, NOTES, ...TOTP_SECRETS];
    const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));

    await user.click(await screen.findByRole('button', { name: 'Show details for GitHub' }));
    const panel = await screen.findByRole('dialog', { name: 'GitHub' });
    await user.click(within(panel).getByRole('button', { name: 'Show password and notes' }));
    await answerMasterPassword(user);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Master password/ })).not.toBeInTheDocument(),
    );
    // Every secret is on the page: the password, the notes, the code, the hidden value; two of them copied.
    await within(panel).findByText(SECRET);
    expect(within(panel).getByText(NOTES)).toBeInTheDocument();
    expect(within(panel).getByText('081 804')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Show Security answer field' }));
    expect(within(panel).getByText(HIDDEN_VALUE)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy password' }));
    await user.click(within(panel).getByRole('button', { name: 'Copy one-time code' }));
    expect(await screen.findByText('One-time code copied to clipboard')).toBeInTheDocument();

    expect(leaks(JSON.stringify(store.getState()))).toEqual([]);
    expect(store.getState().vault).toEqual({ search: '', category: 'all', favoritesOnly: false });
    const seen = JSON.stringify(devToolsRecord.actions) + JSON.stringify(devToolsRecord.state);
    expect(seen).toContain('viewPassword');
    expect(leaks(seen)).toEqual([]);
    // The address (and the router's state of it) stays the page's own.
    const { location } = router.state;
    expect(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`).toBe('/passwords');
    expect(leaks(JSON.stringify(location) + window.location.href)).toEqual([]);
    expect(leaks(JSON.stringify(logged.map((spy) => spy.mock.calls)))).toEqual([]);

    // Closed, the card keeps the reveal; hidden, nothing of it stays on the page.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'GitHub' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Hide password for GitHub' }));
    expect(leaks(document.body.textContent ?? '')).toEqual([]);
    logged.forEach((spy) => spy.mockRestore());
  });
});

const TOTP_SECRETS = [TOTP_SECRET, CODE, `${CODE.slice(0, 3)} ${CODE.slice(3)}`, HIDDEN_VALUE];
const leaked = (text: string) => TOTP_SECRETS.filter((secret) => text.includes(secret));

/** The Passwords page with one entry that has a TOTP, an open field and a hidden one, at a fixed time. */
function renderTotpEntry() {
  jest.useFakeTimers({ now: NOW_MS, doNotFake: ['queueMicrotask', 'nextTick'] });
  devToolsRecord.actions.length = 0;
  installFakeVault([
    makeEntry({
      _id: 'gh',
      title: 'GitHub',
      password: SECRET,
      totp: TOTP,
      fields: [
        { name: 'Team', value: OPEN_VALUE, hidden: false },
        { name: 'Security answer', value: HIDDEN_VALUE, hidden: true },
      ],
    }),
  ]);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
  return { user, store };
}

/** Reveals the entry, shows its hidden field and copies its code: every secret is on the page. */
async function revealShowAndCopy(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'Reveal password for GitHub' }));
  await answerMasterPassword(user);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const card = screen.getByRole('article', { name: 'GitHub' });
  expect(within(card).getByText('081 804')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Show Security answer field for GitHub' }));
  expect(within(card).getByText(HIDDEN_VALUE)).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Copy one-time code for GitHub' }));
  expect(await screen.findByText('One-time code copied to clipboard')).toBeInTheDocument();
  return card;
}
