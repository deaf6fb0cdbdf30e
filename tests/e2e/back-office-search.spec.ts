import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eSearchPort } from '../support/e2e-ports.ts';
import { solvedCheck } from '../support/human-check.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * The back-office's search palette and the navigation's counts: a callback sent from the site
 * is counted beside Callbacks, found by name from the keyboard alone, and opened with Enter.
 * On a server of its own (fresh database, sign-in without two-factor).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'search-admin@shannon-insurance.ie', password: 'search e2e password' };
const CALLER = 'Niamh Ó Dálaigh';

serveOwnSite({ port: e2eSearchPort, database: 'e2e_back_office_search', admin: ADMIN });

const signIn = (page: Page) => signInWithoutTwoFactor(page, ADMIN);

test.beforeAll(async ({ request }) => {
  const humanCheck = await solvedCheck(async (path) => (await request.get(path)).json());
  const res = await request.post('/api/v1/contacts/create', {
    data: { humanCheck, name: CALLER, email: 'niamh.odalaigh@example.ie', phone: '087 555 0101', subject: 'Van insurance', message: 'Please ring after six.' },
  });
  expect(res.status(), await res.text()).toBe(201);
});

test('Ctrl K finds a callback by name, Enter opens it, and the new callback is counted', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Back-office' });
  // One new callback: a pill beside the link, which the link describes ("1 new").
  const callbacks = nav.getByRole('link', { name: 'Callbacks', exact: true });
  await expect(callbacks).toHaveAccessibleDescription('1 new');
  await expect(callbacks.locator('.bo-nav-count')).toHaveText('1 new');
  // No quotes or renewals yet: nothing beside them.
  await expect(nav.getByRole('link', { name: 'Quotes', exact: true }).locator('.bo-nav-count')).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: 'Search the back-office' });
  await expect(box).toBeFocused();
  // Before typing: the areas, a "go to" list.
  await expect(dialog.getByRole('group', { name: 'Go to' }).getByRole('option', { name: /Callbacks/ })).toBeVisible();
  await box.pressSequentially('dálaigh', { delay: 30 });
  const found = dialog.getByRole('group', { name: 'Callbacks' }).getByRole('option', { name: new RegExp(CALLER) });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id'))!);
  await expectNoAxeViolations(page, 'search palette with a match');
  await box.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/contacts\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: CALLER, level: 1 })).toBeVisible();
  // Opened once, it is offered again before anything is typed.
  await page.keyboard.press('ControlOrMeta+k');
  await expect(dialog.getByRole('group', { name: 'Recent' }).getByRole('option', { name: new RegExp(CALLER) })).toHaveAttribute('aria-selected', 'true');
});

test('"/" opens the palette outside a field, Escape closes it and gives focus back, and a search with no match says what search finds', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/admin/contacts');
  const button = page.getByRole('navigation', { name: 'Back-office' }).getByRole('button', { name: 'Search' });
  await button.focus();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox');
  await box.fill('zzqx');
  const empty = dialog.locator('.bo-search-empty');
  await expect(empty).toContainText('No matches for “zzqx”');
  await expect(empty).toContainText('Search finds callbacks by name, email or phone;');
  await expectNoAxeViolations(page, 'search palette, no matches');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  // Typing "/" in a field is a character, not the shortcut.
  const listSearch = page.getByLabel('Search', { exact: true });
  await listSearch.fill('a/b');
  await expect(listSearch).toHaveValue('a/b');
  await expect(dialog).toHaveCount(0);
});

test('on a phone the top bar opens the palette as a sheet over the whole window', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.height).toBe(844);
  await dialog.getByRole('option', { name: /Quotes/ }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
});

test('typing what to make offers it under Create, and the Mail list names the callback each mail is about', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto('/admin/mail');
  // The callback's mail to the sales team, with a link to the callback in its About column: "Callback",
  // and the caller's name, which the subject does not say.
  const row = page.getByRole('row').filter({ hasText: 'Callback request' }).first();
  await row.getByRole('link', { name: `Callback · ${CALLER}` }).click();
  await expect(page.getByRole('heading', { name: CALLER, level: 1 })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox').pressSequentially('new post', { delay: 30 });
  const create = dialog.getByRole('group', { name: 'Create' }).getByRole('option', { name: 'Create a post' });
  await expect(create).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/posts\/create$/);
});
