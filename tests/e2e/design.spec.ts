import { expect, type Page, test } from '@playwright/test';
import { leadMessages } from '#src/schemas/leads/form-definition.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import { pages } from '#src/site/pages.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { e2eAnalyticsPort } from '../support/e2e-ports.ts';
import { formReady } from '../support/lead-journey.ts';

/** Visible faults a review once found, each checked in a real browser at the widths it happened at. */
const TAP = 44;

async function boxesOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((node) => (node as HTMLElement).offsetParent !== null)
      .map((node) => {
        const box = node.getBoundingClientRect();
        return {
          text: node.textContent?.trim().replace(/\s+/g, ' ') ?? '',
          width: Math.round(box.width),
          height: Math.round(box.height),
          top: Math.round(box.top),
        };
      }),
  );
}

/**
 * From 1024 px the header is two rows: the brand and the actions (call, callback, quote) on
 * one centre line, then every navigation link on one line below them, all inside the window.
 */
async function expectTwoRowHeader(page: Page, width: number) {
  const bar = page.locator('.header-bar');
  await expect(bar.getByRole('link', { name: 'Get a quote' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
  const top = await boxesOf(page, '.header-bar > .brand, .header-actions > a');
  expect(top).toHaveLength(4);
  const topMiddles = top.map((item) => item.top + item.height / 2);
  expect(Math.max(...topMiddles) - Math.min(...topMiddles), JSON.stringify(top)).toBeLessThan(8);
  const links = await boxesOf(page, '.nav-wide li');
  expect(links.length).toBeGreaterThan(8);
  const linkMiddles = links.map((item) => item.top + item.height / 2);
  expect(Math.max(...linkMiddles) - Math.min(...linkMiddles), JSON.stringify(links)).toBeLessThan(4);
  expect(Math.min(...links.map((item) => item.top))).toBeGreaterThanOrEqual(Math.max(...top.map((item) => item.top + item.height)));
  expect((await bar.boundingBox())?.height).toBeLessThan(130);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const quote = await bar.getByRole('link', { name: 'Get a quote' }).boundingBox();
  expect((quote?.x ?? 0) + (quote?.width ?? 0)).toBeLessThanOrEqual(width);
}

// 1300 and 1336: between 1,250 and 1,340 px the one-row header once pushed 'Get a quote' out of the window.
for (const width of [1024, 1280, 1300, 1336, 1366, 1920]) {
  test(`the header is the brand and actions over one row of links at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // Not the claims page: its header offers the claims line in place of the quote.
    await page.goto('/about-us');
    await expectTwoRowHeader(page, width);
  });
}

/**
 * Below 768 px: the header is one row, and call, callback and quote wait in a bar fixed at the
 * foot of the screen from the first screen to the last, drawn by CSS alone.
 */
for (const width of [320, 390]) {
  test(`on a ${width} px phone the header is one row and call, callback and quote wait at the foot of the screen`, async ({ page }) => {
    const height = 800;
    await page.setViewportSize({ width, height });
    await page.goto('/fleet-insurance');
    await expect(page.locator('.nav-burger')).not.toHaveAttribute('open');
    const row = await boxesOf(page, '.header-bar > .brand, .nav-burger > summary');
    expect(row.map((item) => item.text)).toEqual(['Shannon Commercial Insurance', 'Menu']);
    expect(Math.abs(row[0]!.top + row[0]!.height / 2 - (row[1]!.top + row[1]!.height / 2)), JSON.stringify(row)).toBeLessThan(4);
    // One row: no taller than the brand (its name on up to three lines) and its padding; two rows were 120 px.
    expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(72);

    const bar = page.getByRole('banner').locator('.header-actions');
    const atFoot = async () => {
      const box = await bar.boundingBox();
      return box ? Math.round(box.y + box.height) : null;
    };
    // On the first screen already, and at every scroll after it.
    await expect(bar.locator('a[href^="tel:"]')).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/fleet-insurance-quotes');
    await expect(bar.getByRole('link', { name: 'Request a callback' })).toBeVisible();
    expect(await atFoot()).toBe(height);
    for (const target of await boxesOf(page, '.header-actions > a')) expect(target.height, target.text).toBeGreaterThanOrEqual(TAP);
    await page.evaluate(() => window.scrollTo(0, 1500));
    expect(await atFoot()).toBe(height);
    // At the end of the page the bar covers nothing: the footer's last line ends above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const lines = [...document.querySelectorAll('.site-footer p, .site-footer a')].filter((node) => node.getClientRects().length > 0);
      const lowest = Math.max(...lines.map((node) => node.getBoundingClientRect().bottom));
      return lowest > document.querySelector('.header-actions')!.getBoundingClientRect().top;
    });
    expect(covered).toBe(false);
  });
}

test('the phone bar is not on the quote forms, nor printed, and from 768 px the actions are back in the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/van-insurance-quotes');
  await expect(page.getByRole('link', { name: 'Get a quote' })).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCSS('padding-bottom', '0px');

  await page.goto('/van-insurance');
  const bar = page.getByRole('banner').locator('.header-actions');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(bar).toBeVisible();
  await expect(page.locator('.site-footer')).not.toHaveCSS('padding-bottom', '0px');
  await page.emulateMedia({ media: 'print' });
  await expect(bar).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.setViewportSize({ width: 768, height: 800 });
  await expect(bar).toHaveCSS('position', 'static');
  const [header, actions] = [await page.locator('.site-header').boundingBox(), await bar.boundingBox()];
  expect(actions!.y + actions!.height).toBeLessThanOrEqual(header!.y + header!.height);
});

test('a thank-you or legal page has no phone bar: its actions are a row under the brand', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/quote-thank-you', '/privacy-statement']) {
    await page.goto(path);
    const bar = page.getByRole('banner').locator('.header-actions');
    await expect(bar, path).toHaveCSS('position', 'static');
    await expect(bar.getByRole('link', { name: 'Get a quote' }), path).toBeVisible();
    const [header, actions] = [await page.locator('.site-header').boundingBox(), await bar.boundingBox()];
    expect(actions!.y + actions!.height, path).toBeLessThanOrEqual(header!.y + header!.height);
    await expect(page.locator('.site-footer'), path).toHaveCSS('padding-bottom', '0px');
  }
});

test('the phone bar needs no script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/van-insurance');
  await expect(page.getByRole('banner').locator('.header-actions')).toBeVisible();
  await expect(page.getByRole('banner').locator('.header-actions')).toHaveCSS('position', 'fixed');
  await context.close();
});

test('the phone bar leaves out the page’s own action: no callback dialog where the callback form is the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('banner').locator('.header-actions');
  for (const path of ['/contact-us', '/non-standard-commercial-vehicle-insurance']) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(bar, path).toBeVisible();
    await expect(bar.locator('a[href^="tel:"]'), path).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Get a quote' }), path).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Request a callback' }), path).toBeHidden();
  }
  // Wider, the header keeps its pair on every page.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(bar.getByRole('link', { name: 'Request a callback' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Get a quote' })).toBeVisible();
});

for (const width of [320, 390]) {
  test(`every header and footer target is at least ${TAP} × ${TAP} px at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const targets = await boxesOf(page, '.site-header a, .site-header summary, .site-footer a');
    expect(targets.length).toBeGreaterThan(20);
    const small = targets.filter((target) => target.width < TAP || target.height < TAP);
    expect(small, JSON.stringify(small)).toEqual([]);
  });
}

// Swept, not sampled: a header once fitted at 1024 and 1366 px and overflowed between 1250 and 1340.
// Each page is laid out in a same-origin frame resized in the browser itself: 81 widths of a
// page cost milliseconds there, against a round trip per width through the window.
test('no public page scrolls sideways at any width from 320 to 1920 px (20 px steps)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/');
  const wide = await page.evaluate(
    async (paths) => {
      const found: string[] = [];
      for (const path of paths) {
        const frame = document.createElement('iframe');
        frame.style.cssText = 'position:fixed;top:0;left:0;height:900px;width:1920px;border:0';
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        frame.src = path;
        document.body.append(frame);
        await loaded;
        const root = frame.contentDocument!.documentElement;
        for (let width = 320; width <= 1920; width += 20) {
          frame.style.width = `${width}px`;
          if (root.scrollWidth > root.clientWidth) found.push(`${path} at ${width} px: ${root.scrollWidth} px`);
        }
        frame.remove();
      }
      return found;
    },
    pages.map((entry) => entry.path),
  );
  expect(wide).toEqual([]);
});

test.describe('a quote or renewal form on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ['/van-insurance-quotes', '/fleet-insurance-quotes', '/truck-insurance-quotes', '/public-liability-insurance-quote', '/policy-renewal']) {
    test(`${path} shows the title and the form's first questions on the first screen, what you'll need folded above them, the phone offer after`, async ({
      page,
    }) => {
      await page.goto(path);
      const title = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(title && title.y + title.height).toBeLessThanOrEqual(844);
      // The first three questions on the first screen, whether paired (first and last name) or each on its row (email, phone).
      const tops = await page
        .locator('.lead-form')
        .locator('input, select, textarea')
        .evaluateAll((controls) =>
          controls.slice(0, 3).map((control) => {
            const box = control.getBoundingClientRect();
            return { top: Math.round(box.top), bottom: box.bottom };
          }),
        );
      expect(tops).toHaveLength(3);
      for (const control of tops) expect(control.bottom).toBeLessThanOrEqual(844);
      // Nothing but the title comes between the header and the form: no call or email buttons.
      await expect(page.locator('.hero').getByRole('link')).toHaveCount(0);
      const talk = page.getByRole('complementary', { name: 'Prefer to talk to someone?' });
      await expect(talk.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
      expect(
        await talk.evaluate((aside) => Boolean(aside.compareDocumentPosition(document.querySelector('.lead-form')!) & Node.DOCUMENT_POSITION_PRECEDING)),
      ).toBe(true);
      // What you'll need: folded under the step bar, before the first question, not after the form.
      const checklist = page.locator('.lead-form details.quote-checklist-phone');
      await expect(checklist.locator('summary')).toContainText('What you’ll need');
      await expect(checklist).not.toHaveAttribute('open');
      const before = await checklist.evaluate((details) => {
        const question = document.querySelector('.lead-form :is(input, select, textarea)');
        return question ? Boolean(details.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING) : false;
      });
      expect(before).toBe(true);
      // The panel beside the form is for wide windows only.
      await expect(page.getByRole('heading', { level: 2, name: 'What you’ll need' })).toBeHidden();
    });
  }
});

test.describe('a quote form at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('names every step beside the form with the broker’s number, in view down the step, and what to have ready under them', async ({ page }) => {
    await page.goto('/van-insurance-quotes');
    await formReady(page);
    const total = leadForms.van.steps.length + 1;
    const panel = page.getByRole('complementary', { name: `Your quote in ${total} steps` });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2, name: 'What you’ll need' })).toBeVisible();
    await expect(panel.locator('a[href^="tel:"]')).toHaveCount(1);
    // The phone's count and bar give way to the panel; the folded checklist too.
    await expect(page.locator('.lead-step-count')).toBeHidden();
    await expect(page.locator('.lead-form details.quote-checklist-phone')).toBeHidden();
    // Beside the form, and still in view once the visitor has scrolled down the first (long) step.
    const form = await page.locator('.lead-main').boundingBox();
    const side = await panel.boundingBox();
    expect(side!.x).toBeGreaterThan(form!.x + form!.width);
    await page.mouse.move(300, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The steps and the number stay in view; what to have ready has scrolled away under them.
    const stuck = await panel.locator('.lead-side-steps').boundingBox();
    await expect(panel.locator('.lead-side-steps a[href^="tel:"]')).toBeInViewport();
    expect(stuck!.y).toBeGreaterThanOrEqual(0);
    expect(stuck!.y).toBeLessThan(100);
    // Every step by name, in order; the current one marked, those before it said to be done.
    await page.evaluate((answers) => sessionStorage.setItem('lead-form:van', JSON.stringify({ answers, step: 2 })), validAnswers.van);
    await page.reload();
    await formReady(page);
    const steps = panel.locator('.lead-steps > li');
    await expect(steps).toHaveCount(total);
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toContainText(leadForms.van.steps[2]!.title);
    await expect(steps.nth(0)).toContainText('(completed)');
    await expect(steps.nth(3)).not.toContainText('(completed)');
  });

  test('starts the first question high on the page, under a small title, with the parts of a long step under small headings', async ({ page }) => {
    await page.goto('/van-insurance-quotes');
    const first = await page.locator('.lead-form').getByLabel('First name').boundingBox();
    expect(first!.y).toBeLessThan(450);
    const parts = page.locator('.lead-form h3.lead-section');
    await expect(parts).toHaveText(['Contact details', 'Address', 'Your work']);
    // Town and county share a row.
    const town = await page.locator('.lead-form').getByLabel('Town or city').boundingBox();
    const county = await page.locator('.lead-form').getByLabel('County').boundingBox();
    expect(county!.y).toBe(town!.y);
  });
});

test.describe('the quote form on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('pairs first and last name, but gives email and phone a row each, the full width, where an address fits', async ({ page }) => {
    await page.goto('/van-insurance-quotes');
    const form = page.locator('.lead-form');
    const first = await form.getByLabel('First name').boundingBox();
    const last = await form.getByLabel('Last name').boundingBox();
    expect(last?.y).toBe(first?.y);
    expect(last && first && last.x).toBeGreaterThan(first!.x + first!.width);
    await page.goto('/policy-renewal');
    const renewal = page.locator('.lead-form');
    const email = await renewal.getByLabel('Email', { exact: true }).boundingBox();
    const phone = await renewal.getByLabel('Phone', { exact: true }).boundingBox();
    const number = await renewal.getByLabel('Policy number', { exact: true }).boundingBox();
    const type = await renewal.getByLabel('Policy type', { exact: true }).boundingBox();
    expect(phone && email && phone.y).toBeGreaterThan(email!.y + email!.height);
    expect(type && number && type.y).toBeGreaterThan(number!.y + number!.height);
    expect(email?.width).toBeGreaterThan(300);
    expect(phone?.x).toBe(email?.x);
  });
});

test.describe('the quote form on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('gives first and last name a row each, the full width, rather than pairing them', async ({ page }) => {
    await page.goto('/van-insurance-quotes');
    const form = page.locator('.lead-form');
    const first = await form.getByLabel('First name').boundingBox();
    const last = await form.getByLabel('Last name').boundingBox();
    expect(first && last && last.y).toBeGreaterThan(first!.y + first!.height);
    expect(last?.x).toBe(first?.x);
  });

  test('says "Step 3 of 8" over a one-row bar whose done steps look done', async ({ page }) => {
    const total = leadForms.van.steps.length + 1;
    await page.addInitScript((answers) => sessionStorage.setItem('lead-form:van', JSON.stringify({ answers, step: 2 })), validAnswers.van);
    await page.goto('/van-insurance-quotes');
    await formReady(page);
    const form = page.locator('.lead-form');
    await expect(form.getByText(`Step 3 of ${total}`)).toBeVisible();
    const bar = form.getByRole('list', { name: 'Progress' });
    const box = await bar.boundingBox();
    expect(box?.height).toBeLessThan(24);
    expect(box && box.x + box.width).toBeLessThanOrEqual(320);
    const colours = await bar.locator('li').evaluateAll((items) => items.map((item) => `${item.className}:${getComputedStyle(item).borderTopColor}`));
    expect(colours).toHaveLength(total);
    const [done, current, later] = [colours[0]!, colours[2]!, colours[3]!];
    expect(done.startsWith('done:')).toBe(true);
    expect(colours[1]!.startsWith('done:')).toBe(true);
    expect(current.split(':')[1]).not.toBe(done.split(':')[1]);
    expect(later.split(':')[1]).not.toBe(done.split(':')[1]);
    await expect(bar.locator('li.done').first()).toContainText('(completed)');
  });

  test('an occupation that is not in the list says so instead of only "Required"', async ({ page }) => {
    await page.goto('/van-insurance-quotes');
    await formReady(page);
    const occupation = page.locator('.lead-form').getByRole('combobox', { name: 'Occupation' });
    await occupation.fill('Zzyzx wrangler');
    await occupation.blur();
    await expect(page.locator('.lead-form').getByText(leadMessages.notInList)).toBeVisible();
  });
});

test('the error dialog wears the site’s look, not the library’s stock one', async ({ page }) => {
  await page.route('**/api/v1/contacts/create', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ ok: false, message: 'Not just now.', errors: [] }) }),
  );
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/careers?modal=open&modalName=callback');
  const form = page.getByRole('dialog', { name: 'Request a Callback' });
  // The page and the callback form need the site's one stylesheet; the dialogs' come with the first dialog.
  await expect(form).toBeVisible();
  expect(stylesheets).toHaveLength(1);
  await form.getByLabel('Name').fill('Seán');
  await form.getByLabel('Email').fill('sean@example.ie');
  await form.getByLabel('Phone').fill('0861234567');
  await form.getByLabel('Subject').selectOption('Non-standard commercial vehicle insurance');
  await form.getByLabel('Message').fill('Imported van.');
  await form.getByRole('button', { name: 'Call Me Back' }).click();
  const alert = page.locator('.swal2-popup');
  await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible();
  const look = await alert.evaluate((popup) => {
    const confirm = popup.querySelector('.swal2-confirm') as HTMLElement;
    return {
      font: getComputedStyle(popup).fontFamily,
      radius: getComputedStyle(popup).borderTopLeftRadius,
      button: getComputedStyle(confirm).backgroundColor,
      // The layout height: the dialog may still be scaling in (its show animation) when measured.
      buttonHeight: confirm.offsetHeight,
    };
  });
  expect(look.font).toContain('Figtree');
  expect(look.radius).toBe('18px');
  // The site's one primary colour, as every filled button.
  expect(look.button).toBe('rgb(184, 66, 15)');
  expect(look.buttonHeight).toBeGreaterThanOrEqual(44);
  expect(stylesheets.some((path) => path.includes('sweetalert2'))).toBe(true);
});

for (const width of [1024, 1280, 1366]) {
  test(`with "Pay online" in the navigation the header keeps its two rows and fits at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`http://127.0.0.1:${e2eAnalyticsPort}/about-us`);
    await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Pay online' })).toBeVisible();
    await expectTwoRowHeader(page, width);
  });
}

test('the quote and renewal forms have the slim header: home, phone and regulator, no menu', async ({ page }) => {
  for (const path of ['/van-insurance-quotes', '/fleet-insurance-quotes', '/truck-insurance-quotes', '/public-liability-insurance-quote', '/policy-renewal']) {
    await page.goto(path);
    const header = page.locator('header.funnel-header');
    await expect(header.getByRole('link', { name: /: home$/ }), path).toHaveAttribute('href', '/');
    await expect(header.locator('a[href^="tel:"]'), path).toBeVisible();
    await expect(header.getByText('Regulated by the Central Bank of Ireland'), path).toBeVisible();
    await expect(page.getByRole('navigation', { name: /^Main/ }), path).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get a quote' }), path).toHaveCount(0);
    await expect(page.locator('footer'), path).toBeVisible();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expectNoAxeViolations(page, 'slim form header');
});

test('every thank-you page: three next steps, the hours and phone, links to read, the header as on every page', async ({ page }) => {
  const thankYous = ['/quote-thank-you', '/quote-thank-fleet', '/quote-thank-truck', '/quote-thank-liability', '/renewal-thank-you', '/contact-thank-you'];
  for (const path of thankYous) {
    await page.goto(path);
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next.locator('.step-list > li'), path).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Opening hours' }).locator('a[href^="tel:"]'), path).toBeVisible();
    expect(await page.getByRole('region', { name: 'While you wait' }).getByRole('link').count(), path).toBeGreaterThan(0);
    // The header keeps its pair, as on every page but claims; the page itself offers no new quote.
    await expect(page.locator('.site-header').getByRole('link', { name: 'Get a quote' }), path).toBeVisible();
    await expect(page.locator('.site-header').getByRole('link', { name: 'Request a callback' }), path).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Get a quote' }), path).toHaveCount(0);
  }
  await page.goto('/renewal-thank-you?ref=RN-2026-000123');
  await expect(page.getByText('Your reference is RN-2026-000123.')).toBeVisible();
  await expectNoAxeViolations(page, 'renewal thank-you');
});

// A full-page capture draws a sticky column where it starts, so a review read the aside as ending
// after ~1,000 px: in a real window it travels with the text to the end of the long part.
test('on a 1366 × 768 laptop the side menu and broker card travel with a long page’s text', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const checked: string[] = [];
  for (const path of [
    '/truck-insurance',
    '/van-insurance',
    '/public-liability-insurance',
    '/van-insurance-for-convicted-drivers',
    '/claims-assistance',
    '/careers',
  ]) {
    await page.goto(path);
    const aside = page.locator('.page-aside');
    if ((await aside.count()) === 0) continue;
    await expect(aside, path).toHaveCSS('position', 'sticky');
    const detail = (await page.locator('.product-detail').boundingBox())!;
    const own = (await aside.boundingBox())!;
    // Scrolled to where the text is still going but the column, unstuck, would have ended.
    const target = Math.min(detail.y + detail.height - own.height - 40, detail.y + own.height + 400);
    if (target <= detail.y) continue;
    await page.evaluate((y) => window.scrollTo(0, y), target);
    await expect(page.getByRole('navigation', { name: 'On this page' }), path).toBeInViewport();
    checked.push(path);
  }
  expect(checked.length, checked.join()).toBeGreaterThanOrEqual(3);
});
