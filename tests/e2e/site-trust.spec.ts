import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { siteFacts } from '#src/site/facts.ts';

/**
 * Issue 30's trust and rhythm: product pages as modules with their quote on a phone's first
 * screen, the broker's record drawn from About us's content (the demonstration broker's, as a
 * development build seeds them), and a claims page that helps rather than sells.
 */

const facts = siteFacts();

test('a product page is a run of modules, with only its contents and a broker card beside the text, and links its own headings', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/van-insurance');
  const headings = await page.locator('main h2').allTextContents();
  const order = [
    'At a glance',
    'Who it is for',
    'How it works',
    'How you use the van, and why it matters',
    'Questions we are often asked',
    'Why businesses choose us',
    'Get a van insurance quote',
  ];
  const positions = order.map((heading) => headings.indexOf(heading));
  expect(
    positions.every((at, index) => at > (positions[index - 1] ?? -1)),
    headings.join(' | '),
  ).toBe(true);
  // Beside the text, under "On this page": the card to talk to a broker, with the page's quote.
  const card = page.getByRole('complementary');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAccessibleName('Talk to a broker');
  await expect(card.getByRole('link', { name: 'Get a van insurance quote' })).toHaveAttribute('href', '/van-insurance-quotes');
  await expect(card.getByRole('link', { name: 'Request a callback' })).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await contents.getByRole('link', { name: 'Levels of cover' }).click();
  await expect(page).toHaveURL(/#levels-of-cover$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Levels of cover' })).toBeInViewport();
  await expectNoAxeViolations(page, '/van-insurance');
});

test('on a 390 × 844 phone the quote and callback buttons are on the first screen of a product page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, label] of [
    ['/van-insurance', 'Get a van insurance quote'],
    ['/fleet-insurance', 'Get a fleet insurance quote'],
  ] as const) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: label }).first()).toBeInViewport();
    await expect(main.getByRole('link', { name: 'Request a callback' }).first()).toBeInViewport();
  }
});

test('the broker’s record shows only what About us sets: rating with its source, years, membership, insurers and the team', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Why customers trust us' });
  await expect(bar).toContainText('Regulated in Ireland');
  await expect(bar).toContainText('Central Bank reference C48213');
  await expect(bar).toContainText(/\d+ years in business since 2009/);
  await expect(bar).toContainText('Rated 4.8 out of 5 from 126 reviews on Google');
  const record = page.getByRole('region', { name: 'Why businesses choose us' });
  // The insurers in one sentence, not a row of names that reads as a logo bar.
  await expect(record.locator('.insurer-panel')).toHaveText(/We place cover with .*Aviva.* and .+\.$/);
  // The record is what customers say, not the bar's figures again: the rating with its quotes.
  await expect(record).toContainText('4.8 out of 5');
  // Every demonstration quote is about a cover: home borrows the last, which its page then leaves out (quotesForPage).
  await expect(record.locator('figure blockquote')).toHaveCount(1);
  await expect(record).not.toContainText('years');
  await expect(record).not.toContainText('Member of');
  await expect(page.locator('footer')).toContainText('Member of Brokers Ireland.');
  // The team as a row of small cards on the home page, each with a portrait: initials until a photo is chosen.
  const row = record.locator('.team-row > li');
  await expect(row).toHaveCount(3);
  await expect(row.first().locator('.portrait-monogram')).toHaveText('NB');
  await record.getByRole('link', { name: 'Meet the people you will deal with' }).click();
  await expect(page).toHaveURL(/\/about-us#team$/);
  const team = page.getByRole('region', { name: 'The people you deal with' });
  await expect(team.getByRole('heading', { level: 3 })).toHaveText(['Niamh Brennan', 'Declan Moloney', 'Aisling Quinn']);
  // No photo was chosen: each card opens with the person's initials (decorative: the name says who), never a drawn face.
  await expect(team.locator('img')).toHaveCount(0);
  await expect(team.locator('.portrait-monogram')).toHaveText(['NB', 'DM', 'AQ']);
  await expect(team.locator('.portrait-monogram > span').first()).toHaveAttribute('aria-hidden', 'true');
  await expect(team.getByRole('listitem').first()).toContainText('Director');
  await expectNoAxeViolations(page, '/about-us');
});

test('the claims page gives the numbers and the steps first, and sells nothing', async ({ page }) => {
  await page.goto('/claims-assistance');
  const main = page.getByRole('main');
  // The intro is the report-a-claim panel: the claims line, then "out of hours or at the scene":
  // the steps at the scene, told once, open, each title with its line (nothing to tap), and no
  // cards further down say them again; then who to call while our line is closed.
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText('Out of hours or at the scene');
  const block = main.getByRole('region', { name: 'Out of hours or at the scene' });
  const steps = block.getByRole('region', { name: 'What to do right now' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  for (const step of ['Stop and make the scene safe', 'Call 112 or 999 if anyone is hurt', 'Gather evidence', 'Do not admit liability'])
    await expect(steps.filter({ hasText: step })).toHaveCount(1);
  // Out of hours: the number every policy prints, then our line on the next working day; no number made up.
  const outOfHours = block.getByRole('region', { name: 'Who to call out of hours' });
  await expect(outOfHours).toContainText('call the claims number printed on your insurance certificate or policy schedule');
  await expect(outOfHours.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(outOfHours.getByRole('link', { name: facts.claimsPhone })).toHaveAttribute('href', /^tel:/);
  await expect(main.getByText('Stop and make the scene safe')).toHaveCount(1);
  await expect(main.locator('.step-list')).toHaveCount(0);
  await expect(main.locator('.claims-first-steps details')).toHaveCount(0);
  await expect(steps.first().getByText(/Hazard lights on/)).toBeVisible();
  // No insurer lines are set in the demonstration content: no empty list stands in their place.
  await expect(main.locator('.claims-insurer-lines')).toHaveCount(0);
  await expect(main.getByRole('heading', { level: 2 }).nth(1)).toHaveText('Numbers you may need');
  await expect(main.getByRole('link', { name: '112 or 999' })).toHaveAttribute('href', 'tel:112');
  await expectNoAxeViolations(page, '/claims-assistance');
  await expect(main.locator('a[href*="-quote"]')).toHaveCount(0);
  // The claims line opens the page and closes it, where a product page would ask for a quote.
  const claimsLine = main.getByRole('link', { name: /Call our claims line/ });
  await expect(claimsLine).toHaveCount(2);
  for (const link of await claimsLine.all()) await expect(link).toHaveAttribute('href', /^tel:/);
  await expect(main.locator('.cta-panel a[href^="tel:"]')).toHaveCount(1);
  // The header offers the claims line, not the sales line and a quote; no trust bar comes before the numbers.
  const header = page.locator('.site-header');
  await expect(header.getByRole('link', { name: /^Call claims/ })).toHaveAttribute('href', /^tel:/);
  await expect(header.getByRole('link', { name: 'Get a quote' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Why customers trust us' })).toHaveCount(0);
  await page.goto('/about-us');
  await expect(page.locator('.site-header').getByRole('link', { name: 'Get a quote' })).toBeVisible();
});

test('on a 390 × 844 phone the claims page shows its claims line, its hours, the way out of hours and the steps at the scene on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/claims-assistance');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Call our claims line/ }).first()).toBeInViewport({ ratio: 1 });
  await expect(main.getByText(/^Lines are open/).first()).toBeInViewport({ ratio: 1 });
  await expect(main.getByRole('heading', { name: 'Out of hours or at the scene' })).toBeInViewport({ ratio: 1 });
  // The phone bar covers the window's last 60 px or so: the last step, its line open, stands clear of it.
  const steps = main.getByRole('region', { name: 'What to do right now' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.last().getByText(/other side for you/)).toBeInViewport({ ratio: 1 });
  const last = await steps.last().boundingBox();
  expect(last && last.y + last.height).toBeLessThanOrEqual(844 - 64);
});

test('the style guide asks search engines to leave it out, and no page links to it', async ({ page, request }) => {
  await page.goto('/uikit');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/uikit');
  // It is for the people who build the site: the header, footer and pages never offer it (its own sample buttons aside).
  for (const path of ['/', '/about-us', '/blog', '/contact-us']) {
    await page.goto(path);
    await expect(page.locator('a[href*="/uikit"]'), path).toHaveCount(0);
  }
});

test('every hero opens with a filled action: the quote, else the callback with the sales line beside it', async ({ page }) => {
  for (const [path, first, second] of [
    ['/', 'Get a quote', 'Request a callback'],
    ['/van-insurance', 'Get a van insurance quote', 'Request a callback'],
    ['/other-insurance-services', 'Request a callback', /Call \d/],
    ['/about-us', 'Request a callback', /Call \d/],
  ] as const) {
    await page.goto(path);
    const actions = page.locator('.hero .actions a');
    await expect(actions.first(), path).toHaveText(first);
    await expect(actions.first(), path).not.toHaveClass(/secondary/);
    await expect(actions.nth(1), path).toHaveText(second);
    await expect(actions.nth(1), path).toHaveClass(/secondary/);
    // One button system: the hero has exactly one filled button, whatever else it links to.
    await expect(page.locator('.hero a.button:not(.secondary)'), path).toHaveCount(1);
  }
  // The last hero was About us's. Every demonstration quote is about a cover: home borrows the last (Pádraig's, about public
  // liability), so About us and the public liability page show the rating alone, and no quote is on two pages.
  await expect(page.getByRole('region', { name: 'Why businesses choose us' }).locator('figure')).toHaveCount(0);
  for (const [path, reviewer] of [
    ['/', 'Pádraig'],
    ['/van-insurance', 'Ciarán'],
    ['/truck-insurance', 'Siobhán'],
    ['/fleet-insurance', 'Gráinne'],
  ] as const) {
    await page.goto(path);
    const quotes = page.getByRole('region', { name: 'Why businesses choose us' }).locator('figure');
    await expect(quotes, path).toHaveCount(1);
    await expect(quotes, path).toContainText(reviewer);
  }
  await page.goto('/public-liability-insurance');
  await expect(page.getByRole('region', { name: 'Why businesses choose us' }).locator('figure')).toHaveCount(0);
  // A page no quote is about shows the rating on its own.
  await page.goto('/other-insurance-services');
  await expect(page.getByRole('region', { name: 'Why businesses choose us' }).locator('figure')).toHaveCount(0);
  // Home's quote leads to the products, each with its form; the forms are also quiet links below.
  await page.goto('/');
  await expect(page.locator('.hero .actions a').first()).toHaveAttribute('href', '#get-a-quote');
  const picker = page.getByRole('navigation', { name: 'Or go straight to a quote form' });
  await expect(picker.getByRole('link', { name: 'Van insurance quote' })).toHaveAttribute('href', '/van-insurance-quotes');
});

test('on a phone the contents box follows the trust bar and says how many sections it lists', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/truck-insurance');
  const contents = page.getByRole('navigation', { name: 'On this page' });
  const count = await contents.locator('li').count();
  await expect(contents.locator('summary')).toHaveText(`On this page · ${count} sections`);
  const bar = await page.getByRole('region', { name: 'Why customers trust us' }).boundingBox();
  const box = await contents.boundingBox();
  expect(box && bar && box.y - (bar.y + bar.height)).toBeGreaterThanOrEqual(23);
});
