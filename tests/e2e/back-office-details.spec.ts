import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { e2eMiscPort } from '../support/e2e-ports.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * Smaller screens' details: the redirects list shows an old address whole, the post editor's
 * link popover opens in sight below the top bar that stays at the top of a phone's window, and
 * an account's page keeps suspending and deleting apart, at its end.
 * On a server of its own (fresh database, sign-in without two-factor).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'misc-admin@shannon-insurance.ie', password: 'misc e2e password' };

serveOwnSite({ port: e2eMiscPort, database: 'e2e_back_office_details', admin: ADMIN, publishes: false });

const signIn = (page: Page) => signInWithoutTwoFactor(page, ADMIN);

test('the redirects list shows a long old address whole, wrapped rather than cut', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const from = '/insurance/commercial-vehicles/light-commercial/refrigerated-vans-for-food-delivery-2025';
  const made = await page.request.post('/api/v1/redirects/create', { data: { from, to: '/van-insurance', status: 301 } });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/admin/redirects');
  const cell = page.locator('tbody tr').first().locator('td').first();
  await expect(cell).toContainText(from);
  // Nothing cut: every character is on screen, over more than one line.
  const fits = await cell.locator('.redirect-path').evaluate((element) => ({
    cut: element.scrollWidth > element.clientWidth + 1 || getComputedStyle(element).textOverflow === 'ellipsis',
    lines: element.getClientRects().length,
  }));
  expect(fits.cut).toBe(false);
  expect(fits.lines).toBeGreaterThan(1);
});

test('on a phone the link popover opens below the top bar, with the words being linked in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const body = [
    'Motor tax bands for light commercial vehicles change from January.',
    ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} about vans.`),
  ].join('\n\n');
  const made = await page.request.post('/api/v1/posts/create', { data: { title: 'Motor tax in 2027', body } });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`/admin/posts/edit/${(await made.json()).post._id}`);
  const words = page.locator('[contenteditable="true"] p').filter({ hasText: 'Motor tax bands' });
  await words.dblclick({ position: { x: 12, y: 10 } });
  expect(await page.evaluate(() => getSelection()?.toString().trim())).toBe('Motor');
  // Scroll the words up under the top bar that stays, then ask for a link.
  await page.evaluate(() => {
    const paragraph = [...document.querySelectorAll('[contenteditable="true"] p')].find((p) => p.textContent?.startsWith('Motor'))!;
    window.scrollBy(0, paragraph.getBoundingClientRect().top - 20);
  });
  await page.keyboard.press('ControlOrMeta+k');
  const popover = page.getByRole('dialog', { name: 'Add link' });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('combobox', { name: 'Link address' })).toBeFocused();
  const place = await popover.evaluate((element) => {
    const bar = document.querySelector('.bo-topbar')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    // The words' paragraph (the focus, and so the selection, is in the popover's field now).
    const selected = [...document.querySelectorAll('[contenteditable="true"] p')].find((p) => p.textContent?.startsWith('Motor'))!.getBoundingClientRect();
    return { barBottom: bar.bottom, top: box.top, bottom: box.bottom, wordsTop: selected.top, height: window.innerHeight };
  });
  expect(place.wordsTop).toBeGreaterThanOrEqual(place.barBottom);
  expect(place.top).toBeGreaterThan(place.barBottom);
  expect(place.bottom).toBeLessThanOrEqual(place.height);
});

test('an account’s page keeps suspend and delete in More actions, as every record keeps Delete: each confirmed, suspend undone from the notice', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const made = await page.request.post('/api/v1/users/create', {
    data: { first_name: 'Ciara', last_name: 'Leaving', email: 'ciara.leaving@shannon-insurance.ie', password: 'a long enough password', isAdmin: 'false' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/admin/user');
  await page.getByRole('button', { name: 'Options for Ciara Leaving' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  // Suspend and Delete wait in the header's More actions, Delete last, as on every record.
  const more = page.locator('.bo-page-header').getByRole('button', { name: 'More actions' });
  await more.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Suspend account', 'Delete']);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-tone', 'danger');
  await expectNoAxeViolations(page, 'Edit a User with More actions open');

  await page.getByRole('menuitem', { name: 'Suspend account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend account' }).click();
  await expectToast(page, 'Success!');
  const notice = page.getByRole('status').filter({ hasText: 'Suspended since' });
  await expect(notice).toBeVisible();
  await more.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Delete']);
  await page.keyboard.press('Escape');
  await notice.getByRole('button', { name: 'Reactivate account' }).click();
  await expect(notice).toHaveCount(0);
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Suspend account' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A pointer on a toast holds it open: wait for it to leave as a person would.
  await expect(page.locator('.swal2-toast')).toHaveCount(0, { timeout: 15_000 });

  await more.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!', 'User deleted.');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ciara Leaving/ })).toHaveCount(0);
});
