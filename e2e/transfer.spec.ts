import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signedInPerson, type Person } from './support/users';
import { addEntry, enterMasterPassword, type EntryInput } from './support/vault';

const GITHUB: EntryInput = {
  title: 'GitHub',
  login: 'nora@example.test',
  password: 'Gh7!secretValue',
  website: 'https://github.com',
  category: 'work',
  notes: 'Recovery codes are in the safe, "top shelf", next to the deed',
};
const NETFLIX: EntryInput = {
  title: 'Netflix',
  login: 'nora.films',
  password: 'Nf8$movieNight',
  website: 'https://netflix.com',
  category: 'entertainment',
};

interface ExportedEntry {
  title: string;
  email?: string;
  username?: string;
  password: string;
  website?: string;
  category?: string;
  notes?: string;
}

/** Settings → Data → the Export or Import card: the dialog opens on that tab. */
async function openTransferDialog(page: Page, action: 'Export passwords' | 'Import passwords') {
  await page.goto('/settings?tab=data');
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: 'Export and Import Passwords' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Exports in `format` with the master password; answers the download once the file is complete. */
async function exportVault(page: Page, person: Person, format: 'JSON' | 'CSV'): Promise<Download> {
  const dialog = await openTransferDialog(page, 'Export passwords');
  await expect(dialog.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
  if (format === 'CSV') {
    await dialog.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'CSV', exact: true }).click();
  }
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveText(format);
  await dialog.getByRole('textbox', { name: 'Master password' }).fill(person.masterPassword);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  await expect(page.getByText('Passwords exported successfully').first()).toBeVisible();
  // The master password does not stay in the dialog after the attempt.
  await expect(dialog.getByRole('textbox', { name: 'Master password' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return file;
}

/** The export's name: passwords_export_{ISO date}.{format}, the date of today (UTC) give or take a day. */
function expectExportName(name: string, format: 'json' | 'csv') {
  const match = new RegExp(`^passwords_export_(\\d{4}-\\d{2}-\\d{2})\\.${format}$`).exec(name);
  expect(match, name).not.toBeNull();
  const day = Date.parse(`${match?.[1]}T00:00:00Z`);
  expect(Math.abs(Date.now() - day)).toBeLessThan(2 * 24 * 3600_000);
}

test('export the vault to a file, delete an entry, import the file with skip duplicates: the entry is back', async ({
  page,
  request,
}, testInfo) => {
  const person = await signedInPerson(page, request, 'Nora');
  await page.goto('/passwords');
  await addEntry(page, GITHUB, person.masterPassword);
  await addEntry(page, NETFLIX, person.masterPassword);

  // Export as JSON: a file with the export's name holding both entries, decrypted, field for field.
  const download = await exportVault(page, person, 'JSON');
  const name = download.suggestedFilename();
  expectExportName(name, 'json');
  const saved = testInfo.outputPath(name);
  await download.saveAs(saved);
  const exported = JSON.parse(fs.readFileSync(saved, 'utf8')) as {
    version: number;
    passwords: ExportedEntry[];
  };
  expect(exported.version).toBe(1);
  expect(exported.passwords.map((entry) => entry.title).sort()).toEqual(['GitHub', 'Netflix']);
  const github = exported.passwords.find((entry) => entry.title === 'GitHub');
  expect(github).toMatchObject({
    email: GITHUB.login,
    password: GITHUB.password,
    website: GITHUB.website,
    category: GITHUB.category,
    notes: GITHUB.notes,
  });
  expect(exported.passwords.find((entry) => entry.title === 'Netflix')).toMatchObject({
    username: NETFLIX.login,
    password: NETFLIX.password,
  });

  // Delete GitHub.
  await page.goto('/passwords');
  const card = page.getByRole('article', { name: 'GitHub' });
  await card.getByRole('button', { name: 'Delete GitHub' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await enterMasterPassword(page, person.masterPassword);
  await expect(page.getByText('Password deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Import the saved file, skipping duplicates: GitHub comes back, Netflix is not doubled.
  const dialog = await openTransferDialog(page, 'Import passwords');
  await expect(dialog.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Choose file').setInputFiles(saved);
  await expect(page.getByText(`File loaded: ${name}`)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Format' })).toHaveText('JSON');
  await dialog.getByRole('radio', { name: 'Import all' }).check();
  await dialog.getByRole('radio', { name: 'Skip duplicates' }).check();
  await expect(dialog.getByRole('radio', { name: 'Skip duplicates' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Master password' }).fill(person.masterPassword);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  const results = dialog.getByRole('region', { name: 'Import results' });
  await expect(results).toBeVisible();
  await expect(results.getByTestId('import-imported')).toHaveText('1');
  await expect(results.getByTestId('import-updated')).toHaveText('0');
  await expect(results.getByTestId('import-skipped')).toHaveText('1');
  await expect(page.getByText('Import completed successfully')).toBeVisible();
  // SPEC section 4: the dialog closes 2 s after the results show.
  await expect(dialog).toBeHidden({ timeout: 5000 });

  await page.goto('/passwords');
  const restored = page.getByRole('article', { name: 'GitHub' });
  await expect(restored).toBeVisible();
  await expect(page.getByRole('article', { name: 'Netflix' })).toHaveCount(1);
  await restored.getByRole('button', { name: 'Reveal password for GitHub' }).click();
  await enterMasterPassword(page, person.masterPassword);
  await expect(restored.getByText(GITHUB.password)).toBeVisible();
  // The notes came back too (the edit form shows them).
  await restored.getByRole('button', { name: 'Edit GitHub' }).click();
  await enterMasterPassword(page, person.masterPassword);
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Notes')).toHaveValue(GITHUB.notes ?? '');
  await expect(form.getByLabel('Website')).toHaveValue(GITHUB.website);
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('a CSV export is named passwords_export_{date}.csv and starts with the columns other managers read', async ({
  page,
  request,
}, testInfo) => {
  const person = await signedInPerson(page, request, 'Iris');
  await page.goto('/passwords');
  await addEntry(page, NETFLIX, person.masterPassword);

  const download = await exportVault(page, person, 'CSV');
  const name = download.suggestedFilename();
  expectExportName(name, 'csv');
  const saved = testInfo.outputPath(name);
  await download.saveAs(saved);
  const lines = fs.readFileSync(saved, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^name,url,username,password,note,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Netflix');
  expect(lines[1]).toContain(NETFLIX.password);
});
