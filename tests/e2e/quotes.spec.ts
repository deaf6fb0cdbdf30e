import { expect, test } from '@playwright/test';
import { completeJourney } from '../support/lead-journey.ts';
import { isoDaysFromNow, validAnswers } from '../support/lead-answers.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import type { Answers } from '../../src/schemas/leads/form-definition.ts';

/**
 * The quote and renewal journeys in a real browser, each through to its thank-you page with
 * the reference (axe on every step). Staff handling the leads is in admin.spec.ts.
 */
test.describe.configure({ timeout: 120_000 });

test('a fleet quote with its schedule uploaded through the file field', async ({ page }) => {
  const { vehicles: _listed, ...answers } = validAnswers.fleet;
  const schedule = { name: 'fleet-schedule.csv', mimeType: 'text/csv', buffer: Buffer.from('Registration,Make,Model,Year,Value\r\n201-L-1001,Renault,Master,2020,24000\r\n') };
  const journey = { ...answers, fleetList: 'Upload a fleet schedule', schedule: [schedule] } as unknown as Answers;
  expect(await completeJourney(page, 'fleet', '/fleet-insurance-quotes', journey)).toMatch(/^FQ-/);
  await expect(page).toHaveURL(/\/quote-thank-fleet\?ref=FQ-/);
});

test('a fleet quote with the vehicles listed row by row', async ({ page }) => {
  expect(await completeJourney(page, 'fleet', '/fleet-insurance-quotes', validAnswers.fleet)).toMatch(/^FQ-/);
});

test('a truck quote', async ({ page }) => {
  expect(await completeJourney(page, 'truck', '/truck-insurance-quotes', validAnswers.truck)).toMatch(/^TQ-/);
});

test('a public liability quote', async ({ page }) => {
  expect(await completeJourney(page, 'liability', '/public-liability-insurance-quote', validAnswers.liability)).toMatch(/^LQ-/);
  await expectNoAxeViolations(page, 'liability thank-you page with its reference');
});

test('a renewal, by keyboard only', async ({ page }) => {
  expect(await completeJourney(page, 'renewal', '/policy-renewal', validAnswers.renewal, { keyboardOnly: true })).toMatch(/^RN-/);
  await expect(page).toHaveURL(/\/renewal-thank-you\?ref=RN-/);
});

test('the form shows errors once touched, will not go on while a step is wrong, and survives a reload', async ({ page }) => {
  await page.goto('/van-insurance-quotes');
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
  await expect(form.getByLabel('First name', { exact: true })).toHaveValue('Aoife');
});

test('the convicted-driver page leads into the van journey with conviction details asked for', async ({ page }) => {
  await page.goto('/van-insurance-for-convicted-drivers');
  await page.getByRole('link', { name: 'Start a van quote with your conviction details' }).click();
  await expect(page).toHaveURL(/\/van-insurance-quotes\?convictions=yes$/);
  const answers = { ...validAnswers.van, hasConvictions: 'Yes', convictions: [{ date: isoDaysFromNow(-400), offence: 'Speeding', points: '3', penalty: '€160 fine' }] };
  // The journey starts from the same address, so the preset applies.
  expect(await completeJourney(page, 'van', '/van-insurance-quotes?convictions=yes', answers)).toMatch(/^VQ-/);
});
