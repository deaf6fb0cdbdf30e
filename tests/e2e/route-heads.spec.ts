import { expect, test } from '@playwright/test';
import { absoluteUrl, pages } from '#src/site/pages.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * Every route of the page table, as a browser sees it: its head, its scripts, its
 * accessibility. Built pages only (the PostgreSQL pass leaves this file out); the routes'
 * behaviour with the server is in routes.spec.ts.
 *
 * At a phone's width (the `mobile` project) one route of each kind of page is checked again, where
 * the phone layout could fail axe (contrast, target sizes, the burger): the head is the same
 * HTML at every width, and design.spec.ts sweeps every route from 320 to 1920 px for overflow.
 * The rest are tagged @desktop-only, which that project leaves out.
 */
const AT_PHONE_WIDTH = new Set([
  '/', // the home page
  '/about-us', // an about page with the team and trust facts
  '/van-insurance', // a product page
  '/other-insurance-services', // the services page
  '/van-insurance-for-convicted-drivers', // a page with the inline callback form
  '/claims-assistance', // the claims page (its own header action)
  '/contact-us', // the contact page
  '/careers',
  '/faqs', // the questions page
  '/privacy-statement', // a legal page
  '/van-insurance-quotes', // a quote form
  '/policy-renewal', // the renewal form
  '/quote-thank-you', // a thank-you page
  '/blog', // the blog, with its island
]);

for (const entry of pages) {
  const title = `${entry.path} renders with its own head metadata and loads ${entry.island ? 'only its island' : 'no script'}`;
  test(title, { tag: AT_PHONE_WIDTH.has(entry.path) ? [] : ['@desktop-only'] }, async ({ page }) => {
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
    expect((inline as number[]).reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(entry.island ? 9050 : 8050);
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
