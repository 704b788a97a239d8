import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '../../../common/constants';
import { MasterPasswordPromptProvider } from '../../masterPassword';
import { installFakeVault, type FakeVault } from '../../../test/fakeVaultServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { usePasswordEditor } from './usePasswordEditor';

const MASTER = 'Master#Pass1';

function AddButton() {
  const editor = usePasswordEditor();
  return (
    <>
      <button onClick={editor.openCreate}>Add Password</button>
      {editor.dialog}
    </>
  );
}

function renderForm() {
  const user = userEvent.setup();
  renderWithProviders(
    <MasterPasswordPromptProvider>
      <AddButton />
    </MasterPasswordPromptProvider>,
  );
  return user;
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add Password' }));
  return screen.findByRole('dialog', { name: 'Add Password' });
}

const passwordInput = (form: HTMLElement) => within(form).getByLabelText(/^Password\W*$/);

describe('password form dialog', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([], MASTER);
  });

  it('quotes SPEC texts for a missing title and password', async () => {
    const user = renderForm();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('App or website name is required')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(vault.calls).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Master password required' })).not.toBeInTheDocument();
  });

  it('flags an empty title only once Save was tried, not when the user moves on to Generate', async () => {
    const user = renderForm();
    const form = await openForm(user);
    await user.click(within(form).getByLabelText(/^Title/));
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Password generated')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'false');
    expect(within(form).queryByText('App or website name is required')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('App or website name is required')).toBeInTheDocument();
  });

  it('generates a 16-character password from the SPEC alphabet and says so', async () => {
    const user = renderForm();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    const value = (passwordInput(form) as HTMLInputElement).value;
    expect(value).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect([...value].every((char) => GENERATED_PASSWORD_ALPHABET.includes(char))).toBe(true);
    expect(await screen.findByText('Password generated')).toBeInTheDocument();
    expect(within(form).getByTestId('strength-meter')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect((passwordInput(form) as HTMLInputElement).value).not.toBe(value);
  });

  it('suggests a stronger password, then saves the weak one after asking for the master password', async () => {
    const user = renderForm();
    const form = await openForm(user);
    await user.type(within(form).getByLabelText(/^Title/), 'Router');
    await user.type(within(form).getByLabelText('Email or username'), 'admin');
    await user.type(passwordInput(form), 'abc');
    expect(within(form).getByText(/This password is weak/)).toBeInTheDocument();
    const tags = within(form).getByLabelText('Tags');
    await user.type(tags, 'home,network{Enter}');
    expect(within(form).getByText('home')).toBeInTheDocument();
    expect(within(form).getByText('network')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    expect(within(dialog).getByText('Enter your master password to save this password.')).toBeInTheDocument();
    expect(vault.count('POST /passwords')).toBe(0);
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Password created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const create = vault.calls.find((call) => call.route === 'POST /passwords');
    expect(create?.body).toEqual({
      title: 'Router',
      email: 'admin',
      username: 'admin',
      password: 'abc',
      website: '',
      category: 'other',
      isFavorite: false,
      notes: '',
      tags: ['home', 'network'],
      totp: '',
      fields: [],
      masterPassword: MASTER,
    });
  });

  it('keeps the form open and says so when saving fails', async () => {
    vault.fail.set('POST /passwords', { status: 500, message: 'Database down' });
    const user = renderForm();
    const form = await openForm(user);
    await user.type(within(form).getByLabelText(/^Title/), 'Mail');
    await user.type(passwordInput(form), 'Str0ng!Pass');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Failed to save password')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Mail');
  });

  describe('leaving with Escape or a click outside', () => {
    const backdropOf = (form: HTMLElement) =>
      form.closest('.MuiDialog-root')?.querySelector('.MuiBackdrop-root') as HTMLElement;

    it('closes an untouched form at once', async () => {
      const user = renderForm();
      await openForm(user);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      const form = await openForm(user);
      await user.click(backdropOf(form));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('asks before discarding what was typed: Keep editing keeps it, Discard closes', async () => {
      const user = renderForm();
      const form = await openForm(user);
      await user.type(within(form).getByLabelText(/^Title/), 'Half-filled');
      await user.keyboard('{Escape}');
      const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
      expect(question).toHaveAccessibleDescription('What you entered in this form will be lost.');
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(question).not.toBeInTheDocument());
      expect(within(form).getByLabelText(/^Title/)).toHaveValue('Half-filled');

      // A click beside the form asks too.
      await user.click(backdropOf(form));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(vault.calls).toHaveLength(0);

      // The next opening starts empty, and unchanged again.
      const next = await openForm(user);
      expect(within(next).getByLabelText(/^Title/)).toHaveValue('');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('does not ask when the change was undone, nor when Cancel is pressed', async () => {
      const user = renderForm();
      let form = await openForm(user);
      await user.type(within(form).getByLabelText(/^Title/), 'X');
      await user.clear(within(form).getByLabelText(/^Title/));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      form = await openForm(user);
      await user.type(within(form).getByLabelText(/^Title/), 'Mail');
      await user.click(within(form).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });
});
