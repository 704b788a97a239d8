import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import PasswordsPage from './PasswordsPage';

const MASTER = 'Master#Pass1';
// RFC 6238's test key ("12345678901234567890" in base32) and its SHA-1 vectors, cut to 6 digits:
// 1111111109 s -> 07081804 and 1111111111 s -> 14050471, on either side of the step that starts at 1111111110 s.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const TOTP_URI = `otpauth://totp/ACME:alice@example.com?secret=${RFC_SECRET}&issuer=ACME`;
const STEP_START_MS = 1_111_111_110_000;
const CODE_BEFORE = '081804';
const CODE_AFTER = '050471';

const card = (title: string) => screen.getByRole('article', { name: title });

function renderPage(userOptions?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(userOptions);
  renderWithProviders(<PasswordsPage />, { path: '/passwords' });
  return user;
}

async function reveal(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `Reveal password for ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
  await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await within(card(title)).findByRole('button', { name: `Hide password for ${title}` });
}

describe('TOTP codes and custom fields on the Passwords page', () => {
  let vault: FakeVault;

  beforeEach(() => {
    vault = installFakeVault([
      makeEntry({
        _id: 'acme',
        title: 'ACME',
        email: 'alice@example.com',
        password: 'Acme-S3cret!',
        totp: TOTP_URI,
        fields: [
          { name: 'Customer number', value: 'C-7781', hidden: false },
          { name: 'PIN', value: '0042', hidden: true },
        ],
      }),
      makeEntry({ _id: 'plain', title: 'Plain', password: 'Plain-S3cret!' }),
    ]);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows that an entry has a TOTP, its open fields, and only the names of hidden ones', async () => {
    renderPage();
    const acme = await screen.findByRole('article', { name: 'ACME' });
    expect(within(acme).getByText('One-time code')).toBeInTheDocument();
    expect(within(acme).getByText('••• •••')).toBeInTheDocument();
    expect(within(acme).getByText('Customer number')).toBeInTheDocument();
    expect(within(acme).getByText('C-7781')).toBeInTheDocument();
    expect(
      within(acme).getByRole('button', { name: 'Copy Customer number field for ACME' }),
    ).toBeInTheDocument();
    expect(within(acme).getByText('PIN')).toBeInTheDocument();
    // The password and the hidden field, both masked; the hidden value is not on the page at all.
    expect(within(acme).getAllByText('••••••••')).toHaveLength(2);
    expect(within(acme).queryByText('0042')).not.toBeInTheDocument();
    expect(within(acme).queryByRole('button', { name: /one-time code/ })).not.toBeInTheDocument();
    expect(within(acme).queryByRole('button', { name: /PIN/ })).not.toBeInTheDocument();
    const list = vault.calls.find((call) => call.route === 'GET /passwords');
    expect(list).toBeDefined();

    const plain = card('Plain');
    expect(within(plain).queryByText('One-time code')).not.toBeInTheDocument();
    expect(within(plain).queryByText('••• •••')).not.toBeInTheDocument();
  });

  it('shows the live code with its countdown, changes it at the step, copies it and clears it on hide', async () => {
    jest.useFakeTimers({ now: STEP_START_MS - 10_000, doNotFake: ['queueMicrotask', 'nextTick'] });
    const user = renderPage({ advanceTimers: jest.advanceTimersByTime });
    await reveal(user, 'ACME');
    const acme = card('ACME');

    // The reveal took a moment of (fake) time; go on to 5 seconds before the step ends.
    expect(Date.now()).toBeLessThan(STEP_START_MS - 5_000);
    act(() => jest.advanceTimersByTime(STEP_START_MS - 5_000 - Date.now()));
    expect(within(acme).getByText('081 804')).toBeInTheDocument();
    const countdown = within(acme).getByRole('progressbar', { name: 'Seconds until a new code' });
    expect(countdown).toHaveAttribute('aria-valuetext', '5 seconds');
    expect(countdown).toHaveAttribute('aria-valuemax', '30');
    expect(within(acme).getByText('5')).toBeInTheDocument();

    // Copy takes the code of the moment of the click, grouped digits without the space.
    await user.click(within(acme).getByRole('button', { name: 'Copy one-time code for ACME' }));
    expect(await screen.findByText('One-time code copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(CODE_BEFORE);

    act(() => jest.advanceTimersByTime(STEP_START_MS - 1_000 - Date.now()));
    expect(countdown).toHaveAttribute('aria-valuetext', '1 second');
    expect(within(acme).getByText('081 804')).toBeInTheDocument();

    // The step ends: a new code, a full countdown.
    act(() => jest.advanceTimersByTime(1_000));
    expect(within(acme).getByText('050 471')).toBeInTheDocument();
    expect(within(acme).queryByText('081 804')).not.toBeInTheDocument();
    expect(countdown).toHaveAttribute('aria-valuetext', '30 seconds');

    await user.click(within(acme).getByRole('button', { name: 'Copy one-time code for ACME' }));
    await waitFor(() => expect(navigator.clipboard.readText()).resolves.toBe(CODE_AFTER));

    // The other entry is not revealed by this one.
    expect(within(card('Plain')).getByText('••••••••')).toBeInTheDocument();

    await user.click(within(acme).getByRole('button', { name: 'Hide password for ACME' }));
    expect(within(acme).queryByText('050 471')).not.toBeInTheDocument();
    expect(within(acme).getByText('••• •••')).toBeInTheDocument();
    expect(within(acme).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      within(acme).queryByRole('button', { name: 'Copy one-time code for ACME' }),
    ).not.toBeInTheDocument();
    // The copied code leaves the clipboard like a copied password.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(write).toHaveBeenLastCalledWith('');
  });

  it('shows a revealed hidden field masked, with its own show and copy', async () => {
    const user = renderPage();
    await reveal(user, 'ACME');
    const acme = card('ACME');
    expect(within(acme).queryByText('0042')).not.toBeInTheDocument();
    await user.click(within(acme).getByRole('button', { name: 'Show PIN field for ACME' }));
    expect(within(acme).getByText('0042')).toBeInTheDocument();
    await user.click(within(acme).getByRole('button', { name: 'Hide PIN field for ACME' }));
    expect(within(acme).queryByText('0042')).not.toBeInTheDocument();

    await user.click(within(acme).getByRole('button', { name: 'Copy PIN field for ACME' }));
    expect(await screen.findByText('PIN copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('0042');

    // Shown, then the entry hidden and revealed again: masked again.
    await user.click(within(acme).getByRole('button', { name: 'Show PIN field for ACME' }));
    await user.click(within(acme).getByRole('button', { name: 'Hide password for ACME' }));
    expect(within(acme).queryByText('0042')).not.toBeInTheDocument();
    expect(within(acme).queryByRole('button', { name: 'Show PIN field for ACME' })).not.toBeInTheDocument();
    await reveal(user, 'ACME');
    expect(within(card('ACME')).queryByText('0042')).not.toBeInTheDocument();
  });

  it('edits with the key and the fields filled in, sends them back, and masks the card again', async () => {
    const user = renderPage();
    await reveal(user, 'ACME');
    await user.click(within(card('ACME')).getByRole('button', { name: 'Edit ACME' }));
    const dialog = await screen.findByRole('dialog', { name: 'Master password required' });
    await user.type(within(dialog).getByLabelText(/^Master password/), MASTER);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    expect(within(form).getByLabelText('Authenticator key (TOTP)')).toHaveValue(TOTP_URI);
    const pinRow = within(form).getByRole('group', { name: 'Custom field 2' });
    expect(within(pinRow).getByLabelText('Name')).toHaveValue('PIN');
    expect(within(pinRow).getByLabelText('Value')).toHaveValue('0042');
    expect(within(pinRow).getByRole('checkbox', { name: 'Hidden' })).toBeChecked();

    // The key is taken away; the first field goes; the PIN changes.
    await user.clear(within(form).getByLabelText('Authenticator key (TOTP)'));
    await user.click(within(form).getByRole('button', { name: 'Remove custom field 1' }));
    const pin = within(within(form).getByRole('group', { name: 'Custom field 1' })).getByLabelText('Value');
    await user.clear(pin);
    await user.type(pin, '9999');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();

    const update = vault.calls.find((call) => call.route === 'PUT /passwords/:id');
    expect(update?.body).toMatchObject({ totp: '', fields: [{ name: 'PIN', value: '9999', hidden: true }] });
    // The card shows what is stored now: no TOTP, and it is masked (its secrets changed).
    await waitFor(() => expect(within(card('ACME')).queryByText('One-time code')).not.toBeInTheDocument());
    expect(
      within(card('ACME')).getByRole('button', { name: 'Reveal password for ACME' }),
    ).toBeInTheDocument();
    expect(within(card('ACME')).queryByText('Customer number')).not.toBeInTheDocument();
  });

  it('shows three fields on the card and says how many more the details hold', async () => {
    vault.entries.push(
      makeEntry({
        _id: 'many',
        title: 'Many',
        fields: ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => ({ name, value: name, hidden: false })),
      }),
    );
    const user = renderPage();
    const many = await screen.findByRole('article', { name: 'Many' });
    // Each field's name and its value ("Three: Three").
    expect(within(many).getAllByText('Three', { selector: 'span' })).toHaveLength(2);
    expect(within(many).queryAllByText('Four', { selector: 'span' })).toHaveLength(0);
    await user.click(within(many).getByRole('button', { name: '2 more fields in details' }));
    // The details hold all five.
    const details = await screen.findByRole('dialog', { name: 'Many' });
    for (const name of ['One', 'Five']) expect(within(details).getAllByText(name).length).toBeGreaterThan(0);
  });
});
