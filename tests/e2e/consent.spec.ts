import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eAnalyticsPort } from '../support/e2e-ports.ts';

/**
 * Analytics with consent, against the build with a Tag Manager container configured (the
 * second server of playwright.config.ts). Google's script is answered locally: the machine
 * has no network, and what matters is whether and when the browser asks for it.
 */
test.use({ baseURL: `http://127.0.0.1:${e2eAnalyticsPort}` });

async function watchTagManager(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtm = true;' });
  });
  return requested;
}

const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie choice' });

test('nothing is tracked or loaded until the visitor accepts; Reject is as easy and is remembered', async ({ page }) => {
  const requested = await watchTagManager(page);
  await page.goto('/van-insurance');
  await expect(banner(page)).toBeVisible();
  await expectNoAxeViolations(page, 'consent banner');
  const accept = banner(page).getByRole('button', { name: 'Accept analytics' });
  const reject = banner(page).getByRole('button', { name: 'Reject analytics' });
  expect(await accept.evaluate((el) => el.className)).toBe(await reject.evaluate((el) => el.className));

  // Before any choice: the callback opens, but no event and no third-party script.
  await page.getByRole('link', { name: 'Request a callback' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request a Callback' })).toBeVisible();
  expect(await dataLayer(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await reject.click();
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await page.getByRole('link', { name: 'Request a callback' }).first().click();
  expect(await dataLayer(page)).toEqual([]);
  expect(requested).toEqual([]);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'analytics_consent')?.value).toBe('denied');
});

test('after Accept, Tag Manager loads and events reach the dataLayer; the choice can be changed on the cookies policy', async ({ page }) => {
  const requested = await watchTagManager(page);
  await page.goto('/fleet-insurance');
  await banner(page).getByRole('button', { name: 'Accept analytics' }).click();
  await expect.poll(() => requested.length).toBe(1);
  expect(requested[0]).toContain('id=GTM-E2ETEST');

  await page.getByRole('link', { name: 'Request a callback' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request a Callback' })).toBeVisible();
  await expect.poll(() => dataLayer(page)).toContain('callback_opened');

  await page.goto('/cookies-policy');
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole('cell', { name: 'analytics_consent' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Reject analytics' }).click();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'analytics_consent')?.value).toBe('denied');
  await page.goto('/fleet-insurance');
  await page.getByRole('link', { name: 'Request a callback' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request a Callback' })).toBeVisible();
  expect(await dataLayer(page)).not.toContain('callback_opened');
});
