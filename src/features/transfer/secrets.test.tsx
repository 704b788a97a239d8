// First: the stand-in for the DevTools extension must exist before Redux Toolkit loads.
import { devTools } from '../../test/fakeDevTools';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ExportCard, ImportCard } from './DataCards';
import { MASTER, blobText, captureDownloads, installTransferServer } from '../../test/transferTestKit';
import { installFakeXhr } from './xhrTestKit';

// The import goes through XMLHttpRequest (for its upload progress): here, through the mocked fetch.
installFakeXhr();

const EXPORTED = '{\n  "passwords": [{ "title": "Bank", "password": "Exp0rted-S3cret!" }]\n}';
const IMPORTED = 'name,url,username,password,note\nMail,https://mail.example,me,Imp0rted-S3cret!,pin 4711\n';
const SECRETS = [MASTER, 'Exp0rted-S3cret!', 'Imp0rted-S3cret!', 'pin 4711'];

const serialised = (value: unknown) => JSON.stringify(value);

it('keeps the master password and the exported and imported data out of the store and DevTools', async () => {
  const downloads = captureDownloads();
  const server = installTransferServer({
    'POST /utility/export': {
      body: { success: true, data: EXPORTED, filename: 'vault.json', format: 'json' },
    },
  });
  devTools.clear();
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(
    <>
      <ExportCard />
      <ImportCard />
    </>,
    { path: '/settings' },
  );

  try {
    await user.click(screen.getByRole('button', { name: 'Export passwords' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Passwords exported successfully')).toBeInTheDocument();
    expect(await blobText(downloads.downloads[0].blob)).toBe(EXPORTED);

    await user.click(within(dialog).getByRole('tab', { name: 'Import' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Or paste import data' }));
    await user.paste(IMPORTED);
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('region', { name: 'Import results' })).toBeInTheDocument();
    expect(server.imports()[0]).toMatchObject({ masterPassword: MASTER, data: IMPORTED });
  } finally {
    downloads.restore();
  }

  // The secrets did pass through the store's dispatch: without the sanitizers DevTools would show them.
  const raw = serialised(devTools.raw.map((entry) => (entry as { action: unknown }).action));
  for (const secret of SECRETS) expect(raw).toContain(secret);

  const shown = serialised(devTools.shown);
  expect(shown).toContain('exportPasswords');
  expect(shown).toContain('importPasswords');
  for (const secret of SECRETS) expect(shown).not.toContain(secret);

  // Neither the store's state (RTK Query's cache included) nor any state DevTools saw holds them.
  const states = serialised(devTools.raw.map((entry) => (entry as { state: unknown }).state));
  for (const secret of SECRETS) {
    expect(serialised(store.getState())).not.toContain(secret);
    expect(states).not.toContain(secret);
  }
});
