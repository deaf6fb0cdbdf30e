import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * Issue 30's imagery: each product and service page opens with an illustration of its own,
 * beside its heading from 1024 px and left out on a phone (so the heading and the intro's
 * actions open the first screen); the blog's posts without a cover show one drawn for their topic, on the
 * cards and on the post alike. Staff replacing a picture is in content-screen.spec.ts.
 */
const illustrated = [
  '/van-insurance',
  '/fleet-insurance',
  '/truck-insurance',
  '/public-liability-insurance',
  '/other-insurance-services',
  '/non-standard-commercial-vehicle-insurance',
  '/van-insurance-for-convicted-drivers',
  '/claims-assistance',
  '/contact-us',
  '/customer-care',
  '/about-us',
  '/careers',
  '/faqs',
];

test('from 1024 px each product and service page shows its own illustration beside its heading, hidden from screen readers', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const scenes = new Set<string>();
  for (const path of illustrated) {
    await page.goto(path);
    const art = page.locator('.page-hero svg[data-illustration]');
    await expect(art, path).toBeVisible();
    await expect(art).toHaveAttribute('aria-hidden', 'true');
    scenes.add((await art.getAttribute('data-illustration')) ?? '');
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const box = await art.boundingBox();
    expect(box && heading && box.x >= heading.x + heading.width, path).toBe(true);
    expect(box && box.y + box.height <= 768, path).toBe(true);
  }
  expect(scenes.size).toBe(illustrated.length);
  await expectNoAxeViolations(page, '/faqs at 1024 px');
});

test('on a 390 × 844 phone the illustration is left out: the heading opens the page and the intro’s first action is on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', ...illustrated]) {
    await page.goto(path);
    // A small drawing above the heading read as a failed image and pushed the heading ~190 px down.
    await expect(page.locator('.hero svg.hero-art'), path).toBeHidden();
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const header = (await page.locator('.site-header').boundingBox())!;
    expect(heading.y - (header.y + header.height), path).toBeLessThanOrEqual(100);
    // Customer care sells nothing, so its intro has no action to see (careers' is 'Email your CV').
    const actions = page.locator('.hero .actions a');
    if (path === '/customer-care') await expect(actions, path).toHaveCount(0);
    else await expect(actions.first(), path).toBeInViewport({ ratio: 1 });
  }
});

const products = ['/van-insurance', '/fleet-insurance', '/truck-insurance', '/public-liability-insurance', '/non-standard-commercial-vehicle-insurance'];

test('after the hero each product page shows who it is for beside a drawing of its own, and its steps as numbered icons', async ({ page }) => {
  // Five pages and an axe run.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const spots = new Set<string>();
  for (const path of products) {
    await page.goto(path);
    const audience = page.getByRole('region', { name: 'Who it is for' });
    const spot = audience.locator('.spot-picture svg[data-illustration]');
    await expect(spot, path).toBeVisible();
    await expect(spot, path).toHaveAttribute('aria-hidden', 'true');
    spots.add((await spot.getAttribute('data-illustration')) ?? '');
    // Beside the cards, not above them: a band of picture and words.
    const drawing = (await spot.boundingBox())!;
    const cards = (await audience.locator('.audience-cards').boundingBox())!;
    expect(drawing.x + drawing.width, path).toBeLessThanOrEqual(cards.x);
    // The steps, where the page has them: each an icon with its number, in order.
    const steps = page.getByRole('region', { name: 'How it works' }).locator('.step-list > li');
    const count = await steps.count();
    for (let index = 0; index < count; index += 1) {
      await expect(steps.nth(index).locator('.step-badge svg.icon'), path).toHaveCount(1);
      await expect(steps.nth(index).locator('.step-number'), path).toHaveText(String(index + 1));
    }
  }
  expect(spots.size).toBe(products.length);
  await expectNoAxeViolations(page, '/non-standard-commercial-vehicle-insurance at 1366 px');
  // On a phone the drawing is small, above the heading, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/van-insurance');
  const spot = page.getByRole('region', { name: 'Who it is for' }).locator('.spot-picture svg');
  const heading = page.getByRole('heading', { level: 2, name: 'Who it is for' });
  expect((await spot.boundingBox())!.width).toBeLessThanOrEqual(240);
  expect((await spot.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
});

test('a post without a cover opens with the same drawing as its card, and the cards stay even', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/blog');
  // The cards of the grid; the newest post's lead card above it has a wider cover of its own.
  // Row by row, the covers are one size and the cards fill the row from edge to edge: no empty slot at the end.
  const cards = page.locator('.post-card:not(.post-card-lead)');
  const rows = await cards.evaluateAll((nodes) => {
    const list = nodes[0]?.parentElement?.getBoundingClientRect();
    const byTop = new Map<number, { left: number; right: number; cover: number }[]>();
    for (const node of nodes) {
      const box = node.getBoundingClientRect();
      const cover = node.querySelector('.post-card-cover')?.getBoundingClientRect().height ?? 0;
      const row = byTop.get(Math.round(box.top)) ?? [];
      row.push({ left: box.left, right: box.right, cover: Math.round(cover) });
      byTop.set(Math.round(box.top), row);
    }
    return [...byTop.values()].map((row) => ({
      covers: new Set(row.map((card) => card.cover)).size,
      fromEdge: Math.round(Math.min(...row.map((card) => card.left)) - (list?.left ?? 0)),
      toEdge: Math.round((list?.right ?? 0) - Math.max(...row.map((card) => card.right))),
    }));
  });
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) expect(row).toEqual({ covers: 1, fromEdge: 0, toEdge: 0 });
  const topics = await cards.locator('svg.post-card-cover').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-cover')));
  expect(new Set(topics).size, topics.join(', ')).toBeGreaterThan(2);

  const card = cards.filter({ has: page.locator('svg.post-card-cover') }).first();
  const topic = await card.locator('svg.post-card-cover').getAttribute('data-cover');
  await card.getByRole('heading').getByRole('link').click();
  const cover = page.locator('article.post svg.post-cover');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('data-cover', topic ?? '');
  await expect(cover).toHaveAttribute('aria-hidden', 'true');
  // At desktop the drawing fills the post's column and keeps its 16:9 shape (nothing at its
  // edges cropped), and the topic is an HTML label in its top-left corner, not drawn into it.
  const box = await cover.boundingBox();
  const column = await page.locator('article.post').evaluate((node) => node.getBoundingClientRect().width);
  expect(box && Math.abs(box.width - column) < 1 && Math.abs(box.width / box.height - 16 / 9) < 0.02).toBe(true);
  const label = await page.locator('article.post .post-cover-topic').boundingBox();
  expect(label && box && label.x - box.x < 20 && label.y - box.y < 20).toBe(true);
  // No outlined ring floats in the field, and nothing draws a border round the picture: it read as a flaw.
  await expect(cover.locator('circle[fill="none"][stroke="#fff"]')).toHaveCount(0);
  const frame = await cover.evaluate((node) => {
    const style = getComputedStyle(node);
    return { border: style.borderTopWidth, outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(frame).toEqual({ border: '0px', outline: 'none', shadow: 'none' });
});
