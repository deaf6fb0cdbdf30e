import { expect, test } from '@playwright/test';

/** The callback request by keyboard alone (desktop only: phones have no Tab key). */
const modal = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Request a Callback' });

test('a callback can be requested by keyboard alone', async ({ page }) => {
  await page.goto('/claims-assistance');
  // Tab from the top of the page to the header's "Request a callback".
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Request a callback') break;
  }
  await page.keyboard.press('Enter');
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Nóra Kelly');
  await page.keyboard.press('Tab');
  await page.keyboard.type('nora@example.ie');
  await page.keyboard.press('Tab');
  await page.keyboard.type('087 765 4321');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('My Sprinter was damaged in a car park.');
  await expect(dialog.getByRole('button', { name: 'Call Me Back' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Call Me Back' }).focus();
  await page.keyboard.press('Enter');
  const alert = page.getByRole('dialog').filter({ hasText: 'Success!' });
  await expect(alert).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  // Back where the visitor started.
  await expect(page.getByRole('link', { name: 'Request a callback' }).first()).toBeFocused();
});
