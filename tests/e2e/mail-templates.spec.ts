import { expectToast } from '../support/toast.ts';
import { expect, test, type Page } from '@playwright/test';
import { factsDefaults } from '#src/site/facts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { e2eMailTemplatesPort } from '../support/e2e-ports.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * Mail templates as an administrator checks them: every mail the site sends, its HTML framed
 * sandboxed with its styles intact, its plain text, at a desk's width and a phone's; a
 * Standard user neither sees nor reaches the screen. On a server of its own (sign-in without
 * two-factor), so it does not depend on the shared server's administrator.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'mail-admin@shannon-insurance.ie', password: 'mail templates e2e password' };
const STANDARD = { email: 'mail-standard@shannon-insurance.ie', password: 'standard e2e password' };
const REGULATORY = `${factsDefaults.LEGAL_NAME} trading as ${factsDefaults.BRAND_NAME} is regulated by the Central Bank of Ireland. Central Bank reference ${factsDefaults.CENTRAL_BANK_REFERENCE}.`;

serveOwnSite({ port: e2eMailTemplatesPort, database: 'e2e_mail_templates', admin: ADMIN });

const signIn = (page: Page, email: string, password: string) => signInWithoutTwoFactor(page, { email, password });

test('an administrator reads every mail template, its HTML sandboxed and styled, and its plain text', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Mail templates' }).click();
  await expect(page).toHaveURL(/\/admin\/mail\/templates$/);
  await expect(page.getByRole('heading', { name: 'Mail templates', level: 1 })).toBeVisible();

  const list = page.getByRole('navigation', { name: 'Templates', exact: true });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(['To customers', 'To staff, about their account', 'To the sales team']);
  await expect(list.getByRole('link', { name: /Callback request received/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Callback request received', level: 2 })).toBeVisible();
  await expect(page.locator('.bo-fields')).toContainText(`Your callback request to ${factsDefaults.BRAND_NAME}`);

  // The HTML part: framed with no scripts (the one allowance lets the page read its height), the mail's own inline styles kept.
  const frame = page.locator('.mail-templates-frame iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  const mail = page.frameLocator('.mail-templates-frame iframe');
  await expect(mail.getByRole('heading', { name: 'We have your callback request' })).toBeVisible();
  await expect(mail.getByText(REGULATORY)).toBeVisible();
  await expect(mail.getByText('Sample Customer', { exact: false }).first()).toBeVisible();
  expect(await mail.getByRole('heading', { name: 'We have your callback request' }).evaluate((heading) => getComputedStyle(heading).color)).toBe(
    'rgb(11, 61, 92)',
  );
  await expectNoAxeViolations(page, 'Mail templates');

  // At a phone's width.
  await page.getByRole('button', { name: 'Phone' }).click();
  await expect(page.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  expect(Math.round((await frame.boundingBox())!.width)).toBe(375);

  // The plain-text part, with the same footer.
  await page.getByRole('button', { name: 'Plain text' }).click();
  const text = page.locator('pre.mail-templates-text');
  await expect(text).toContainText('We have your callback request');
  await expect(text).toContainText(REGULATORY);
  await expect(frame).toHaveCount(0);

  // Another template, by its link: its own address, and its own mail in the frame.
  await page.getByRole('button', { name: 'As it looks' }).click();
  await list.getByRole('link', { name: /Password reset/ }).click();
  await expect(page).toHaveURL(/\/admin\/mail\/templates\/password-reset$/);
  await expect(list.getByRole('link', { name: /Password reset/ })).toHaveAttribute('aria-current', 'page');
  await expect(mail.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(mail.getByText(REGULATORY)).toBeVisible();
  // A reload keeps the template.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Password reset', level: 2 })).toBeVisible();

  // A test of it to one's own inbox: a toast says where it went, and the mail is in the outbox.
  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expectToast(page, 'Success!', `A test of “Password reset” is on its way to ${ADMIN.email}.`);
  await page.goto('/admin/mail');
  await expect(page.getByText('[Test] ').first()).toBeVisible();
});

test('on a phone, a select picks the template', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/mail/templates');
  await expect(page.getByRole('navigation', { name: 'Templates', exact: true })).toBeHidden();
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Renewal request received' });
  await expect(page).toHaveURL(/\/admin\/mail\/templates\/renewal-received$/);
  await expect(page.frameLocator('.mail-templates-frame iframe').getByRole('heading', { name: 'We have your policy renewal request' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'Mail templates on a phone');
});

test('a Standard user has no Mail templates link, and is refused the screen and its API', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const created = await page.request.post('/api/v1/users/create', {
    data: { first_name: 'Orla', last_name: 'Standard', email: STANDARD.email, password: STANDARD.password, isAdmin: 'false' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post('/api/v1/auth/logout');
  await page.context().clearCookies();

  await signIn(page, STANDARD.email, STANDARD.password);
  const nav = page.getByRole('navigation', { name: 'Back-office' });
  await expect(nav.getByRole('link', { name: 'Mail', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mail templates' })).toHaveCount(0);
  await page.goto('/admin/mail/templates');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await page.request.get('/api/v1/mail/templates')).status()).toBe(403);
  expect((await page.request.get('/api/v1/mail/templates/preview/callback-received')).status()).toBe(403);
});
