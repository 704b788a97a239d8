// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devTools } from '../../test/fakeDevTools';
// Issue 15 in the whole app: Passwords page, top bar and store as they run, with only `fetch` mocked.
// One dialog reveals two entries; "Lock now" in the top bar ends the window and hides them; the next
// reveal asks again.
// Neither the master password nor the tab's key reaches the store, the RTK Query cache, DevTools or
// storage.
import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetUnlockWindow } from '../../shared/api/vaultUnlock';
import { installFakeUnlockWindow } from '../../test/fakeUnlockWindow';
import { installFakeVault, makeEntry } from '../../test/fakeVaultServer';
import { setViewportWidth } from '../../test/media';
import { renderApp } from '../../test/renderApp';

const MASTER = 'Master#Pass1';
const ENTRIES = [
  makeEntry({ title: 'Alpha', password: 'Alpha-Secret-1!' }),
  makeEntry({ title: 'Bravo', password: 'Bravo-Secret-2!' }),
];

/** Like DevTools shows it: Headers (a request's, in an action's `meta`) written out, not as `{}`. */
function serialised(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Headers ? Object.fromEntries(inner.entries()) : inner,
  );
}

afterEach(() => act(() => forgetUnlockWindow()));

test('one dialog, two reveals, Lock now in the top bar, asked again; no secret in the store or DevTools', async () => {
  devTools.clear();
  setViewportWidth(1280);
  const vault = installFakeVault(ENTRIES, MASTER);
  const server = installFakeUnlockWindow({
    master: vault.master,
    masterPassword: MASTER,
    settings: { unlockMinutes: 5 },
  });
  const { user, store } = renderApp('/passwords', { session: 'signedIn' });
  const banner = await screen.findByRole('banner');
  const card = async (title: string) => screen.findByRole('article', { name: title });

  // No window yet: no Lock now.
  await card('Alpha');
  expect(within(banner).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument();

  await user.click(within(await card('Alpha')).getByRole('button', { name: 'Reveal password for Alpha' }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  expect(await within(await card('Alpha')).findByText('Alpha-Secret-1!')).toBeInTheDocument();

  await user.click(within(await card('Bravo')).getByRole('button', { name: 'Reveal password for Bravo' }));
  expect(await within(await card('Bravo')).findByText('Bravo-Secret-2!')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.count('POST /auth/vault-unlock')).toBe(1);

  // The top bar: Lock now, with the minutes left.
  const lockNow = within(banner).getByRole('button', { name: 'Lock now · 5 min left' });
  await user.click(lockNow);
  expect(await screen.findByText('Vault locked')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(banner).queryByRole('button', { name: /Lock now/ })).not.toBeInTheDocument(),
  );
  expect(server.count('DELETE /auth/vault-unlock')).toBe(1);

  // A locked vault shows nothing it decrypted; revealing again asks for the master password.
  expect(within(await card('Alpha')).queryByText('Alpha-Secret-1!')).not.toBeInTheDocument();
  expect(within(await card('Bravo')).queryByText('Bravo-Secret-2!')).not.toBeInTheDocument();
  await user.click(within(await card('Alpha')).getByRole('button', { name: 'Reveal password for Alpha' }));
  expect(await screen.findByRole('dialog', { name: 'Master password required' })).toBeInTheDocument();

  // What was sent: the password once (to open the window), the key twice, never both.
  const views = server.calls.filter((call) => call.path.endsWith('/view'));
  expect(views.map((call) => [call.unlockKey, call.withMasterPassword])).toEqual([
    [server.keys[0], false],
    [server.keys[0], false],
  ]);

  // Neither the master password nor the key is kept anywhere a person or an extension could read.
  const [key] = server.keys;
  const secrets = [MASTER, key];
  const state = serialised(store.getState());
  for (const secret of secrets) expect(state).not.toContain(secret);
  const storage = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
  for (const secret of secrets) expect(storage).not.toContain(secret);
  expect(document.cookie).not.toContain(key);
  expect(window.location.href).not.toContain(key);
  // DevTools saw the calls (and, before the sanitizers, the key in a request header) but not the key.
  expect(serialised(devTools.raw)).toContain(key);
  const shown = serialised(devTools.shown);
  expect(shown).toContain('openUnlockWindow');
  expect(shown).toContain('lockVault');
  for (const secret of secrets) expect(shown).not.toContain(secret);
});
