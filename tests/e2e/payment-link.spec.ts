import { expect, test } from '@playwright/test';
import { e2eAnalyticsPort, e2ePort } from '../support/e2e-ports.ts';

/**
 * "Pay online", to the broker's card payment provider, appears in the header
 * and on /customer-care and /policy-renewal when PAYMENT_URL is set (the second build of
 * playwright.config.ts), and nowhere when it is not (the default build).
 */
const PAY = 'https://pay.example.test/shannon';

test('with PAYMENT_URL set, the header, customer care and renewal pages link to the payment provider', async ({ page }) => {
  for (const path of ['/customer-care', '/policy-renewal', '/van-insurance']) {
    await page.goto(`http://127.0.0.1:${e2eAnalyticsPort}${path}`);
    // The renewal form has the slim form header, without the navigation; its page still links.
    if (path !== '/policy-renewal')
      await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Pay online' })).toHaveAttribute('href', PAY);
    if (path !== '/van-insurance') await expect(page.locator('main').getByRole('link', { name: 'Pay online' })).toHaveAttribute('href', PAY);
  }
});

test('without PAYMENT_URL, no page offers to pay online', async ({ page }) => {
  for (const path of ['/customer-care', '/policy-renewal', '/van-insurance']) {
    await page.goto(`http://127.0.0.1:${e2ePort}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay online' })).toHaveCount(0);
  }
});
