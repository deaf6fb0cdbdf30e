import { expect, test } from '@playwright/test';
import { seedPosts } from '#src/server/posts/seed-posts.ts';
import { absoluteUrl } from '#src/site/pages.ts';
import { formatPostDate } from '#src/lib/blog.ts';
import { initialsOf } from '#src/lib/initials.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The public blog as pre-rendered at build time (the seeded posts), read with and without
 * JavaScript, and its feeds. Writing and reading a new post is in admin.spec.ts.
 */
const newest = [...seedPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the blog list and a post are in the HTML, readable and indexable', async ({ page }) => {
    await page.goto('/blog');
    // Every seeded post has its card; a post another spec publishes meanwhile (the site rebuilds) may add one.
    for (const post of seedPosts) await expect(page.locator('.post-card').getByRole('link', { name: post.title, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: newest.title })).toBeVisible();
    await page.getByRole('link', { name: newest.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${newest.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();
    await expect(page.locator('.post-body h2').first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${newest.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(`/blog/${newest.slug}`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', newest.seoDescription);
    const data = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? '{}') as Record<string, unknown>));
    expect(data.map((item) => item['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(data[0]).toMatchObject({ headline: newest.title, datePublished: new Date(newest.publishedAt).toISOString(), keywords: newest.tags.join(', ') });
  });
});

test('a pre-rendered post loads no script and asks the API nothing; its topics lead to the list, which does', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().includes('/api/')) loaded.push(request.url());
  });
  await page.goto(`/blog/${newest.slug}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();
  expect(loaded).toEqual([]);
  // Only the callback's inline bootstrap, which loads nothing until asked; no module script, no blog island.
  expect(await page.locator('script[type="module"], script[src]').count()).toBe(0);
  expect(await page.locator('astro-island[component-url*="Blog"]').count()).toBe(0);
  await expectNoAxeViolations(page, 'a pre-rendered post');

  await page.getByRole('list', { name: 'Topics' }).getByRole('link', { name: newest.tags[0]! }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${encodeURIComponent(newest.tags[0]!).replace(/%20/g, '\\+')}$`));
  await expect(page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: new RegExp(`^${newest.tags[0]!}`) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(loaded.some((url) => url.includes('/api/v1/posts'))).toBe(true);
  await expectNoAxeViolations(page, 'blog filtered by topic');
  expect(errors).toEqual([]);
});

test('words typed into the search box before the list has loaded its script are searched for', async ({ page }) => {
  // Hold the list island's script until the visitor has typed, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/BlogIndex[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/blog');
  await page.getByLabel('Search the blog').fill('insurer');
  release();
  await expect(page.locator('astro-island[component-url*="BlogIndex"]:not([ssr])')).toHaveCount(1);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/blog\?q=insurer$/);
  await expect(page.getByLabel('Search the blog')).toHaveValue('insurer');
});

test('a post is signed by the team member who wrote it, with their portrait, role, date and reading time; its card names them too', async ({ page }) => {
  await page.goto(`/blog/${newest.slug}`);
  const byline = page.locator('.post-header .post-byline');
  await expect(byline.locator('.post-byline-name')).toHaveText(`By ${newest.writer}`);
  // The demonstration team has no photos: the portrait is their initials, as on About us.
  await expect(byline.locator('.portrait-monogram')).toHaveText(initialsOf(newest.writer));
  await expect(byline.locator('.post-byline-role')).not.toBeEmpty();
  await expect(byline.locator('time')).toHaveText(formatPostDate(newest.publishedAt));
  await expect(byline).toContainText(/\b\d+ min read$/);
  await page.goto('/blog');
  const meta = page
    .locator('.post-card')
    .filter({ has: page.getByRole('link', { name: newest.title, exact: true }) })
    .locator('.post-meta');
  await expect(meta).toContainText(`By ${newest.writer}`);
  await expect(meta).toContainText(formatPostDate(newest.publishedAt));
  await expect(meta).toContainText(/\b\d+ min read$/);
});

test('an unknown post address ends on the home page, and the bare shell says the article is not available', async ({ page }) => {
  await page.goto('/blog/no-such-article');
  expect(new URL(page.url()).pathname).toBe('/');
  await page.goto('/blog-reader');
  await expect(page.getByRole('heading', { level: 1, name: 'This article is not available' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the RSS feed and the sitemap list the published posts', async ({ request }) => {
  const rss = await request.get('/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  const feed = await rss.text();
  for (const post of seedPosts) expect(feed).toContain(`<link>${absoluteUrl(`/blog/${post.slug}`)}</link>`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const post of seedPosts) expect(sitemap).toContain(`<loc>${absoluteUrl(`/blog/${post.slug}`)}</loc>`);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a post has a one-line way back, ends with a call to action, and every card has a cover', async ({ page }) => {
    await page.goto('/blog');
    const covers = await page
      .locator('.post-card .post-card-cover')
      .evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().height)));
    // The seeded posts at least: tests running beside this one publish posts of their own on the same server.
    expect(covers.length).toBeGreaterThanOrEqual(seedPosts.length);
    expect(new Set(covers).size).toBe(1);
    await page.goto(`/blog/${newest.slug}`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    const box = await trail.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(48);
    await expect(trail.getByRole('link', { name: 'Blog' })).toBeVisible();
    const cta = page.getByRole('complementary', { name: 'Talk to a broker about your cover' });
    await expect(cta.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/#get-a-quote');
    await expect(cta.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
    await expectNoAxeViolations(page);
  });
});

test.describe('at 640 px, a small tablet', () => {
  test.use({ viewport: { width: 640, height: 900 } });

  test('every link and topic on the list and a post is a 44 px target', async ({ page }) => {
    for (const path of ['/blog', `/blog/${newest.slug}`]) {
      await page.goto(path);
      const targets = page.locator('main :is(.post-card-title a, .breadcrumb a, .post-tags a, .blog-topics a, .blog-pagination a)');
      expect(await targets.count(), path).toBeGreaterThan(0);
      for (const box of await targets.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).filter((rect) => rect.width > 0))) {
        expect(box.height, path).toBeGreaterThanOrEqual(44);
        expect(box.width, path).toBeGreaterThanOrEqual(44);
      }
    }
  });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the list opens on the newest post as a wide lead story, the others in the grid', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('.post-cards > .post-card');
    await expect(cards.first()).toHaveClass(/post-card-lead/);
    await expect(page.locator('.post-card-lead')).toHaveCount(1);
    await expect(cards.first()).toContainText('Latest article');
    const list = await page.locator('.post-cards').boundingBox();
    const lead = await cards.first().boundingBox();
    const second = await cards.nth(1).boundingBox();
    expect(lead!.width).toBeCloseTo(list!.width, 0);
    expect(second!.width).toBeLessThan(list!.width / 2);
    // A topic's list is a plain grid: no story leads it.
    await page.goto(`/blog?tag=${encodeURIComponent(newest.tags[0]!)}`);
    await expect(page.locator('.post-card').first()).toBeVisible();
    await expect(page.locator('.post-card-lead')).toHaveCount(0);
  });

  test('a post has "In this article" with its sections and a "Talk to a broker" card beside the text, in view as the reader scrolls', async ({ page }) => {
    await page.goto(`/blog/${newest.slug}`);
    const contents = page.getByRole('navigation', { name: 'In this article' });
    const sections = await page.locator('.post-body h2').evaluateAll((nodes) => nodes.map((node) => ({ id: node.id, text: node.textContent?.trim() })));
    expect(sections.length).toBeGreaterThan(1);
    const links = contents.getByRole('link');
    await expect(links).toHaveText(sections.map((section) => section.text!));
    for (const [index, section] of sections.entries()) await expect(links.nth(index)).toHaveAttribute('href', `#${section.id}`);
    const card = page.getByRole('complementary', { name: 'Talk to a broker', exact: true });
    await expect(card.getByRole('link', { name: 'Get a quote' })).toBeVisible();
    const text = await page.locator('.post-body').boundingBox();
    const aside = await card.boundingBox();
    expect(aside!.x).toBeGreaterThan(text!.x + text!.width);
    await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await card.boundingBox())!.y).toBeLessThan(900);
    expect((await card.boundingBox())!.y).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test('on a phone the text has the width to itself', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/blog/${newest.slug}`);
    await expect(page.getByRole('navigation', { name: 'In this article' })).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'Talk to a broker', exact: true })).toBeHidden();
  });
});
