import { expect, test } from '@playwright/test';
import { completeJourney, formReady } from '../support/lead-journey.ts';
import { isoDaysFromNow, validAnswers } from '../support/lead-answers.ts';

/**
 * The quote forms' behaviour in a real browser. The full journey of every kind, through to
 * its thank-you page and the lead in the back-office, is in admin.spec.ts (it needs staff).
 */
test.describe.configure({ timeout: 120_000 });

test('a fleet quote with the vehicles listed row by row', async ({ page }) => {
  expect(await completeJourney(page, 'fleet', '/fleet-insurance-quotes', validAnswers.fleet)).toMatch(/^FQ-/);
  await expect(page).toHaveURL(/\/quote-thank-fleet\?ref=FQ-/);
});

test('the form shows errors once touched, will not go on while a step is wrong, and survives a reload', async ({ page }) => {
  await page.goto('/van-insurance-quotes');
  await formReady(page);
  const form = page.locator('.lead-form');
  const first = form.getByLabel('First name', { exact: true });
  await first.fill('Aoife');
  await form.getByLabel('Email', { exact: true }).fill('not an email');
  await form.getByLabel('Email', { exact: true }).blur();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  // Untouched fields say nothing until the visitor tries to go on.
  await expect(form.getByText('Required', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
  expect(await form.getByText('Required', { exact: true }).count()).toBeGreaterThan(3);
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await formReady(page);
  await expect(form.getByLabel('First name', { exact: true })).toHaveValue('Aoife');
});

test('the convicted-driver page leads into the van journey with conviction details asked for', async ({ page }) => {
  await page.goto('/van-insurance-for-convicted-drivers');
  // The product's one quote label, on the link that asks for conviction details from the start.
  await page.getByRole('link', { name: 'Get a van insurance quote' }).and(page.locator('[href="/van-insurance-quotes?convictions=yes"]')).first().click();
  await expect(page).toHaveURL(/\/van-insurance-quotes\?convictions=yes$/);
  const answers = {
    ...validAnswers.van,
    hasConvictions: 'Yes',
    convictions: [{ date: isoDaysFromNow(-400), offence: 'Speeding', points: '3', penalty: '€160 fine' }],
  };
  // The journey starts from the same address, so the preset applies.
  expect(await completeJourney(page, 'van', '/van-insurance-quotes?convictions=yes', answers)).toMatch(/^VQ-/);
});

test('what a visitor does before the form’s script has arrived is kept, Continue included', async ({ page }) => {
  // Hold the island's script, as on a slow connection, until the visitor has filled some of the first step.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/LeadForm.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/truck-insurance-quotes');
  const island = page.locator('astro-island:has(.lead-form)');
  const form = page.locator('.lead-form');
  await form.getByRole('textbox', { name: 'Make and model', exact: true }).fill('DAF XF 480');
  await form.getByRole('combobox', { name: 'Body type', exact: true }).selectOption('Curtainsider');
  await form.getByRole('radio', { name: 'Yes', exact: true }).check();
  await form.getByRole('textbox', { name: 'Registration', exact: true }).fill('231-kY-4567');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(island).toHaveAttribute('ssr', '');
  // The page did not submit itself meanwhile.
  await expect(page).toHaveURL(/\/truck-insurance-quotes$/);
  release();
  await expect(island).not.toHaveAttribute('ssr');
  // The held Continue ran on the answers given: the step's empty fields say so, the filled ones do not.
  await expect(form.getByRole('heading', { level: 2, name: 'The truck' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Year of manufacture', exact: true })).toHaveAttribute('aria-invalid', 'true');
  for (const name of ['Make and model', 'Registration'])
    await expect(form.getByRole('textbox', { name, exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'Registration', exact: true })).toHaveValue('231-KY-4567');
  await expect(form.getByRole('combobox', { name: 'Body type', exact: true })).toHaveValue('Curtainsider');
  // The trailers' value appears for a Yes: the choice reached the form's state.
  await expect(form.getByRole('textbox', { name: 'Total value of the trailers (€)', exact: true })).toBeVisible();
  // And the answers are the form's own: they survive a reload.
  await page.reload();
  await formReady(page);
  await expect(form.getByRole('textbox', { name: 'Make and model', exact: true })).toHaveValue('DAF XF 480');
});

test('registrations and Eircodes show in capitals as they are typed, the caret staying put', async ({ page }) => {
  await page.goto('/policy-renewal');
  await formReady(page);
  const form = page.locator('.lead-form');
  await form.getByRole('radio', { name: 'Vehicle registration', exact: true }).check();
  const registration = form.getByRole('textbox', { name: 'Vehicle registration', exact: true });
  await registration.pressSequentially('191-c-9876');
  await expect(registration).toHaveValue('191-C-9876');
  for (let i = 0; i < 4; i++) await registration.press('ArrowLeft');
  await registration.pressSequentially('k');
  await expect(registration).toHaveValue('191-C-K9876');
  await page.goto('/van-insurance-quotes');
  await formReady(page);
  const eircode = page.locator('.lead-form').getByRole('textbox', { name: 'Eircode', exact: true });
  await eircode.pressSequentially('v92 x3f2');
  await expect(eircode).toHaveValue('V92 X3F2');
});
