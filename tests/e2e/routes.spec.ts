import { expect, test } from '@playwright/test';
import { absoluteUrl, pages } from '#src/site/pages.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { solvedCheck } from '../support/human-check.ts';

/** Every route of the page table, as a browser sees it. */
for (const entry of pages) {
  test(`${entry.path} renders with its own head metadata and loads ${entry.island ? 'only its island' : 'no script'}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(entry.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(entry.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', entry.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(entry.path));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', entry.title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', absoluteUrl(entry.path));
    await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute('content', entry.description);
    await expect(page.locator('h1')).toHaveCount(1);
    // Only the style guide asks search engines to leave it out.
    if (entry.noindex) await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    else await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('footer')).toContainText('is regulated by the Central Bank of Ireland');
    // Nothing is downloaded before the visitor asks for something: the only scripts are the
    // small inline bootstraps of islands (their client directive and Astro's island element).
    // A page with an island of its own (the blog) loads that island's modules from our origin.
    if (entry.island) await page.waitForLoadState('networkidle');
    if (entry.island)
      expect(
        scripts.every((url) => url.startsWith(`${new URL(page.url()).origin}/_astro/`)),
        scripts.join(),
      ).toBe(true);
    else expect(scripts).toEqual([]);
    const inline = await page
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src || node.textContent?.length));
    expect(
      inline.every((item) => typeof item === 'number'),
      JSON.stringify(inline),
    ).toBe(true);
    // About 4.4 KB is Astro's island element; each client directive (the callback modal's, and the
    // inline callback form's where a page has one), with its chunk-failure handling (a named
    // ChunkLoadError, given up after 120 s) and its hold on a form sent before the island is
    // live, is about 1.75 KB.
    expect((inline as number[]).reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(entry.island ? 9000 : 8000);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((node) => (JSON.parse(node.textContent ?? '{}') as { '@type': string })['@type']));
    const expected = entry.noindex
      ? []
      : entry.path === '/'
        ? ['InsuranceAgency']
        : entry.path === '/faqs'
          ? ['BreadcrumbList', 'FAQPage']
          : ['BreadcrumbList'];
    expect(types).toEqual(expected);
    await expectNoAxeViolations(page, entry.path);
    expect(errors).toEqual([]);
  });
}

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
