import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

/** The 'Request a Callback' modal and form. */

const modal = (page: Page) => page.getByRole('dialog', { name: 'Request a Callback' });
const htmlHasClass = (page: Page, name: string) => page.evaluate((cls) => document.documentElement.classList.contains(cls), name);

test('the query string opens the modal; Escape closes it and scrolling comes back', async ({ page }) => {
  await page.goto('/about-us?modal=open&modalName=callback');
  await expect(modal(page)).toBeVisible();
  await expect(modal(page).getByPlaceholder('Your Message (required)')).toBeVisible();
  expect(await htmlHasClass(page, 'modal-open')).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await expectNoAxeViolations(page, 'callback modal');
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeHidden();
  // The page's class and address follow the dialog's closing, a moment after it is hidden.
  await expect.poll(() => htmlHasClass(page, 'modal-open')).toBe(false);
  await expect.poll(() => new URL(page.url()).search).toBe('');
});

test('the button loads the modal only when pressed, traps focus and returns it on close', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/faqs');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  const trigger = page.getByRole('link', { name: 'Request a callback' }).first();
  await trigger.click();
  await expect(modal(page)).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(new URL(page.url()).searchParams.get('modalName')).toBe('callback');

  // Focus stays in the dialog however far the visitor tabs.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
  }
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('each field shows the spec’s message once touched, and Call Me Back waits for a valid form', async ({ page }) => {
  await page.goto('/?modal=open&modalName=callback');
  const dialog = modal(page);
  const send = dialog.getByRole('button', { name: 'Call Me Back' });
  await expect(send).toBeDisabled();
  // Said once above the fields, and by the button what the details are for.
  await expect(dialog.getByText('All fields are required.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'privacy statement' })).toHaveAttribute('href', '/privacy-statement');
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(0);

  await dialog.getByLabel('Name').fill('x');
  await dialog.getByLabel('Name').fill('');
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(1);
  await dialog.getByLabel('Email').fill('aoife@');
  await dialog.getByLabel('Email').blur();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Phone').fill('12345');
  await dialog.getByLabel('Phone').blur();
  await expect(dialog.getByText('Invalid phone number')).toBeVisible();
  await expect(dialog.getByLabel('Subject').locator('option')).toHaveText([
    'Please select',
    'Non-standard commercial vehicle insurance',
    'Van insurance for convicted drivers',
  ]);
  await expect(send).toBeDisabled();

  await dialog.getByLabel('Name').fill('Aoife Byrne');
  await dialog.getByLabel('Email').fill('aoife@example.ie');
  await dialog.getByLabel('Phone').fill('087 123 4567');
  await dialog.getByLabel('Subject').selectOption('Van insurance for convicted drivers');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Message').fill('I have three penalty points and need cover for a Transit.');
  await expect(send).toBeEnabled();
  await send.click();

  const alert = page.getByRole('dialog').filter({ hasText: 'Success!' });
  await expect(alert).toContainText('will call you back');
  await expect(modal(page)).toBeHidden();
  await expect.poll(() => htmlHasClass(page, 'modal-open')).toBe(false);
  await alert.getByRole('button', { name: 'OK' }).click();

  // Opened again, the form is empty.
  await page.getByRole('link', { name: 'Request a callback' }).first().click();
  await expect(modal(page).getByLabel('Name')).toHaveValue('');
});

/** Fills the callback form on a page with the modal open. */
async function fillCallback(page: Page, message: string) {
  const dialog = modal(page);
  await dialog.getByLabel('Name').fill('Seán');
  await dialog.getByLabel('Email').fill('sean@example.ie');
  await dialog.getByLabel('Phone').fill('0861234567');
  await dialog.getByLabel('Subject').selectOption('Non-standard commercial vehicle insurance');
  await dialog.getByLabel('Message').fill(message);
  return dialog;
}

test('a failure shows Error with the server’s message', async ({ page }) => {
  // The server itself is not at fault here; the test stands in for one that is.
  await page.route('**/api/v1/contacts/create', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, message: 'We could not take your request just now.', errors: [] }),
    }),
  );
  await page.goto('/careers?modal=open&modalName=callback');
  const dialog = await fillCallback(page, 'Imported van.');
  await dialog.getByRole('button', { name: 'Call Me Back' }).click();
  const alert = page.getByRole('dialog').filter({ hasText: 'We could not take your request just now.' });
  await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible();
});

test('a lost answer is resent by itself under the same key, saying it is still sending, and answered once', async ({ page }) => {
  const keys: (string | undefined)[] = [];
  await page.route('**/api/v1/contacts/create', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    // The first request reaches the server and is stored; its answer is lost on the way back.
    await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return route.abort('connectionreset');
  });
  await page.goto('/careers?modal=open&modalName=callback');
  const dialog = await fillCallback(page, 'Resent after a dropped connection.');
  await dialog.getByRole('button', { name: 'Call Me Back' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Still trying to send your request' })).toBeVisible();
  const alert = page.getByRole('dialog').filter({ hasText: 'Success!' });
  await expect(alert).toContainText('will call you back');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('a server that stays unavailable (503) is tried a few times, then the visitor is told', async ({ page }) => {
  let attempts = 0;
  await page.route('**/api/v1/contacts/create', (route) => {
    attempts += 1;
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, message: 'The service is briefly unavailable.', errors: [] }),
    });
  });
  await page.goto('/careers?modal=open&modalName=callback');
  const dialog = await fillCallback(page, 'Imported van.');
  await dialog.getByRole('button', { name: 'Call Me Back' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Still trying to send your request' })).toBeVisible();
  const alert = page.getByRole('dialog').filter({ hasText: 'The service is briefly unavailable.' });
  // Four attempts, 1 + 2 + 4 s apart.
  await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible({ timeout: 15_000 });
  expect(attempts).toBe(4);
});

test('the same form works inline on the convicted-drivers page, loading on first focus', async ({ page }) => {
  await page.goto('/van-insurance-for-convicted-drivers');
  const form = page.locator('#callback').getByRole('form', { name: 'Request a Callback' });
  await expect(form.getByLabel('Subject')).toHaveValue('Van insurance for convicted drivers');
  await form.getByLabel('Name').click();
  await expect(page.locator('#callback astro-island')).not.toHaveAttribute('ssr', '');
  await form.getByLabel('Name').fill('Declan Murphy');
  await form.getByLabel('Email').fill('declan@example.ie');
  await form.getByLabel('Phone').fill('+353 85 123 4567');
  await form.getByLabel('Message').fill('Six penalty points for speeding, renewal due next month.');
  await form.getByRole('button', { name: 'Call Me Back' }).click();
  const alert = page.getByRole('dialog').filter({ hasText: 'Success!' });
  await expect(alert).toContainText('will call you back');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Subject')).toHaveValue('Van insurance for convicted drivers');
});

test('the button shows that the modal is loading until its script arrives', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/CallbackModal*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/disclaimer');
  // On a phone the only one is the bar's, which shows once the intro has scrolled away.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const trigger = page.getByRole('link', { name: 'Request a callback' }).filter({ visible: true }).first();
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(modal(page)).toBeVisible();
  await expect(trigger).not.toHaveAttribute('aria-busy', 'true');
});
