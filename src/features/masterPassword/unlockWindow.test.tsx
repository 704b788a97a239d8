// Issue 15: with an unlock window chosen, one right master password opens the vault in this tab for a
// while. Real store, providers, dialog and base query; only `fetch` is mocked (the vault fake behind
// the unlock window fake, which plays the server's window).
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { baseApi } from '../../shared/api/baseApi';
import { messageOf } from '../../shared/api/errorText';
import { currentUnlockKey, forgetUnlockWindow } from '../../shared/api/vaultUnlock';
import { useAppDispatch } from '../../app/hooks';
import { endSession } from '../auth';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { installFakeUnlockWindow, type FakeUnlockWindow } from '../../test/fakeUnlockWindow';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MasterPasswordPromptProvider } from './MasterPasswordPromptProvider';
import { useMasterPasswordPrompt } from './useMasterPasswordPrompt';
import { useUnlockWindow } from './useUnlockWindow';

const MASTER = 'Master#Pass1';
const A = makeEntry({ _id: 'a', title: 'Alpha', password: 'Alpha-Secret-1!' });
const B = makeEntry({ _id: 'b', title: 'Bravo', password: 'Bravo-Secret-2!' });

/** A vault request as a screen makes it: whatever the prompt answered goes in `masterPassword`. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeReveal: build.mutation<string, { id: string; masterPassword: string }>({
      query: ({ id, masterPassword }) => ({
        url: `/passwords/${id}/view`,
        method: 'POST',
        body: { masterPassword },
      }),
      transformResponse: (answer: { data: { password: { password: string } } }) =>
        answer.data.password.password,
    }),
  }),
});

function Screen() {
  const prompt = useMasterPasswordPrompt();
  const dispatch = useAppDispatch();
  const { endsAt, lock } = useUnlockWindow();
  const [lines, setLines] = useState<string[]>([]);
  const reveal = async (id: string) => {
    const credential = await prompt({ purpose: 'reveal', entryId: id });
    if (credential === null) {
      setLines((shown) => [...shown, `${id}: cancelled`]);
      return;
    }
    try {
      const password = await dispatch(
        probeApi.endpoints.probeReveal.initiate({ id, masterPassword: credential }, { track: false }),
      ).unwrap();
      setLines((shown) => [...shown, `${id}: ${password}`]);
    } catch (error) {
      setLines((shown) => [...shown, `${id}: failed (${messageOf(error)})`]);
    }
  };
  return (
    <>
      <button onClick={() => void reveal('a')}>Reveal A</button>
      <button onClick={() => void reveal('b')}>Reveal B</button>
      <button
        onClick={() => {
          void reveal('a');
          void reveal('b');
        }}
      >
        Reveal both
      </button>
      <button onClick={() => void lock()}>Lock</button>
      <p data-testid="window">{endsAt === null ? 'locked' : 'unlocked'}</p>
      <ul aria-label="Revealed">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </>
  );
}

function renderScreen() {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <MasterPasswordPromptProvider>
      <Screen />
    </MasterPasswordPromptProvider>,
    { path: '/passwords' },
  );
  return { user, ...view };
}

const revealed = () => within(screen.getByRole('list', { name: 'Revealed' }));

async function answerDialog(user: ReturnType<typeof userEvent.setup>, masterPassword = MASTER) {
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), masterPassword);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** The view requests that reached the vault, by how they opened it. */
const views = (server: FakeUnlockWindow) =>
  server.calls
    .filter((call) => call.path.endsWith('/view'))
    .map((call) => (call.unlockKey ? 'key' : call.withMasterPassword ? 'password' : 'nothing'));

let vault: FakeVault;
let server: FakeUnlockWindow;

function install(unlockMinutes: 0 | 1 | 5 | 15) {
  vault = installFakeVault([A, B], MASTER);
  server = installFakeUnlockWindow({
    master: vault.master,
    masterPassword: MASTER,
    settings: { unlockMinutes },
  });
}

beforeEach(() => window.localStorage.setItem('token', 'session-token'));
afterEach(() => {
  act(() => forgetUnlockWindow());
  jest.restoreAllMocks();
});

test('within the window the second reveal needs no dialog; the key goes in the header, never the password', async () => {
  install(5);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  expect(
    within(dialog).getByText(/Your vault then stays unlocked in this tab for 5 minutes\./),
  ).toBeInTheDocument();
  await answerDialog(user);
  expect(await revealed().findByText('a: Alpha-Secret-1!')).toBeInTheDocument();
  // The window was opened with the master password, instead of verify-master.
  expect(server.count('POST /auth/vault-unlock')).toBe(1);
  expect(vault.count('POST /auth/verify-master')).toBe(0);
  expect(screen.getByTestId('window')).toHaveTextContent('unlocked');

  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  expect(await revealed().findByText('b: Bravo-Secret-2!')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(views(server)).toEqual(['key', 'key']);
  expect(server.calls.filter((call) => call.unlockKey).map((call) => call.unlockKey)).toEqual([
    server.keys[0],
    server.keys[0],
  ]);
});

test('"every time" (the default) asks for every action and sends the password, as the SPEC says', async () => {
  install(0);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  expect(await revealed().findByText('a: Alpha-Secret-1!')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  await answerDialog(user);
  expect(await revealed().findByText('b: Bravo-Secret-2!')).toBeInTheDocument();
  expect(vault.count('POST /auth/verify-master')).toBe(2);
  expect(server.count('POST /auth/vault-unlock')).toBe(0);
  expect(views(server)).toEqual(['password', 'password']);
  expect(currentUnlockKey()).toBeNull();
});

test('after Lock now the next action asks again', async () => {
  install(15);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');

  await user.click(screen.getByRole('button', { name: 'Lock' }));
  await waitFor(() => expect(screen.getByTestId('window')).toHaveTextContent('locked'));
  expect(server.count('DELETE /auth/vault-unlock')).toBe(1);
  expect(server.grant).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  await answerDialog(user);
  expect(await revealed().findByText('b: Bravo-Secret-2!')).toBeInTheDocument();
  expect(server.count('POST /auth/vault-unlock')).toBe(2);
  expect(views(server)).toEqual(['key', 'key']);
  expect(server.calls.filter((call) => call.unlockKey).map((call) => call.unlockKey)).toEqual(server.keys);
});

test('when the window has run out in this tab, the next action asks again', async () => {
  install(1);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');

  // Past the minute (the tab's clock): the key is forgotten before anything is sent.
  const later = Date.now() + 61_000;
  jest.spyOn(Date, 'now').mockImplementation(() => later);
  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  expect(await screen.findByRole('dialog', { name: 'Master password required' })).toBeInTheDocument();
  expect(screen.getByTestId('window')).toHaveTextContent('locked');
  expect(views(server)).toEqual(['key']);
});

test('a "vault locked" answer drops the key, shows the dialog and retries the action with the answer', async () => {
  install(5);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');

  // The server ended the window (another tab's Lock now, say): this tab still holds the old key.
  server.endOnServer();
  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  expect(within(dialog).getByText(/to reveal this password/)).toBeInTheDocument();
  expect(screen.getByTestId('window')).toHaveTextContent('locked');
  await answerDialog(user);
  expect(await revealed().findByText('b: Bravo-Secret-2!')).toBeInTheDocument();
  // Sent with the old key (refused), then with the new window's key; the session was never touched.
  expect(views(server)).toEqual(['key', 'key', 'key']);
  const bCalls = server.calls.filter((call) => call.path === '/passwords/b/view');
  expect(bCalls.map((call) => call.unlockKey)).toEqual([server.keys[0], server.keys[1]]);
  expect(window.localStorage.getItem('token')).toBe('session-token');
  expect(revealed().queryByText(/failed/)).not.toBeInTheDocument();
});

test('two actions that find the vault locked share one dialog; cancelling it fails them, signed in still', async () => {
  install(5);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');

  server.endOnServer();
  await user.click(screen.getByRole('button', { name: 'Reveal both' }));
  await answerDialog(user);
  expect(await revealed().findByText('b: Bravo-Secret-2!')).toBeInTheDocument();
  expect(revealed().getAllByText('a: Alpha-Secret-1!')).toHaveLength(2);
  expect(server.count('POST /auth/vault-unlock')).toBe(2);

  server.endOnServer();
  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(
    await revealed().findByText('b: failed (The vault is locked: enter your master password)'),
  ).toBeInTheDocument();
  expect(window.localStorage.getItem('token')).toBe('session-token');
});

test('a wrong master password is counted when opening the window, and no window opens', async () => {
  install(5);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), 'wrong-one');
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  expect(
    await within(dialog).findByText('Invalid master password. 2 attempts remaining.'),
  ).toBeInTheDocument();
  expect(currentUnlockKey()).toBeNull();
  expect(screen.getByTestId('window')).toHaveTextContent('locked');
  await user.clear(within(dialog).getByLabelText(/^Master password/));
  await answerDialog(user);
  expect(await revealed().findByText('a: Alpha-Secret-1!')).toBeInTheDocument();
  expect(vault.master.state.attemptsRemaining).toBe(3);
});

test('the window ends with the session: logout, auto-logout and lockout all go through endSession', async () => {
  install(5);
  const { user, store } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');
  expect(currentUnlockKey()).toBe(server.keys[0]);
  await act(() => store.dispatch(endSession()));
  expect(currentUnlockKey()).toBeNull();
  expect(screen.getByTestId('window')).toHaveTextContent('locked');
});

test('the window ends when the server ends the session (a 401 about the token)', async () => {
  install(5);
  const { user } = renderScreen();
  await user.click(screen.getByRole('button', { name: 'Reveal A' }));
  await answerDialog(user);
  await revealed().findByText('a: Alpha-Secret-1!');
  vault.fail.set('POST /passwords/:id/view', { status: 401, message: 'Token is not valid' });
  await user.click(screen.getByRole('button', { name: 'Reveal B' }));
  expect(await revealed().findByText('b: failed (Token is not valid)')).toBeInTheDocument();
  expect(currentUnlockKey()).toBeNull();
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(screen.getByTestId('window')).toHaveTextContent('locked');
});
