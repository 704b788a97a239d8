import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ExportCard, ImportCard } from './DataCards';
import { MASTER, blobText, captureDownloads, installTransferServer } from '../../test/transferTestKit';

const TITLE = 'Export and Import Passwords';

function renderCards() {
  const user = userEvent.setup({ delay: null });
  window.localStorage.setItem('token', 'session-token');
  const view = renderWithProviders(
    <>
      <ExportCard />
      <ImportCard />
    </>,
    { path: '/settings' },
  );
  return { user, ...view };
}

async function openExport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export passwords' }));
  return screen.findByRole('dialog', { name: TITLE });
}

const masterField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Master password/);

describe('Export tab', () => {
  let downloads: ReturnType<typeof captureDownloads>;

  beforeEach(() => {
    downloads = captureDownloads();
  });
  afterEach(() => downloads.restore());

  it('opens on Export with the format select, the information list and a disabled Export button', async () => {
    installTransferServer();
    const { user } = renderCards();
    const opener = screen.getByRole('button', { name: 'Export passwords' });
    const dialog = await openExport(user);

    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Export', 'Import']);
    expect(within(dialog).getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tabpanel', { name: 'Export' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveTextContent('JSON');
    for (const text of [
      'All passwords will be decrypted and exported',
      'Keep the exported file secure and delete it after use',
      'JSON format keeps all metadata, such as tags and notes',
      'CSV format is compatible with most password managers',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    expect(exportButton).toBeDisabled();
    expect(masterField(dialog)).toBeRequired();
    expect(within(dialog).getByRole('button', { name: 'Show master password' })).toBeInTheDocument();

    await user.click(masterField(dialog));
    await user.tab();
    expect(await within(dialog).findByText('Master password is required')).toBeInTheDocument();
    await user.type(masterField(dialog), 'x');
    expect(exportButton).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('downloads the JSON the server sends under its file name, then clears the master password', async () => {
    const server = installTransferServer();
    const { user } = renderCards();
    const dialog = await openExport(user);
    await user.type(masterField(dialog), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Passwords exported successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/utility/export')).toMatchObject({
      method: 'POST',
      path: '/utility/export',
      body: { masterPassword: MASTER, format: 'json' },
    });
    expect(downloads.downloads).toHaveLength(1);
    const [file] = downloads.downloads;
    expect(file.filename).toBe('passwords_export_2026-03-04.json');
    expect(file.blob.type).toBe('application/json;charset=utf-8');
    expect(await blobText(file.blob)).toBe('{\n  "version": 1\n}');
    await waitFor(() => expect(downloads.revoked).toEqual([file.href]));
    expect(document.querySelector('a[download]')).toBeNull();
    expect(masterField(dialog)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('downloads CSV as text, named passwords_export_{ISO date}.csv when the server names no file', async () => {
    const csv = 'name,url,username,password,note\r\n"Bank, main",https://bank.example,jo,"p""w",\r\n';
    const server = installTransferServer({
      'POST /utility/export': { body: { success: true, data: csv, format: 'csv' } },
    });
    const { user } = renderCards();
    const dialog = await openExport(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(screen.getByRole('option', { name: 'CSV' }));
    await user.type(masterField(dialog), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Passwords exported successfully')).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/utility/export')?.body).toEqual({
      masterPassword: MASTER,
      format: 'csv',
    });
    const [file] = downloads.downloads;
    const today = new Date().toISOString().slice(0, 10);
    expect(file.filename).toBe(`passwords_export_${today}.csv`);
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    expect(await blobText(file.blob)).toBe(csv);
  });

  it('writes an answer that is the export itself as JSON with 2-space indentation', async () => {
    const body = { version: 1, passwords: [{ title: 'GitHub' }] };
    installTransferServer({ 'POST /utility/export': { body } });
    const { user } = renderCards();
    const dialog = await openExport(user);
    await user.type(masterField(dialog), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Passwords exported successfully')).toBeInTheDocument();
    expect(await blobText(downloads.downloads[0].blob)).toBe(JSON.stringify(body, null, 2));
  });

  it.each([
    [
      'the server message',
      { status: 500, body: { message: 'Vault is being backed up' } },
      'Vault is being backed up',
    ],
    ['Export failed without one', { status: 500, body: undefined }, 'Export failed'],
    [
      "that PassVault can't be reached when a proxy answers for it",
      { status: 502, body: undefined },
      "Can't reach PassVault. Check your connection and try again.",
    ],
    [
      'no data',
      { body: { success: true, data: '', filename: 'x.json', format: 'json' } },
      'Export failed: No data received from server',
    ],
  ])('shows %s', async (_case, answer, text) => {
    installTransferServer({ 'POST /utility/export': answer });
    const { user } = renderCards();
    const dialog = await openExport(user);
    await user.type(masterField(dialog), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(downloads.downloads).toEqual([]);
    expect(screen.queryByText('Passwords exported successfully')).not.toBeInTheDocument();
    expect(masterField(dialog)).toHaveValue('');
  });

  it('counts a wrong master password on the shared counter without signing out; a right one resets it', async () => {
    const server = installTransferServer();
    const { user } = renderCards();
    const dialog = await openExport(user);
    await user.type(masterField(dialog), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    const text = 'Invalid master password. 2 attempts remaining.';
    expect(await screen.findAllByText(text)).toHaveLength(2); // the toast and the field
    expect(server.master.state.attemptsRemaining).toBe(2);
    expect(within(dialog).getByText(/2 attempts remaining\. After 3 failed attempts/)).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(downloads.downloads).toEqual([]);

    await user.type(masterField(dialog), MASTER);
    expect(within(dialog).queryByText(text)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Passwords exported successfully')).toBeInTheDocument();
    expect(server.master.state.attemptsRemaining).toBe(3);
    expect(server.count('POST /auth/logout')).toBe(0);
  });

  it('signs out 2 s after the third wrong master password, counting the attempts of other dialogs', async () => {
    const server = installTransferServer();
    const { user, store } = renderCards();
    // Two failures already made in this session, in another master-password dialog.
    server.master.check('wrong');
    server.master.check('wrong');
    const dialog = await openExport(user);
    expect(
      await within(dialog).findByText(/1 attempt remaining\. After 3 failed attempts/),
    ).toBeInTheDocument();
    await user.type(masterField(dialog), 'wrong-three');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    expect(
      await screen.findByText('Too many failed attempts. Logging out for security.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().masterPassword.lockedOut).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'), {
      timeout: 4000,
    });
    expect(server.count('POST /auth/logout')).toBe(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText('Too many failed attempts. Please log in again.')).toBeInTheDocument();
  });
});
