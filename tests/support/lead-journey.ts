import { expect, type Locator, type Page } from '@playwright/test';
import type { Answers, FieldDef, LeafField } from '#src/schemas/leads/form-definition.ts';
import { isShown } from '#src/schemas/leads/form-definition.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import { expectNoAxeViolations } from './axe.ts';

type Options = { keyboardOnly?: boolean };

const labelOf = (field: FieldDef) => (field.required === false ? `${field.label} (optional)` : field.label);

/** Presses a button or ticks a box: by mouse, or (keyboard only) by focusing it and pressing a key. */
async function activate(target: Locator, { keyboardOnly }: Options, key = 'Space') {
  if (keyboardOnly) {
    await target.focus();
    await target.press(key);
  } else {
    await target.click();
  }
}

/** A date asked as Day, Month and Year selects (a date of birth, a renewal date). */
async function fillDateParts(scope: Locator, label: string, value: unknown) {
  const [year, month, day] = String(value).split('-').map(Number);
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByLabel('Year').selectOption(String(year));
  await group.getByLabel('Month').selectOption(String(month));
  await group.getByLabel('Day').selectOption(String(day));
}

async function fillLeaf(scope: Locator, page: Page, field: LeafField, value: unknown, options: Options) {
  const label = labelOf(field);
  switch (field.kind) {
    case 'radio':
    case 'yesno': {
      const radio = scope.getByRole('group', { name: label, exact: true }).getByRole('radio', { name: String(value), exact: true });
      if (options.keyboardOnly) {
        await radio.focus();
        await radio.press('Space');
      } else await radio.check();
      return;
    }
    case 'checklist':
      for (const item of (value ?? []) as string[])
        await activate(scope.getByRole('group', { name: label, exact: true }).getByRole('checkbox', { name: item, exact: true }), options);
      return;
    case 'consent':
      if (value === true) await activate(scope.getByRole('checkbox', { name: field.label }), options);
      return;
    case 'select':
      if (value !== undefined) await scope.getByRole('combobox', { name: label, exact: true }).selectOption(String(value));
      return;
    case 'date':
      if (field.years) await fillDateParts(scope, label, value);
      else await scope.getByLabel(label, { exact: true }).fill(String(value));
      return;
    case 'dob':
      await fillDateParts(scope, label, value);
      return;
    case 'search': {
      const box = scope.getByRole('combobox', { name: label });
      await box.fill(String(value).split(',')[0]!);
      const option = page.getByRole('option', { name: String(value), exact: true });
      if (options.keyboardOnly) {
        await expect(option).toBeVisible();
        // Move down the list until the wanted option is the active one, then choose it.
        for (let i = 0; i < 50 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
        await box.press('Enter');
      } else {
        await option.click();
      }
      await expect(box).toHaveValue(String(value));
      return;
    }
    case 'files': {
      // In a journey, a files answer is the files to choose: { name, mimeType, buffer }.
      const files = (value ?? []) as unknown as { name: string; mimeType: string; buffer: Buffer }[];
      const id = `lead-${field.name}`;
      for (const file of files) {
        await page.locator(`#${id}-input`).setInputFiles(file);
        await expect(scope.getByRole('list', { name: 'Uploaded files' })).toContainText(file.name, { timeout: 15_000 });
      }
      return;
    }
    default:
      if (value !== undefined) await scope.getByRole('textbox', { name: label, exact: true }).fill(String(value));
  }
}

/**
 * Brings the form's island to life as a visitor's pointer does (it hydrates on first
 * interaction) and waits until it has (Astro drops its `ssr` attribute; the form marks itself live), so each step's
 * assertions see the live form. Typing before that is kept too (tests/e2e/quotes.spec.ts).
 */
export async function formReady(page: Page): Promise<void> {
  const island = page.locator('astro-island:has(.lead-form)');
  await island.locator('#lead-step-heading').hover();
  await expect(island).not.toHaveAttribute('ssr');
  // Its state holds what is typed from here on (announceLive in src/ui/early-input.ts).
  await expect(island.locator('.lead-form')).toHaveAttribute('data-live', '');
}

/**
 * Fills a quote or renewal form through its steps as a person would, with axe on every step,
 * sends it, and returns the reference the thank-you page shows.
 */
export async function completeJourney(page: Page, kind: LeadKind, path: string, answers: Answers, options: Options = {}): Promise<string> {
  const def = leadForms[kind];
  await page.goto(path);
  await formReady(page);
  const form = page.locator('.lead-form');
  for (const [index, step] of def.steps.entries()) {
    await expect(form.getByRole('heading', { level: 2, name: step.title })).toBeVisible();
    // A phone says "Step 2 of 8" over a bar; from 1024 px the side panel marks the step by name.
    if ((page.viewportSize()?.width ?? 0) >= 1024) await expect(form.locator('.lead-steps [aria-current="step"]')).toContainText(step.title);
    else await expect(form.getByText(`Step ${index + 1} of ${def.steps.length + 1}`)).toBeVisible();
    for (const field of step.fields) {
      if (!isShown(field, answers, answers)) continue;
      if (field.kind !== 'group') {
        await fillLeaf(form, page, field, answers[field.name], options);
        continue;
      }
      const rows = (answers[field.name] ?? []) as Record<string, unknown>[];
      for (const [rowIndex, row] of rows.entries()) {
        await activate(form.getByRole('button', { name: new RegExp(`^Add (a|another) ${field.itemLabel.toLowerCase()}$`) }), options, 'Enter');
        const fieldset = form.getByRole('group', { name: `${field.itemLabel} ${rowIndex + 1}`, exact: true });
        for (const sub of field.fields) if (isShown(sub, row, answers)) await fillLeaf(fieldset, page, sub, row[sub.name], options);
      }
    }
    await expectNoAxeViolations(page, `${kind} form, step ${step.title}`);
    await activate(form.getByRole('button', { name: 'Continue' }), options, 'Enter');
  }
  await expect(form.getByRole('heading', { level: 2, name: 'Review and send' })).toBeVisible();
  await expect(form.getByText('Spam check complete.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, `${kind} form, review`);
  await activate(form.getByRole('button', { name: 'Send my request' }), options, 'Enter');
  await page.waitForURL(/thank/);
  const reference = page.locator('#lead-reference strong');
  await expect(reference).toHaveText(/^[A-Z]{2}-\d{4}-\d{6}$/);
  return (await reference.textContent()) ?? '';
}
