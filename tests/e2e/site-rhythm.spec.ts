import { expect, type Page, test } from '@playwright/test';
import { pages } from '#src/site/pages.ts';

/**
 * Issue 30's review of the site's rhythm: one type scale by role on every public page, bands
 * whose colours take turns, one FAQ block however many questions, and a quote form's promises in
 * one row or one column, never two and one.
 */
const routes = pages.map((entry) => entry.path);

/** The headings that open a band or a part of a page's text (not a card's or a panel's own). */
const SECTION_HEADINGS =
  'main :is(.prose, .module > .container, .section > .container, .section-alt > .container, .trust-panel .container, .key-facts, .product-faqs-intro, .overview-intro, .checklist-intro, .callback-section-intro, .faq-group) > h2';

async function typeAndBands(page: Page) {
  return page.evaluate((headings) => {
    const size = (element: Element | null) => (element ? getComputedStyle(element).fontSize : null);
    const shown = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const bands = [...document.querySelectorAll('main > *')]
      .filter((band) => band.getBoundingClientRect().height > 0)
      .map((band) => ({ name: `${band.tagName.toLowerCase()}.${[...band.classList].join('.')}`, colour: getComputedStyle(band).backgroundColor }));
    return {
      title: size(document.querySelector('main h1')),
      lead: size(document.querySelector('main .hero-lead')),
      headings: [...new Set([...document.querySelectorAll(headings)].filter(shown).map((heading) => getComputedStyle(heading).fontSize))],
      bands,
    };
  }, SECTION_HEADINGS);
}

for (const width of [390, 1366]) {
  test(`at ${width} px every public page sets a title, a lead and a section heading at the same sizes, and no two bands in a row share a colour`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const seen = { title: new Set<string>(), lead: new Set<string>(), heading: new Set<string>() };
    for (const path of routes) {
      await page.goto(path);
      const found = await typeAndBands(page);
      if (found.title) seen.title.add(found.title);
      if (found.lead) seen.lead.add(found.lead);
      for (const size of found.headings) seen.heading.add(`${size}`);
      for (const [index, band] of found.bands.entries()) {
        const before = found.bands[index - 1];
        if (!before || band.colour === 'rgba(0, 0, 0, 0)') continue;
        expect(band.colour, `${path}: ${before.name} then ${band.name}`).not.toBe(before.colour);
      }
      for (const [role, sizes] of Object.entries(seen)) expect([...sizes], `${role} after ${path}`).toHaveLength(1);
    }
  });
}

test('a quote form’s promises are one row where they fit and one column otherwise, never two and one', async ({ page }) => {
  test.slow();
  // The renewal form's two promises fit a row beside its panel; a quote form's three never do there.
  for (const [path, shapes] of [
    ['/van-insurance-quotes', ['column']],
    ['/policy-renewal', ['column', 'row']],
  ] as const) {
    await page.setViewportSize({ width: 1920, height: 900 });
    await page.goto(path);
    const promises = page.locator('.lead-promise li');
    const count = await promises.count();
    expect(count, path).toBeGreaterThanOrEqual(2);
    const layouts = new Set<string>();
    for (let width = 320; width <= 1920; width += 40) {
      await page.setViewportSize({ width, height: 900 });
      const { tops, overflow } = await page.locator('.lead-promise').evaluate((list) => {
        const items = [...list.children].map((item) => item.getBoundingClientRect());
        const right = list.parentElement!.getBoundingClientRect().right;
        return { tops: items.map((box) => Math.round(box.top)), overflow: Math.max(...items.map((box) => box.right)) - right };
      });
      const rows = new Set(tops).size;
      expect([1, count], `${path} at ${width} px: ${rows} rows`).toContain(rows);
      // A row is never wider than the form's column.
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(1);
      layouts.add(rows === 1 ? 'row' : 'column');
    }
    expect([...layouts].sort(), path).toEqual([...shapes]);
  }
});

test('the FAQ block is drawn alike on every product page, short or long: a framed list beside its heading, never a box in a box', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A review found it boxed on some pages and not others, and on a phone a box inside a box.
  const looks = new Set<string>();
  for (const path of ['/other-insurance-services', '/van-insurance']) {
    await page.goto(path);
    const faqs = page.locator('.product-faqs');
    const frame = (selector: string) =>
      page.locator(selector).evaluate((node) => {
        const computed = getComputedStyle(node);
        return [computed.backgroundColor, computed.borderTopWidth, computed.borderTopStyle].join(' ');
      });
    looks.add(`${await frame('.product-faqs')} | ${await frame('.product-faqs .faq-list')}`);
    expect(await frame('.product-faqs'), path).toBe('rgba(0, 0, 0, 0) 0px none');
    expect(await frame('.product-faqs .faq-list'), path).toMatch(/ 1px solid$/);
    const intro = await faqs.locator('.product-faqs-intro').boundingBox();
    const list = await faqs.locator('.faq-list').boundingBox();
    expect(list!.x, path).toBeGreaterThan(intro!.x + intro!.width);
  }
  expect([...looks]).toHaveLength(1);
  const block = page.locator('.product-faqs');
  await page.goto('/other-insurance-services');
  await expect(block.getByRole('link', { name: 'frequently asked questions' })).toHaveAttribute('href', '/faqs');
  const style = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((summary) => {
        const computed = getComputedStyle(summary);
        return [computed.fontSize, computed.fontWeight, computed.color, computed.minHeight].join(' ');
      });
  const product = await style('.product-faqs .faq summary');
  await page.goto('/faqs');
  expect(await style('.faq-group .faq summary')).toBe(product);
  // On a phone the questions follow their heading.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/other-insurance-services');
  const narrowIntro = await block.locator('.product-faqs-intro').boundingBox();
  const narrowList = await block.locator('.faq-list').boundingBox();
  expect(narrowList!.y).toBeGreaterThan(narrowIntro!.y + narrowIntro!.height - 1);
});

test('a product page’s "Who it is for" opens its band as every band does, with no extra gap above it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const path of ['/van-insurance', '/truck-insurance']) {
    await page.goto(path);
    // The band's top (its hairline) to its heading: the band's own padding, not that and a heading's margin (~100 px more).
    const gap = await page.locator('.module-audience').evaluate((band) => {
      const container = band.querySelector('.container')!.getBoundingClientRect();
      const heading = band.querySelector('h2')!.getBoundingClientRect();
      return heading.top - container.top;
    });
    expect(gap, path).toBeLessThanOrEqual(56);
  }
});
