import { expect, test } from '@playwright/test';
import { absoluteUrl, pages } from '#src/site/pages.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { solvedCheck } from '../support/human-check.ts';

/** The routes with the server behind them; each route's own page is checked in route-heads.spec.ts. */
test('an unknown path ends on the home page', async ({ page }) => {
  await page.goto('/no-such-page');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page).toHaveTitle(pages[0]!.title);
});

test('the admin routes serve the back-office island, which renders without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const [path, heading] of [
    ['/admin', 'Sign in'],
    ['/verifypasswordreset?email=a%40b.ie&token=t', 'Choose a new password'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page, path);
  }
  expect(errors).toEqual([]);
});

test('sitemap.xml lists every indexable route and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const entry of pages) {
    expect(sitemap.includes(`<loc>${absoluteUrl(entry.path)}</loc>`), entry.path).toBe(entry.inSitemap);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`);
});

test('a contact posted to the API is stored, and a malformed one is refused field by field', async ({ request }) => {
  const humanCheck = await solvedCheck(async (path) => (await request.get(path)).json());
  const created = await request.post('/api/v1/contacts/create', {
    data: {
      humanCheck,
      name: 'Ciarán Walsh',
      email: 'ciaran@example.ie',
      phone: '086 555 1234',
      subject: 'Non-standard commercial vehicle insurance',
      message: 'Imported Japanese van.',
    },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).contact._id).toBeTruthy();
  const refused = await request.post('/api/v1/contacts/create', { data: { email: 'x' } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors.map((error: { field: string }) => error.field)).toEqual(['name', 'email', 'phone', 'subject', 'message', 'humanCheck']);
});

test('below 1024 px the navigation is a burger menu over an overlay', async ({ page }, testInfo) => {
  await page.goto('/van-insurance');
  const menu = page.getByText('Menu', { exact: true });
  if (testInfo.project.name === 'desktop') {
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
    return;
  }
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Fleet insurance' })).toBeVisible();
  await expectNoAxeViolations(page, 'open burger menu');
  await nav.getByRole('link', { name: 'Fleet insurance' }).click();
  await expect(page).toHaveURL(/\/fleet-insurance$/);
});

test('the four quote thank-you routes show the same screen, naming the cover', async ({ page }) => {
  const screens: string[] = [];
  for (const [path, product] of [
    ['/quote-thank-you', 'van insurance'],
    ['/quote-thank-fleet', 'fleet insurance'],
    ['/quote-thank-truck', 'truck insurance'],
    ['/quote-thank-liability', 'public liability insurance'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thank you — we have your ${product} quote request`);
    screens.push((await page.locator('main').innerHTML()).replaceAll(product, 'PRODUCT'));
  }
  expect(new Set(screens).size).toBe(1);
});
