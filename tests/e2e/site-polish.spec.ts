import { expect, test } from '@playwright/test';
import { siteFacts } from '#src/site/facts.ts';
import { mapHref } from '#src/site/facts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * Issue 30's review remarks on the public site: a contact page linked from every page, one
 * name and one quote button per product, the quiet tone of careers and complaints, and one
 * divider before the broker's record.
 */
const facts = siteFacts();

test('the contact page gives every way to reach the broker, a map link and the callback form, and is linked from header and footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  // The intro's first action goes down to the page's own callback form, with no script; its second calls.
  const intro = page.locator('.hero .actions');
  await expect(intro.getByRole('link', { name: 'Request a callback' })).toHaveAttribute('href', '#callback');
  await expect(intro.getByRole('link', { name: `Call ${facts.salesPhone}` })).toHaveAttribute('href', /^tel:/);
  const ways = page.getByRole('region', { name: 'Ways to reach us' });
  await expect(ways.getByRole('link', { name: facts.salesPhone })).toHaveAttribute('href', `tel:${facts.salesPhone.replace(/[^\d+]/g, '')}`);
  await expect(ways.getByRole('link', { name: facts.claimsPhone })).toBeVisible();
  await expect(ways.getByRole('link', { name: facts.salesEmail })).toHaveAttribute('href', `mailto:${facts.salesEmail}`);
  await expect(ways).toContainText(facts.openingHours);
  const office = page.getByRole('region', { name: 'Visit our office' });
  await expect(office.locator('address')).toContainText(facts.officeAddress);
  // A drawn map named for screen readers, and a link the visitor chooses to follow, not an
  // embedded map: nothing from another origin loads.
  await expect(office.getByRole('img', { name: `A drawn map with a pin on our office: ${facts.officeAddress}` })).toBeVisible();
  await expect(office.getByRole('link', { name: /^Get directions/ })).toHaveAttribute('href', mapHref(facts.officeAddress));
  await expect(page.locator('iframe')).toHaveCount(0);
  const others = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).origin !== location.origin).length);
  expect(others).toBe(0);
  const callback = page.getByRole('region', { name: 'Request a callback' });
  await expect(callback.getByLabel('Name')).toBeVisible();
  await expect(callback.getByRole('button', { name: 'Call Me Back' })).toBeVisible();
  await expectNoAxeViolations(page, 'contact page');
});

test('at desktop the contact page has the form on the left and the ways to reach us, the office and its map on the right', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/contact-us');
  const form = await page.locator('.callback-section-form').boundingBox();
  const panel = await page.locator('.contact-panel').boundingBox();
  const map = await page.locator('.office-map').boundingBox();
  expect(form && panel && map).toBeTruthy();
  if (!form || !panel || !map) return;
  expect(panel.x).toBeGreaterThan(form.x + form.width);
  // The card starts level with the band's heading, not under the form.
  expect(panel.y).toBeLessThan(form.y);
  expect(map.x >= panel.x && map.x + map.width <= panel.x + panel.width).toBe(true);
});

test('the header links the contact page, with every navigation label in sentence case', async ({ page }) => {
  await page.goto('/claims-assistance');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const labels = (await nav.getByRole('link').allInnerTexts()).map((label) => label.trim());
  expect(labels).toContain('Contact us');
  for (const label of labels) expect(label.slice(1), label).toBe(label.slice(1).toLowerCase());
  await nav.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('each product has one quote button label, from its page to its form', async ({ page }) => {
  for (const [product, form, label, name] of [
    ['/van-insurance', '/van-insurance-quotes', 'Get a van insurance quote', 'van insurance'],
    ['/fleet-insurance', '/fleet-insurance-quotes', 'Get a fleet insurance quote', 'fleet insurance'],
    ['/truck-insurance', '/truck-insurance-quotes', 'Get a truck insurance quote', 'truck insurance'],
    ['/public-liability-insurance', '/public-liability-insurance-quote', 'Get a public liability insurance quote', 'public liability insurance'],
  ] as const) {
    await page.goto(product);
    const buttons = page.getByRole('main').locator(`a[href="${form}"]`);
    expect(new Set((await buttons.allTextContents()).map((text) => text.trim())), product).toEqual(new Set([label]));
    // The home page's product card: one link to its page (the card's heading), and a quiet link to its quote named for the product.
    await page.goto('/');
    const products = page.getByRole('region', { name: 'What we insure' });
    await expect(products.getByRole('link', { name: `Get a quote for ${name}`, exact: true })).toHaveAttribute('href', form);
    await expect(products.getByRole('heading', { name: new RegExp(`^${name}$`, 'i') }).getByRole('link')).toHaveAttribute('href', product);
    await page.goto(form);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  }
});

test('careers and complaints end without a sales banner', async ({ page }) => {
  for (const path of ['/careers', '/customer-care']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.locator('.cta-panel'), path).toHaveCount(0);
    await expect(main.getByRole('link', { name: /^(Get a quote|Request a callback)$/ }), path).toHaveCount(0);
  }
});

test('careers, a recruitment page, carries no customer trust bar', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByRole('region', { name: 'Why customers trust us' })).toHaveCount(0);
  await page.goto('/van-insurance');
  await expect(page.getByRole('region', { name: 'Why customers trust us' })).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cookies table stacks as cards instead of being cut off', async ({ page }) => {
    await page.goto('/cookies-policy');
    for (const wrap of await page.locator('.table-wrap').all()) {
      const fits = await wrap.evaluate((node) => node.scrollWidth <= node.clientWidth);
      expect(fits).toBe(true);
    }
  });

  test('the callback form says nothing of its spam check at rest, and its button is the primary one', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Request a Callback' });
    await form.getByLabel('Name').click();
    await expect(form.getByRole('status').first()).toHaveText('');
    const send = form.getByRole('button', { name: 'Call Me Back' });
    const looks = await send.evaluate((node) => ({ opacity: getComputedStyle(node).opacity, width: node.getBoundingClientRect().width }));
    expect(looks.opacity).toBe('1');
    const select = await form
      .getByLabel('Subject')
      .evaluate((node) => node.getBoundingClientRect().right <= node.closest('form')!.getBoundingClientRect().right);
    expect(select).toBe(true);
  });
});

test.describe('on a 390 px phone, the screenshot review', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the levels of cover are a card per level, one under another, each answer said in words', async ({ page }) => {
    await page.goto('/van-insurance');
    const feature = page.getByRole('region', { name: 'Levels of cover' });
    const cards = feature.locator('.feature-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText('Third party only');
    await expect(cards.first().getByRole('listitem').last()).toHaveText('Not covered: Accidental damage to your own van');
    const boxes = await cards.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()));
    // One under another, the full width of the column, not three squeezed side by side.
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
    for (const box of boxes) expect(box.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the blog topics wrap onto rows, none cut off at the edge', async ({ page }) => {
    await page.goto('/blog');
    const topics = page.getByRole('navigation', { name: 'Topics' }).getByRole('list');
    expect(await topics.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    const rights = await topics.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
    for (const right of rights) expect(right).toBeLessThanOrEqual(390);
  });
});

test.describe('at 1366 px, the screenshot review', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the renewal guide’s folded parts stand side by side under the form and its side panel, within the container', async ({ page }) => {
    await page.goto('/policy-renewal');
    const form = await page.locator('.lead-form .lead-main').boundingBox();
    const checklist = await page.getByRole('complementary', { name: 'Your renewal in 4 steps' }).boundingBox();
    const parts = page.locator('.renewal-guide > .guide-part:has(> .guide-more)');
    await expect(parts).toHaveCount(2);
    const [first, second] = await parts.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    // Two columns, tops level, no column left empty beside the guide: it reaches the checklist's right edge.
    expect(first!.top).toBe(second!.top);
    expect(first!.right).toBeLessThan(second!.left);
    expect(first!.left).toBeCloseTo(form!.x, 0);
    expect(second!.right).toBeLessThanOrEqual(checklist!.x + checklist!.width + 1);
    expect(second!.right).toBeGreaterThan(form!.x + form!.width);
    // Every list and fold stays inside its own column.
    const rights = await parts
      .nth(0)
      .locator(':scope > *, li')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
    expect(rights.length).toBeGreaterThan(4);
    for (const right of rights) expect(right).toBeLessThanOrEqual(first!.right + 1);
  });

  test('no fact of the trust bar takes more than two lines', async ({ page }) => {
    await page.goto('/');
    const lines = await page
      .getByRole('region', { name: 'Why customers trust us' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(item).lineHeight))));
    expect(lines.length).toBeGreaterThan(3);
    for (const count of lines) expect(count).toBeLessThanOrEqual(2);
  });
});

test('the public liability and other business insurance pages ask only their own questions', async ({ page }) => {
  for (const path of ['/public-liability-insurance', '/other-insurance-services']) {
    await page.goto(path);
    await expect(page.getByText('Does my van policy cover the tools inside it?'), path).toHaveCount(0);
  }
});

test('a long product text folds its later parts, which its contents still reach, and the open modules pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/public-liability-insurance');
  const folded = page.locator('.module-detail details.detail-section');
  // The comparison has its own band (the page's feature): of the parts left, three open and four folded.
  await expect(folded).toHaveCount(4);
  await expect(folded.first().getByRole('heading', { level: 2 })).toHaveText('Products liability');
  await expect(folded.first().locator('.faq-answer')).toBeHidden();
  // "On this page" still reaches a folded part: it lands on the part's heading, which opens it.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Products liability' }).click();
  await expect(page).toHaveURL(/#products-liability$/);
  await expect(folded.first().getByRole('heading', { level: 2 })).toBeInViewport();
  await folded.first().getByRole('heading', { level: 2 }).click();
  await expect(folded.first().locator('.faq-answer')).toBeVisible();
  await expectNoAxeViolations(page, '/public-liability-insurance');
  await page.goto('/');
  await expectNoAxeViolations(page, '/');
});

test('the home page’s product cards end their actions on one line in each row', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const rows = await page
    .getByRole('region', { name: 'What we insure' })
    .locator('.card-product')
    .evaluateAll((cards) =>
      cards.map((card) => ({
        row: Math.round(card.getBoundingClientRect().top),
        actions: Math.round(card.querySelector('.card-foot')!.getBoundingClientRect().top),
      })),
    );
  const actionsByRow = Map.groupBy(rows, (card) => card.row);
  expect(actionsByRow.size).toBe(2);
  for (const cards of actionsByRow.values()) expect(new Set(cards.map((card) => card.actions)).size).toBe(1);
});

test('the renewal page offers a call or an email as an aside after the form', async ({ page }) => {
  await page.goto('/policy-renewal');
  const aside = page.getByRole('complementary', { name: 'Prefer to talk to someone?' });
  await expect(aside.getByRole('link', { name: `Call ${facts.salesPhone}` })).toBeVisible();
  await expect(aside.getByRole('link', { name: `Email us at ${facts.salesEmail}` })).toHaveAttribute('href', `mailto:${facts.salesEmail}`);
  const afterForm = await aside.evaluate((node) =>
    Boolean(node.compareDocumentPosition(document.querySelector('.lead-form')!) & Node.DOCUMENT_POSITION_PRECEDING),
  );
  expect(afterForm).toBe(true);
});

test('one hairline, not two, divides the page from the broker’s record', async ({ page }) => {
  for (const path of ['/', '/van-insurance', '/non-standard-commercial-vehicle-insurance', '/about-us']) {
    await page.goto(path);
    const rules = await page.locator('.trust-panel').evaluate((panel) => {
      const before = panel.previousElementSibling as HTMLElement;
      const gap = panel.getBoundingClientRect().top - before.getBoundingClientRect().bottom;
      const lines = [getComputedStyle(before).borderBottomWidth, getComputedStyle(panel).borderTopWidth].filter((width) => Number.parseFloat(width) > 0);
      return { lines: lines.length, gap };
    });
    expect(rules.lines, path).toBeLessThanOrEqual(1);
    expect(rules.gap, path).toBeLessThanOrEqual(1);
  }
});
