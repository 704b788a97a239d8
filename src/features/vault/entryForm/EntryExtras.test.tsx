import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_NAME_REQUIRED, TOO_MANY_FIELDS } from '../../../common/customFields';
import { TOTP_INVALID, TOTP_NOT_TIME_BASED } from '../../../common/totp';
import { MasterPasswordPromptProvider } from '../../masterPassword';
import { installFakeVault, type FakeVault } from '../../../test/fakeVaultServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PasswordFormDialog } from './PasswordFormDialog';
import { emptyPasswordForm } from './passwordFormValues';
import { usePasswordEditor } from './usePasswordEditor';

const MASTER = 'Master#Pass1';
const TOTP_URI = 'otpauth://totp/ACME:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=ACME';

function AddButton() {
  const editor = usePasswordEditor();
  return (
    <>
      <button onClick={editor.openCreate}>Add Password</button>
      {editor.dialog}
    </>
  );
}

async function openForm() {
  const user = userEvent.setup();
  renderWithProviders(
    <MasterPasswordPromptProvider>
      <AddButton />
    </MasterPasswordPromptProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Add Password' }));
  const form = await screen.findByRole('dialog', { name: 'Add Password' });
  return { user, form };
}

/** Types `text` in one go (a paste): every keystroke re-validates the whole form, slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const totpInput = (form: HTMLElement) => within(form).getByLabelText('Authenticator key (TOTP)');
const row = (form: HTMLElement, n: number) => within(form).getByRole('group', { name: `Custom field ${n}` });

describe('the entry form: authenticator key and custom fields', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([], MASTER);
  });

  it('sends the TOTP and the custom fields of a new entry', async () => {
    const { user, form } = await openForm();
    await fill(user, within(form).getByLabelText(/^Title/), 'ACME');
    await fill(user, within(form).getByLabelText(/^Password\W*$/), 'Str0ng!Pass');

    // The key is a secret: typed masked, with its own eye, and the field says what it takes.
    const totp = totpInput(form);
    expect(totp).toHaveAttribute('type', 'password');
    expect(totp).toHaveAccessibleDescription(/otpauth:\/\/ link or the base32 secret/);
    await user.click(totp);
    await user.paste(TOTP_URI);
    await user.click(within(form).getByRole('button', { name: 'Show authenticator key' }));
    expect(totp).toHaveAttribute('type', 'text');
    expect(totp).toHaveValue(TOTP_URI);

    // Two fields, one hidden; a third one added and removed again.
    const addField = within(form).getByRole('button', { name: 'Add field' });
    await user.click(addField);
    expect(within(row(form, 1)).getByLabelText('Name')).toHaveFocus();
    await fill(user, within(row(form, 1)).getByLabelText('Name'), '  PIN ');
    await user.click(within(row(form, 1)).getByRole('checkbox', { name: 'Hidden' }));
    const pin = within(row(form, 1)).getByLabelText('Value');
    expect(pin).toHaveAttribute('type', 'password');
    await fill(user, pin, '0042');
    await user.click(addField);
    await fill(user, within(row(form, 2)).getByLabelText('Name'), 'Customer number');
    await fill(user, within(row(form, 2)).getByLabelText('Value'), 'C-7781');
    expect(within(row(form, 2)).getByLabelText('Value')).toHaveAttribute('type', 'text');
    await user.click(addField);
    await fill(user, within(row(form, 3)).getByLabelText('Name'), 'Scratch');
    await user.click(within(row(form, 3)).getByRole('button', { name: 'Remove custom field 3' }));
    expect(within(form).queryByRole('group', { name: 'Custom field 3' })).not.toBeInTheDocument();
    expect(addField).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Password created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const create = vault.calls.find((call) => call.route === 'POST /passwords');
    expect(create?.body).toMatchObject({
      title: 'ACME',
      password: 'Str0ng!Pass',
      totp: TOTP_URI,
      fields: [
        { name: 'PIN', value: '0042', hidden: true },
        { name: 'Customer number', value: 'C-7781', hidden: false },
      ],
    });
  });

  it('names an invalid key and a nameless field, and sends nothing', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText(/^Title/), 'ACME');
    await user.type(within(form).getByLabelText(/^Password\W*$/), 'Str0ng!Pass');
    await user.type(totpInput(form), 'not a key!');
    await user.tab();
    expect(await within(form).findByText(TOTP_INVALID)).toBeInTheDocument();
    expect(totpInput(form)).toHaveAccessibleDescription(TOTP_INVALID);
    expect(totpInput(form)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await user.type(within(row(form, 1)).getByLabelText('Value'), 'orphan value');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(row(form, 1)).findByText(FIELD_NAME_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Master password required' })).not.toBeInTheDocument();

    // A counter-based (HOTP) link is named for what it is.
    await user.clear(totpInput(form));
    await user.click(totpInput(form));
    await user.paste('otpauth://hotp/ACME:alice?secret=JBSWY3DPEHPK3PXP&counter=1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(TOTP_NOT_TIME_BASED)).toBeInTheDocument();
    expect(vault.calls).toHaveLength(0);
  });

  it('accepts a bare base32 secret as authenticator apps show it', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText(/^Title/), 'Mail');
    await user.type(within(form).getByLabelText(/^Password\W*$/), 'Str0ng!Pass');
    await user.type(totpInput(form), 'jbsw y3dp ehpk 3pxp');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Password created successfully')).toBeInTheDocument();
    expect(vault.calls.find((call) => call.route === 'POST /passwords')?.body).toMatchObject({
      totp: 'jbsw y3dp ehpk 3pxp',
    });
  });

  it('stops adding fields at the limit and says why', async () => {
    const fields = Array.from({ length: 50 }, (_, n) => ({ name: `F${n}`, value: '', hidden: false }));
    renderWithProviders(
      <PasswordFormDialog
        open
        mode="edit"
        initialValues={{ ...emptyPasswordForm, fields }}
        onSubmit={async () => true}
        onClose={() => undefined}
      />,
    );
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).getAllByRole('group', { name: /^Custom field \d+$/ })).toHaveLength(50);
    const addField = within(form).getByRole('button', { name: 'Add field' });
    expect(addField).toBeDisabled();
    expect(addField).toHaveAccessibleDescription(TOO_MANY_FIELDS);
  });
});
