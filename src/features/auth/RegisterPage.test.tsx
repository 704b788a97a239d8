import { act, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const ALL_MISSING = 'Required: 8+ characters, uppercase letter, lowercase letter, number, special character';
const STRONG = 'Tr0ub4dor&3';
const MASTER = 'Zy8$Kp3@Lm';

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  const field = (label: string) => screen.getByLabelText(label);
  const submit = screen.getByRole('button', { name: 'Create Account' });
  const fill = async (values: Partial<Record<string, string>>) => {
    for (const [label, value] of Object.entries(values)) if (value) await view.user.type(field(label), value);
  };
  return { ...view, field, submit, fill };
}

const VALID = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Email: 'ada@example.com',
  'Account password': STRONG,
  'Master password': MASTER,
};

describe('validation (SPEC section 5)', () => {
  test('one plain e-mail address, and a master password that is not the account password', async () => {
    const { user, field, fill, submit } = await openRegister();
    await fill({ ...VALID, Email: 'Ada <ada@example.com>', 'Master password': STRONG });
    await user.click(document.body);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(
      await screen.findByText('The account password and the master password must be different'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@example.com,eve@example.com');
    await user.click(document.body);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  test('names need at least 2 characters; the e-mail is required and checked', async () => {
    const { user, field, fill } = await openRegister();
    await fill({ 'First name': 'A', 'Last name': 'B', Email: 'nope' });
    await user.click(field('Account password'));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.clear(field('Email'));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  test("each password lists what it still needs as 'Required: ...', live", async () => {
    const { user, field } = await openRegister();
    await user.type(field('Account password'), 'abc');
    expect(
      await screen.findByText('Required: 8+ characters, uppercase letter, number, special character'),
    ).toBeInTheDocument();
    await user.type(field('Master password'), 'ABCDEFGH1');
    expect(await screen.findByText('Required: lowercase letter, special character')).toBeInTheDocument();
    await user.clear(field('Account password'));
    expect(await screen.findByText(ALL_MISSING)).toBeInTheDocument();
  });

  test('the submit stays disabled while either password is invalid', async () => {
    const { user, field, fill, submit } = await openRegister();
    expect(submit).toBeDisabled();
    await fill({ 'Account password': STRONG });
    expect(submit).toBeDisabled();
    await fill({ 'Master password': 'weak' });
    expect(submit).toBeDisabled();
    await user.clear(field('Master password'));
    await fill({ 'Master password': MASTER });
    expect(submit).toBeEnabled();
  });

  test('each password has a live strength meter', async () => {
    const { fill } = await openRegister();
    await fill({ 'Account password': 'abc', 'Master password': MASTER });
    expect(screen.getByRole('progressbar', { name: 'Account password strength: Weak' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Master password strength: Strong' })).toBeInTheDocument();
  });
});

test('success: the toast, then /verify-otp with the e-mail', async () => {
  const { calls } = mockApi({
    'POST /auth/register': {
      status: 201,
      body: { success: true, message: 'Check your mail', email: 'ada@example.com', registrationId: 'h1' },
    },
  });
  const { user, fill, submit, router } = await openRegister();
  await fill(VALID);
  await user.click(submit);
  expect(
    await screen.findByText('Registration initiated! Please check your email for OTP verification.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
  // The handover holds no password: the router keeps it in the browser's history.
  expect(router.state.location.state).toEqual({
    email: 'ada@example.com',
    registrationId: 'h1',
    draft: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  });
  expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  expect(calls[0].body).toEqual({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: STRONG,
    masterPassword: MASTER,
  });
});

test.each(['Back to registration', 'Start over'])(
  '"%s" opens the form with the names and the e-mail as they were, and the passwords empty',
  async (link) => {
    mockApi({
      'POST /auth/register': {
        status: 201,
        body: { success: true, message: 'Check your mail', email: 'ada@example.com', registrationId: 'h1' },
      },
    });
    const { user, fill, submit, router, field } = await openRegister();
    await fill(VALID);
    await user.click(submit);
    await screen.findByRole('heading', { name: 'Verify your email' });
    await user.click(screen.getByRole('link', { name: link }));
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(router.state.location.pathname).toBe('/register');
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Account password')).toHaveValue('');
    expect(field('Master password')).toHaveValue('');
    expect(JSON.stringify(router.state.location.state)).not.toContain(STRONG);
    expect(JSON.stringify(router.state.location.state)).not.toContain(MASTER);
  },
);

test('going back keeps the invitation the form came with', async () => {
  const { calls } = mockApi({
    'POST /auth/register': {
      status: 201,
      body: { success: true, message: 'Check your mail', email: 'ada@example.com', registrationId: 'h1' },
    },
  });
  const view = renderApp('/register?invite=inv-123');
  await screen.findByRole('heading', { name: 'Create your account' });
  for (const [label, value] of Object.entries(VALID))
    await view.user.type(screen.getByLabelText(label), value);
  await view.user.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByRole('heading', { name: 'Verify your email' });
  expect(screen.getByRole('link', { name: 'Back to registration' })).toHaveAttribute(
    'href',
    '/register?invite=inv-123',
  );
  await view.user.click(screen.getByRole('link', { name: 'Back to registration' }));
  await screen.findByRole('heading', { name: 'Create your account' });
  expect(view.router.state.location.search).toBe('?invite=inv-123');
  expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  expect(calls[0].body).toMatchObject({ invite: 'inv-123' });
});

test("an e-mail that already has an account: 'User already registered. Redirecting to login...', then /login after 2 s", async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  try {
    mockApi({
      'POST /auth/register': { status: 409, body: { message: 'User with this email already exists' } },
    });
    const view = renderApp('/register', { userOptions: { advanceTimers: jest.advanceTimersByTime } });
    await screen.findByRole('heading', { name: 'Create your account' });
    for (const [label, value] of Object.entries(VALID))
      await view.user.type(screen.getByLabelText(label), value);
    await view.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('User already registered. Redirecting to login...')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(view.router.state.location.pathname).toBe('/register');
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  } finally {
    jest.useRealTimers();
  }
});

test("other failures show the server's message, or 'Registration failed', or the network text", async () => {
  let answer = {
    status: 502,
    body: { message: 'We could not send the verification e-mail. Please try again later.' } as object,
  };
  const { fetchMock } = mockApi({ 'POST /auth/register': () => answer });
  const { user, fill, submit, router } = await openRegister();
  await fill(VALID);
  await user.click(submit);
  expect(
    await screen.findByText('We could not send the verification e-mail. Please try again later.'),
  ).toBeInTheDocument();
  answer = { status: 500, body: {} };
  await user.click(submit);
  expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
  await user.click(submit);
  expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/register');
});

test('an invitation link: its token goes with the registration; a refusal shows the server message', async () => {
  const { calls } = mockApi({
    'POST /auth/register': {
      status: 403,
      body: { message: 'This invitation is not valid: it may have expired or been used. Ask for a new one.' },
    },
  });
  const view = renderApp('/register?invite=tok-123');
  await screen.findByRole('heading', { name: 'Create your account' });
  for (const [label, value] of Object.entries(VALID))
    await view.user.type(screen.getByLabelText(label), value);
  await view.user.click(screen.getByRole('button', { name: 'Create Account' }));
  expect(
    await screen.findByText(
      'This invitation is not valid: it may have expired or been used. Ask for a new one.',
    ),
  ).toBeInTheDocument();
  expect(calls[0].body).toMatchObject({ email: 'ada@example.com', invite: 'tok-123' });
});
