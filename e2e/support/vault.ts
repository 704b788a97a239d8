// Vault steps the journeys share: adding an entry through the entry form, answering the master-password
// dialog, and (where the form is not the point) adding entries through the real API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface EntryInput {
  title: string;
  login: string;
  password: string;
  website: string;
  category: string;
  notes?: string;
}

/** Answers the master-password dialog that a save, reveal, edit or delete opens. */
export async function enterMasterPassword(page: Page, masterPassword: string): Promise<void> {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('textbox', { name: 'Master password' }) });
  await dialog.getByRole('textbox', { name: 'Master password' }).fill(masterPassword);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

/** Adds an entry on /passwords through the entry form and the master-password dialog. */
export async function addEntry(page: Page, entry: EntryInput, masterPassword: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Title').fill(entry.title);
  await form.getByLabel('Email or username').fill(entry.login);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(entry.password);
  await form.getByLabel('Website').fill(entry.website);
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: entry.category, exact: true }).click();
  if (entry.notes) await form.getByLabel('Notes').fill(entry.notes);
  await form.getByRole('button', { name: 'Save' }).click();
  await enterMasterPassword(page, masterPassword);
  await expect(page.getByText('Password created successfully').first()).toBeVisible();
  await expect(page.getByRole('article', { name: entry.title })).toBeVisible();
}

export interface ApiEntry {
  title: string;
  password: string;
  email?: string;
  username?: string;
  website?: string;
  category?: string;
  isFavorite?: boolean;
  notes?: string;
  tags?: string[];
  /** An otpauth://totp/ link or a base32 secret. */
  totp?: string;
  fields?: { name: string; value: string; hidden: boolean }[];
}

/** Adds an entry through `POST /api/passwords` with a session token (from `registerThroughApi`). */
export async function addEntryThroughApi(
  request: APIRequestContext,
  token: string,
  masterPassword: string,
  entry: ApiEntry,
): Promise<void> {
  const created = await request.post('/api/passwords', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...entry, masterPassword },
  });
  expect(created.status(), await created.text()).toBe(201);
}
