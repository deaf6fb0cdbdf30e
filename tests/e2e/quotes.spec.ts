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
  await page.getByRole('link', { name: 'Start a van quote with your conviction details' }).click();
  await expect(page).toHaveURL(/\/van-insurance-quotes\?convictions=yes$/);
  const answers = {
    ...validAnswers.van,
    hasConvictions: 'Yes',
    convictions: [{ date: isoDaysFromNow(-400), offence: 'Speeding', points: '3', penalty: '€160 fine' }],
  };
  // The journey starts from the same address, so the preset applies.
  expect(await completeJourney(page, 'van', '/van-insurance-quotes?convictions=yes', answers)).toMatch(/^VQ-/);
});
