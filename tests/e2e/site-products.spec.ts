import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * Issue 30's second design review of the product pages and home: the broker's record finished
 * whatever its number of quotes, the other covers page as bands, one fold size on a page, and
 * a hero label that keeps to one line on the narrowest phone.
 */

const productPages = [
  '/',
  '/van-insurance',
  '/fleet-insurance',
  '/truck-insurance',
  '/public-liability-insurance',
  '/non-standard-commercial-vehicle-insurance',
  '/van-insurance-for-convicted-drivers',
  '/other-insurance-services',
];

test('on a 320 px phone every product page’s hero label keeps to one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of productPages) {
    await page.goto(path);
    const lines = await page.locator('.hero-eyebrow').evaluate((label) => {
      const height = label.getBoundingClientRect().height;
      return Math.round(height / Number.parseFloat(getComputedStyle(label).lineHeight));
    });
    expect(lines, path).toBe(1);
  }
});

test('every fold on the van page, the text’s parts and the questions alike, is one size', async ({ page }) => {
  await page.goto('/van-insurance');
  const sizes = await page.locator('main details.faq > summary').evaluateAll((summaries) =>
    summaries.map((summary) => {
      const title = summary.querySelector('h2, h3') ?? summary;
      const style = getComputedStyle(title);
      return `${style.fontSize} ${style.fontWeight}`;
    }),
  );
  expect(sizes.length).toBeGreaterThan(6);
  expect(new Set(sizes).size, sizes.join(', ')).toBe(1);
});

test('the broker’s record fills its row with one quote, and is one compact card with none', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // None: the rating and the insurers side by side at their natural width, no empty middle.
  await page.goto('/other-insurance-services');
  const alone = page.getByRole('region', { name: 'Why businesses choose us' });
  const column = await alone.locator('.container').boundingBox();
  const summary = await alone.locator('.trust-summary').boundingBox();
  await expect(alone.locator('.review-quote')).toHaveCount(0);
  expect(summary!.width).toBeLessThan(column!.width * 0.7);
  for (const [path, quotes] of [
    ['/van-insurance', 1],
    ['/', 1],
  ] as const) {
    await page.goto(path);
    const record = page.getByRole('region', { name: 'Why businesses choose us' });
    const container = await record.locator('.container').boundingBox();
    const boxes = await record
      .locator('.trust-summary, .review-quote')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect()).map(({ top, bottom, left, right }) => ({ top, bottom, left, right })));
    expect(boxes, path).toHaveLength(quotes + 1);
    // One row, every card of it the same height, from the column's left edge to its right.
    expect(new Set(boxes.map((box) => Math.round(box.top))).size, path).toBe(1);
    expect(new Set(boxes.map((box) => Math.round(box.bottom))).size, path).toBe(1);
    const padding = Number.parseFloat(await record.locator('.container').evaluate((node) => getComputedStyle(node).paddingLeft));
    expect(Math.abs(Math.min(...boxes.map((box) => box.left)) - (container!.x + padding)), path).toBeLessThanOrEqual(1);
    expect(Math.abs(Math.max(...boxes.map((box) => box.right)) - (container!.x + container!.width - padding)), path).toBeLessThanOrEqual(1);
  }
});

test('each product page breaks its text with a full-width feature of its own', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const headings = new Set<string>();
  // The product pages themselves: not home, nor the other covers page, which has bands of its own.
  for (const path of productPages.filter((page) => page !== '/' && page !== '/other-insurance-services')) {
    await page.goto(path);
    const feature = page.locator('section.module-feature');
    await expect(feature, path).toHaveCount(1);
    const box = await feature.boundingBox();
    expect(box!.width, path).toBeGreaterThanOrEqual(1300);
    headings.add((await feature.getByRole('heading', { level: 2 }).textContent()) ?? '');
    // "On this page" lands on it.
    const id = await feature.getByRole('heading', { level: 2 }).getAttribute('id');
    await expect(page.getByRole('navigation', { name: 'On this page' }).locator(`a[href="#${id}"]`), path).toHaveCount(1);
  }
  expect(headings.size).toBe(6);
});

test('the other covers page is a short intro, then a grid of covers, each with its line, its folded detail and its callback', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/other-insurance-services');
  const main = page.getByRole('main');
  const overview = main.getByRole('region', { name: 'Covers we arrange' });
  const cards = overview.locator('section.cover-part');
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(6);
  // Three across: the first row's cards share a top, the fourth starts the next row.
  const tops = await cards.evaluateAll((sections) => sections.map((section) => Math.round(section.getBoundingClientRect().top)));
  expect(new Set(tops.slice(0, 3)).size).toBe(1);
  expect(tops[3]).toBeGreaterThan(tops[0]!);
  // The cards align: in each row every card has its "What it covers" row and its callback, level
  // with its neighbours' (a review found them at different heights, and one card without the row),
  // and the last row ends at the grid's right edge (no empty slot; the last card is "Not on this list?").
  const layout = await overview.locator('.cover-grid').evaluate((grid) => {
    const right = Math.round(grid.getBoundingClientRect().right);
    const rows = new Map<number, { more: number | null; ask: number | null; right: number }[]>();
    for (const card of grid.querySelectorAll('section.cover-part')) {
      const box = card.getBoundingClientRect();
      const top = (selector: string) => {
        const node = card.querySelector(selector);
        return node ? Math.round(node.getBoundingClientRect().top) : null;
      };
      const row = rows.get(Math.round(box.top)) ?? [];
      row.push({ more: top('.cover-part-more'), ask: top('.part-action'), right: Math.round(box.right) });
      rows.set(Math.round(box.top), row);
    }
    return { right, rows: [...rows.values()] };
  });
  for (const row of layout.rows.slice(0, -1)) {
    expect(new Set(row.map((card) => card.more)).size, JSON.stringify(row)).toBe(1);
    expect(
      row.every((card) => card.more !== null),
      JSON.stringify(row),
    ).toBe(true);
  }
  for (const row of layout.rows) expect(new Set(row.map((card) => card.ask)).size, JSON.stringify(row)).toBe(1);
  expect(Math.max(...layout.rows.at(-1)!.map((card) => card.right))).toBe(layout.right);
  await expect(overview.getByRole('heading', { level: 3, name: 'Not on this list?' })).toBeVisible();
  const goods = main.getByRole('region', { name: 'Goods in transit' });
  await expect(goods.locator('.cover-part-line')).toBeVisible();
  await expect(goods.getByRole('link', { name: 'Request a callback about goods in transit' })).toHaveAttribute('href', '?modal=open&modalName=callback');
  // The detail is folded until asked for.
  const more = goods.locator('details.cover-part-more');
  await expect(more.locator('.faq-answer')).toBeHidden();
  await more.locator('summary').click();
  await expect(more.locator('.faq-answer')).toBeVisible();
  // A link to a cover still lands on its card.
  await page.goto('/other-insurance-services#cyber-insurance');
  await expect(main.getByRole('heading', { level: 3, name: 'Cyber insurance' })).toBeInViewport();
  await expectNoAxeViolations(page, '/other-insurance-services');
});
