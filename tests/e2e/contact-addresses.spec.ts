import { expect, test } from '@playwright/test';
import { e2eAnalyticsPort, e2ePort } from '../support/e2e-ports.ts';

/**
 * COMPLAINTS_EMAIL, DATA_PROTECTION_EMAIL, CLAIMS_EMAIL and RENEWALS_EMAIL are set in the
 * second build of playwright.config.ts: the complaints, privacy, claims, renewal and contact
 * pages name them there, and name the sales address (with no extra contact cards) in the
 * default build.
 */
const SALES = 'sales@shannon-insurance.ie';
const COMPLAINTS = 'complaints@shannon-insurance.ie';
const DATA_PROTECTION = 'dataprotection@shannon-insurance.ie';
const CLAIMS = 'claims@shannon-insurance.ie';
const RENEWALS = 'renewals@shannon-insurance.ie';

const mailto = (address: string) => `mailto:${address}`;

test('with the addresses set, complaints, privacy and contact pages name them', async ({ page }) => {
  const origin = `http://127.0.0.1:${e2eAnalyticsPort}`;
  await page.goto(`${origin}/customer-care`);
  const complaints = page.locator('.contact-list li').filter({ hasText: 'Complaints:' });
  await expect(complaints.getByRole('link', { name: COMPLAINTS })).toHaveAttribute('href', mailto(COMPLAINTS));

  await page.goto(`${origin}/privacy-statement`);
  await expect(page.getByRole('main').getByRole('link', { name: DATA_PROTECTION })).toHaveAttribute('href', mailto(DATA_PROTECTION));

  await page.goto(`${origin}/contact-us`);
  const ways = page.getByRole('region', { name: 'Ways to reach us' });
  for (const [heading, address] of [
    ['Claims by email', CLAIMS],
    ['Renewals by email', RENEWALS],
    ['Complaints', COMPLAINTS],
    ['Data protection', DATA_PROTECTION],
  ] as const) {
    const card = ways.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
    await expect(card.getByRole('link', { name: address })).toHaveAttribute('href', mailto(address));
  }

  await page.goto(`${origin}/claims-assistance`);
  await expect(page.locator('.cta-panel').getByRole('link', { name: /Email the claims team/ })).toHaveAttribute('href', mailto(CLAIMS));
  await page.goto(`${origin}/policy-renewal`);
  await expect(page.locator('.talk-aside').getByRole('link', { name: /Email us/ })).toHaveAttribute('href', mailto(RENEWALS));
});

test('without them, the pages name the sales address and show no extra cards', async ({ page }) => {
  const origin = `http://127.0.0.1:${e2ePort}`;
  await page.goto(`${origin}/customer-care`);
  await expect(page.locator('.contact-list li').filter({ hasText: 'Complaints:' })).toHaveCount(0);
  await expect(page.locator('.contact-list').getByRole('link', { name: SALES })).toBeVisible();

  await page.goto(`${origin}/privacy-statement`);
  await expect(page.getByRole('main').getByRole('link', { name: SALES }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: DATA_PROTECTION })).toHaveCount(0);

  await page.goto(`${origin}/contact-us`);
  const ways = page.getByRole('region', { name: 'Ways to reach us' });
  await expect(ways.getByRole('heading', { level: 3 })).toHaveText(['Quotes, renewals and policy changes', 'Claims', 'Email', 'Opening hours']);

  // No claims address: the claims page offers its phone line only, not the sales inbox; renewals name the sales address.
  await page.goto(`${origin}/claims-assistance`);
  await expect(page.locator('.cta-panel a[href^="mailto:"]')).toHaveCount(0);
  await page.goto(`${origin}/policy-renewal`);
  await expect(page.locator('.talk-aside').getByRole('link', { name: /Email us/ })).toHaveAttribute('href', mailto(SALES));
});
