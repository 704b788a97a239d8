import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGetPasswordsQuery, useGetPasswordStatsQuery } from '../vault';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ExportCard, ImportCard } from './DataCards';
import { MASTER, installTransferServer } from '../../test/transferTestKit';
import { FakeXhr, installFakeXhr } from './xhrTestKit';

// The import goes through XMLHttpRequest (for its upload progress): here, through the mocked fetch.
installFakeXhr();

const TITLE = 'Export and Import Passwords';
const PROMPT = 'Please upload a file or paste import data in the textarea';
const CSV = 'name,url,username,password,note\nGitHub,https://github.com,octo,Gh-S3cret!pass,\n';

/** A screen that shows the vault, as the Passwords page and the dashboard do. */
function VaultSummary() {
  const { data: list } = useGetPasswordsQuery({});
  const { data: stats } = useGetPasswordStatsQuery();
  return <p>{`${list?.length ?? '-'} listed, ${stats?.total ?? '-'} in total`}</p>;
}

function renderCards() {
  const user = userEvent.setup({ delay: null });
  window.localStorage.setItem('token', 'session-token');
  const view = renderWithProviders(
    <>
      <VaultSummary />
      <ExportCard />
      <ImportCard />
    </>,
    { path: '/settings' },
  );
  return { user, ...view };
}

type User = ReturnType<typeof userEvent.setup>;

async function openImport(user: User) {
  await user.click(screen.getByRole('button', { name: 'Import passwords' }));
  return screen.findByRole('dialog', { name: TITLE });
}

const masterField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Master password/);
const pasteArea = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Or paste import data' });
const importButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Import' });
const fileInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Choose file');

async function paste(user: User, dialog: HTMLElement, text: string) {
  await user.click(pasteArea(dialog));
  await user.paste(text);
}

describe('Import tab', () => {
  it('opens on Import with the format, the upload, an 8-row paste area and skip duplicates chosen', async () => {
    installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);

    expect(within(dialog).getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveTextContent('JSON');
    expect(within(dialog).getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(fileInput(dialog)).toHaveAttribute('accept', '.json,.csv');
    expect(pasteArea(dialog)).toHaveAttribute('rows', '8');
    const group = within(dialog).getByRole('radiogroup', { name: 'Duplicate handling' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Skip duplicates', 'Update existing', 'Import all']);
    expect(within(group).getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    expect(importButton(dialog)).toBeDisabled();
  });

  it('needs both the master password and data, and refuses blank data', async () => {
    const server = installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);

    await user.type(masterField(dialog), MASTER);
    expect(importButton(dialog)).toBeDisabled();
    await user.clear(masterField(dialog));
    await paste(user, dialog, CSV);
    expect(importButton(dialog)).toBeDisabled();
    await user.tab();
    expect(await within(dialog).findByText('Master password is required')).toBeInTheDocument();

    await user.clear(pasteArea(dialog));
    await paste(user, dialog, '   \n  ');
    await user.type(masterField(dialog), MASTER);
    expect(importButton(dialog)).toBeEnabled();
    await user.click(importButton(dialog));
    expect(await screen.findAllByText(PROMPT)).toHaveLength(2); // the toast and the field
    expect(server.count('POST /utility/import')).toBe(0);
    // Editing the data takes the message off the field.
    await user.type(pasteArea(dialog), 'x');
    expect(within(dialog).queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('loads a file, sets the format from its name and sends the file instead of the paste area', async () => {
    const server = installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);
    const format = within(dialog).getByRole('combobox', { name: 'Format' });

    await user.upload(fileInput(dialog), new File([CSV], 'chrome passwords.CSV', { type: 'text/csv' }));
    expect(await screen.findByText('File loaded: chrome passwords.CSV')).toBeInTheDocument();
    expect(format).toHaveTextContent('CSV');
    expect(pasteArea(dialog)).toBeDisabled();

    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));
    expect(await screen.findByText('Import completed successfully')).toBeInTheDocument();
    expect(server.imports()[0]).toEqual({
      masterPassword: MASTER,
      data: CSV,
      format: 'csv',
      options: { skipDuplicates: true, updateExisting: false },
    });
  });

  it('takes a .json file after a removed .csv one, and frees the paste area when a file is removed', async () => {
    installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);
    const format = within(dialog).getByRole('combobox', { name: 'Format' });
    await user.upload(fileInput(dialog), new File([CSV], 'export.csv'));
    expect(await screen.findByText('File loaded: export.csv')).toBeInTheDocument();
    expect(format).toHaveTextContent('CSV');
    await user.click(await within(dialog).findByRole('button', { name: 'Remove file export.csv' }));
    expect(within(dialog).queryByText('export.csv')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose file' })).toHaveFocus();
    expect(pasteArea(dialog)).toBeEnabled();

    await user.upload(fileInput(dialog), new File(['[{"title":"A","password":"p"}]'], 'bitwarden.json'));
    expect(await screen.findByText('File loaded: bitwarden.json')).toBeInTheDocument();
    expect(format).toHaveTextContent('JSON');
  });

  it.each([
    ['an empty file', ''],
    ['a blank file', ' \n\t\n'],
  ])('refuses %s', async (_case, content) => {
    installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);
    await user.upload(fileInput(dialog), new File([content], 'empty.csv'));
    expect(await screen.findByText('File appears to be empty or corrupted')).toBeInTheDocument();
    expect(within(dialog).queryByText('empty.csv')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveTextContent('JSON');
    await user.type(masterField(dialog), MASTER);
    expect(importButton(dialog)).toBeDisabled();
  });

  it('says so when the file cannot be read', async () => {
    installTransferServer();
    const read = jest.spyOn(FileReader.prototype, 'readAsText').mockImplementation(function (
      this: FileReader,
    ) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>), 0);
    });
    try {
      const { user } = renderCards();
      const dialog = await openImport(user);
      await user.upload(fileInput(dialog), new File([CSV], 'locked.csv'));
      expect(await screen.findByText('Failed to read file')).toBeInTheDocument();
      expect(within(dialog).queryByText('locked.csv')).not.toBeInTheDocument();
    } finally {
      read.mockRestore();
    }
  });

  it.each([
    ['Skip duplicates', { skipDuplicates: true, updateExisting: false }],
    ['Update existing', { skipDuplicates: false, updateExisting: true }],
    ['Import all', { skipDuplicates: false, updateExisting: false }],
  ])('%s sends %o', async (label, options) => {
    const server = installTransferServer();
    const { user } = renderCards();
    const dialog = await openImport(user);
    await paste(user, dialog, '[{"title":"A","password":"p"}]');
    await user.click(within(dialog).getByRole('radio', { name: label }));
    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));
    expect(await screen.findByText('Import completed successfully')).toBeInTheDocument();
    expect(server.imports()[0]).toMatchObject({ format: 'json', options });
  });

  it('shows progress, then the results with the first 3 errors, reloads the lists and stays open until closed', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const errors = ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({
      title,
      error: 'Password is required',
    }));
    const server = installTransferServer({
      'POST /utility/import': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderCards();
    expect(await screen.findByText('0 listed, 0 in total')).toBeInTheDocument();
    const dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Importing passwords' });
    expect(progress).not.toHaveAttribute('aria-valuenow');
    expect(within(dialog).getByText('Importing…')).toBeInTheDocument();
    expect(masterField(dialog)).toBeDisabled();
    const listsBefore = server.count('GET /passwords');
    const statsBefore = server.count('GET /passwords/stats');

    answer({
      body: {
        success: true,
        message: 'Import completed successfully',
        data: { imported: 7, updated: 1, skipped: 4, errors },
      },
    });
    expect(await screen.findByText('Import completed successfully')).toBeInTheDocument();
    const results = within(dialog).getByRole('region', { name: 'Import results' });
    expect(within(results).getByTestId('import-imported')).toHaveTextContent('7');
    expect(within(results).getByTestId('import-updated')).toHaveTextContent('1');
    expect(within(results).getByTestId('import-skipped')).toHaveTextContent('4');
    expect(within(results).getByText('Errors (5)')).toBeInTheDocument();
    expect(
      within(within(results).getByRole('list', { name: 'Import errors' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'One: Password is required',
      'Two: Password is required',
      'Three: Password is required',
      '... and 2 more',
    ]);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    // The secrets are gone from the form as soon as the import is in.
    expect(masterField(dialog)).toHaveValue('');
    expect(pasteArea(dialog)).toHaveValue('');

    // The import invalidated the list and the stats: both are fetched again without a page reload.
    await waitFor(() => expect(server.count('GET /passwords')).toBe(listsBefore + 1));
    expect(server.count('GET /passwords/stats')).toBe(statsBefore + 1);

    // Rows failed: the errors stay to be read, well past the 2 s of a clean import, until closed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(within(dialog).getByText('Errors (5)')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes 2 s after the results when every row was imported', async () => {
    installTransferServer({
      'POST /utility/import': {
        body: {
          success: true,
          message: 'Import completed successfully',
          data: { imported: 2, updated: 0, skipped: 0, errors: [] },
        },
      },
    });
    const { user } = renderCards();
    const dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));
    expect(await within(dialog).findByRole('region', { name: 'Import results' })).toBeInTheDocument();
    // Still open a moment later, closed 2 s after the results.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2000 });
  });

  describe('progress of a large import', () => {
    const progressBar = (dialog: HTMLElement) =>
      within(dialog).getByRole('progressbar', { name: 'Importing passwords' });

    async function startImport() {
      const server = installTransferServer();
      FakeXhr.manual = true;
      const { user } = renderCards();
      const dialog = await openImport(user);
      await paste(user, dialog, CSV);
      await user.type(masterField(dialog), MASTER);
      await user.click(importButton(dialog));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      return { server, dialog, xhr: FakeXhr.sent[0] };
    }

    it('shows the upload, then how many entries the server has written, then the results', async () => {
      const { server, dialog, xhr } = await startImport();
      const total = xhr.body.length;
      const sent = Math.round(total * 0.42);
      act(() => xhr.uploaded(sent));
      expect(within(dialog).getByRole('status')).toHaveTextContent('Uploading…');
      expect(progressBar(dialog)).toHaveAttribute('aria-valuenow', String(Math.floor((sent / total) * 100)));

      // Uploaded: the server reads the file and checks the master password.
      act(() => xhr.uploaded(total));
      expect(within(dialog).getByRole('status')).toHaveTextContent('Importing…');
      expect(progressBar(dialog)).not.toHaveAttribute('aria-valuenow');

      act(() => xhr.receive('{"progress":{"done":0,"total":1200}}\n'));
      expect(within(dialog).getByRole('status')).toHaveTextContent('Importing 1,200 entries…');
      expect(progressBar(dialog)).toHaveAttribute('aria-valuenow', '0');
      act(() => xhr.receive('{"progress":{"done":800,"total":1200}}\n'));
      expect(progressBar(dialog)).toHaveAttribute('aria-valuenow', '66');
      expect(within(dialog).getByText('66%')).toBeInTheDocument();
      expect(masterField(dialog)).toBeDisabled();

      const data = { imported: 1150, updated: 0, skipped: 50, errors: [] };
      act(() => {
        xhr.receive(`${JSON.stringify({ success: true, message: 'Import completed successfully', data })}\n`);
        xhr.finish();
      });
      expect(await screen.findByText('Import completed successfully')).toBeInTheDocument();
      const results = within(dialog).getByRole('region', { name: 'Import results' });
      expect(within(results).getByTestId('import-imported')).toHaveTextContent('1,150');
      expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
      // It went through XMLHttpRequest, not fetch.
      expect(server.count('POST /utility/import')).toBe(0);
    });

    it('shows a failure after the progress began as the server message, and keeps the data', async () => {
      const { dialog, xhr } = await startImport();
      act(() => {
        xhr.uploaded(xhr.body.length);
        xhr.receive('{"progress":{"done":0,"total":3}}\n');
      });
      act(() => {
        xhr.receive('{"message":"Internal server error","status":500}\n');
        xhr.finish();
      });
      expect(await screen.findByText('Internal server error')).toBeInTheDocument();
      expect(within(dialog).queryByRole('region', { name: 'Import results' })).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(pasteArea(dialog)).toHaveValue(CSV);
    });

    it('says when the server cannot be reached', async () => {
      const { xhr } = await startImport();
      act(() => xhr.onerror?.({}));
      expect(
        await screen.findByText("Can't reach PassVault. Check your connection and try again."),
      ).toBeInTheDocument();
    });
  });

  it.each([
    ['the size limit', { status: 413, body: { message: 'Request body is too large (limit 20 MB)' } }],
    [
      'an unrecognised file',
      {
        status: 400,
        body: { message: 'Unrecognised file: expected the columns name,url,username,password' },
      },
    ],
    ['Import failed without a message', { status: 500, body: {} }],
  ])('shows %s and keeps the data for another try', async (_case, failure) => {
    const server = installTransferServer({ 'POST /utility/import': failure });
    const { user } = renderCards();
    const dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));
    const message = (failure.body as { message?: string }).message ?? 'Import failed';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Import results' })).not.toBeInTheDocument();
    expect(pasteArea(dialog)).toHaveValue(CSV);
    expect(masterField(dialog)).toHaveValue('');
    expect(server.master.state.attemptsRemaining).toBe(3);
    expect(server.count('POST /utility/import')).toBe(1);
  });

  it('counts a wrong master password and keeps the session', async () => {
    const server = installTransferServer();
    const { user, router } = renderCards();
    const dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.type(masterField(dialog), 'not-it');
    await user.click(importButton(dialog));
    expect(await screen.findAllByText('Invalid master password. 2 attempts remaining.')).toHaveLength(2);
    expect(server.master.state.attemptsRemaining).toBe(2);
    expect(window.localStorage.getItem('token')).toBe('session-token');
    expect(router.state.location.pathname).toBe('/settings');
  });
});

describe('closing and reopening', () => {
  it('Close forgets the master password, the pasted data, the file and the results', async () => {
    installTransferServer();
    const { user } = renderCards();
    let dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.type(masterField(dialog), MASTER);
    await user.click(importButton(dialog));
    expect(await within(dialog).findByRole('region', { name: 'Import results' })).toBeInTheDocument();
    await user.upload(fileInput(dialog), new File([CSV], 'next.csv'));
    expect(await within(dialog).findByText('next.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Import all' }));
    await user.type(masterField(dialog), 'half-typed');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openImport(user);
    expect(masterField(dialog)).toHaveValue('');
    expect(pasteArea(dialog)).toHaveValue('');
    expect(pasteArea(dialog)).toBeEnabled();
    expect(within(dialog).queryByText('next.csv')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Import results' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveTextContent('JSON');
  });

  it('asks before Escape throws away pasted data; Discard closes and forgets it', async () => {
    const server = installTransferServer();
    const { user } = renderCards();
    let dialog = await openImport(user);
    await paste(user, dialog, CSV);
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(pasteArea(dialog)).toHaveValue(CSV);

    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.imports()).toHaveLength(0);
    dialog = await openImport(user);
    expect(pasteArea(dialog)).toHaveValue('');
  });

  it('reopens on the requested tab, whichever tab it was left on; Escape closes too', async () => {
    installTransferServer();
    const { user } = renderCards();
    let dialog = await openImport(user);
    await user.click(within(dialog).getByRole('tab', { name: 'Export' }));
    expect(within(dialog).getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openImport(user);
    expect(within(dialog).getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Export passwords' }));
    dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
  });
});
