import { expect, test } from '@playwright/test';
import { mailCount, nextCode } from './support/mailbox';
import { newPerson, registerThroughApi, signIn, signOut } from './support/users';

test('a person registers, confirms the e-mailed code, signs out and in, and resets a forgotten password', async ({
  page,
}) => {
  const person = newPerson('Grace');

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  const create = page.getByRole('button', { name: 'Create Account' });
  await page.getByLabel('Account password', { exact: true }).fill('weak');
  await expect(create).toBeDisabled();
  await page.getByLabel('Account password', { exact: true }).fill(person.password);
  await page.getByLabel('Master password', { exact: true }).fill(person.masterPassword);
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(
    page.getByText('Registration initiated! Please check your email for OTP verification.'),
  ).toBeVisible();
  const code = await nextCode(person.email);
  await page.getByLabel('Verification code').fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText(/Invalid or expired OTP/).first()).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Registration completed successfully!')).toBeVisible();

  // A reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(person.email).first()).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();

  // A wrong password clears the field and says so.
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1!password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  await signIn(page, person);
  await expect(page.getByText('Login successful!')).toBeVisible();
  // Wait until the session is gone: a page load while logout is still in flight would restore it.
  await signOut(page);

  // Forgot password: code by e-mail, three steps, then the new password works and the old does not.
  await page.goto('/login');
  await page.getByRole('link', { name: /Forgot your password/ }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's code is in: until its heading shows, the sign-in form (with
  // its own Email field) is still the one on screen.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  const mailsBefore = mailCount(person.email);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/forgot-password-otp$/);
  const resetCode = await nextCode(person.email, mailsBefore);
  await page.getByLabel('Reset code').fill(resetCode);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('OTP verified successfully!')).toBeVisible();
  const newPassword = 'Orchard5&Compass';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill('Orchard5&Compas');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await signIn(page, person, newPassword);
});

test.describe('routing rules', () => {
  test('signed out: private pages go to /login, unknown paths to /, hand-over pages back a step', async ({
    page,
  }) => {
    for (const path of ['/dashboard', '/passwords', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/verify-otp');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('No email provided for verification')).toBeVisible();
    await page.goto('/forgot-password-otp');
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('signed in: signed-out pages go to /dashboard', async ({ page, request }) => {
    const person = newPerson('Alan');
    await registerThroughApi(request, person);
    await signIn(page, person);
    for (const path of ['/login', '/register', '/verify-otp', '/forgot-password', '/forgot-password-otp']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });
});
