import { expect, test } from '@playwright/test';
import { signedInPerson, type Person } from './support/users';
import { addEntry, enterMasterPassword } from './support/vault';

test.describe('the vault', () => {
  let person: Person;

  test.beforeEach(async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    person = await signedInPerson(page, request, 'Vera');
  });

  test('add, search, filter, reveal, copy, edit, favourite and delete entries', async ({ page }) => {
    await page.goto('/passwords');
    await expect(page.getByRole('heading', { name: 'Passwords', exact: true })).toBeVisible();
    await expect(page.getByText('No passwords found')).toBeVisible();
    await expect(page.getByText('Get started by adding your first password')).toBeVisible();

    await addEntry(
      page,
      {
        title: 'GitHub',
        login: 'vera@example.test',
        password: 'Gh7!secretValue',
        website: 'https://github.com',
        category: 'work',
      },
      person.masterPassword,
    );
    await addEntry(
      page,
      {
        title: 'Netflix',
        login: 'vera.films',
        password: 'Nf8$movieNight',
        website: 'https://netflix.com',
        category: 'entertainment',
      },
      person.masterPassword,
    );
    await expect(page.getByRole('article', { name: 'Netflix' })).toBeVisible();

    const github = page.getByRole('article', { name: 'GitHub' });
    await expect(github.getByText('••••••••')).toBeVisible();
    await expect(github.getByRole('button', { name: 'Copy password for GitHub' })).toHaveCount(0);

    // Search keeps focus while the list updates; it matches title, website and login, case-insensitively.
    const search = page.getByPlaceholder('Search passwords, websites, usernames...');
    await search.fill('NETFLIX.COM');
    await expect(page.getByRole('article', { name: 'GitHub' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Netflix' })).toBeVisible();
    await expect(search).toBeFocused();
    await search.fill('zzz-nothing');
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await search.fill('');

    // Category filter (the page's own picker, native).
    await page.getByRole('combobox', { name: 'Category' }).selectOption('work');
    await expect(page.getByRole('article', { name: 'Netflix' })).toHaveCount(0);
    await expect(github).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('all');

    // Reveal with the master password, copy, hide.
    await github.getByRole('button', { name: 'Reveal password for GitHub' }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(github.getByText('Gh7!secretValue')).toBeVisible();
    await github.getByRole('button', { name: 'Copy password for GitHub' }).click();
    await expect(page.getByText('Password copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Gh7!secretValue');
    await github.getByRole('button', { name: 'Hide password for GitHub' }).click();
    await expect(github.getByText('Gh7!secretValue')).toHaveCount(0);

    // Favourite, and the favourites filter.
    await github.getByRole('button', { name: 'Add GitHub to favorites' }).click();
    await expect(page.getByText('Added to favorites')).toBeVisible();
    await expect(github.getByText('Favorite', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Favorites', exact: true }).click();
    await expect(page.getByRole('article', { name: 'Netflix' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Favorites', exact: true }).click();

    // Edit.
    await github.getByRole('button', { name: 'Edit GitHub' }).click();
    await enterMasterPassword(page, person.masterPassword);
    const form = page.getByRole('dialog');
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('Gh7!secretValue');
    await form.getByLabel('Title').fill('GitHub Enterprise');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    const renamed = page.getByRole('article', { name: 'GitHub Enterprise' });
    await expect(renamed).toBeVisible();

    // Delete, after the confirmation and the master password.
    await renamed.getByRole('button', { name: 'Delete GitHub Enterprise' }).click();
    await expect(page.getByText('Are you sure you want to delete this password?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await enterMasterPassword(page, person.masterPassword);
    await expect(page.getByText('Password deleted successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: 'GitHub Enterprise' })).toHaveCount(0);

    // The dashboard counts what is left and lists it among the recent entries.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const stats = page.getByLabel('Vault statistics');
    await expect(stats.getByText('Total Passwords')).toBeVisible();
    await expect(stats).toContainText('85%');
    await expect(page.getByText('Netflix').first()).toBeVisible();
    await page.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/passwords$/);
  });

  test('three wrong master passwords end the session', async ({ page }) => {
    await page.goto('/passwords');
    await addEntry(
      page,
      {
        title: 'Bank',
        login: 'vera',
        password: 'Bk9!moneyMoney',
        website: 'https://bank.test',
        category: 'finance',
      },
      person.masterPassword,
    );
    const bank = page.getByRole('article', { name: 'Bank' });
    await expect(bank).toBeVisible();

    await bank.getByRole('button', { name: 'Reveal password for Bank' }).click();
    await enterMasterPassword(page, 'Wrong1!master');
    await expect(page.getByText('Invalid master password. 2 attempts remaining.').first()).toBeVisible();
    await enterMasterPassword(page, 'Wrong2!master');
    await expect(page.getByText('Invalid master password. 1 attempt remaining.').first()).toBeVisible();
    await enterMasterPassword(page, 'Wrong3!master');
    await expect(page.getByText('Too many failed attempts. Logging out for security.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
    await page.goto('/passwords');
    await expect(page).toHaveURL(/\/login$/);
  });
});
