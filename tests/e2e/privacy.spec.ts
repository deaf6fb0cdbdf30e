import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { serverDatabase } from '../support/server-database.ts';
import { e2ePrivacyPort } from '../support/e2e-ports.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * Data-subject requests as an administrator answers them: find a person's callback and quote
 * by their address, export them, erase them, and find nothing after. On a server of its own
 * (fresh database, sign-in without two-factor), so it does not depend on the shared server's
 * administrator, whose first sign-in admin.spec.ts makes.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'privacy-admin@shannon-insurance.ie', password: 'privacy e2e password' };
const EDITOR = { email: 'privacy-editor@shannon-insurance.ie', password: 'editor e2e password' };
const PERSON = validAnswers.van.email as string;
let server: LocalServer;
let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await serverDatabase('privacy');
  server = await startLocalServer({
    PORT: String(e2ePrivacyPort),
    TWO_FACTOR_ENABLED: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    FORM_RATE_LIMIT: '1000',
    ...database.env,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A visitor's callback request and van quote request, both from PERSON, and a callback from someone else. */
async function visitorRequests(page: Page) {
  const solve = () => solvedCheck(async (path) => (await page.request.get(`${server.base}${path}`)).json());
  for (const [name, email] of [
    ['Aoife Byrne', PERSON],
    ['Seán Walsh', 'sean.walsh@example.ie'],
  ] as const) {
    const res = await page.request.post(`${server.base}/api/v1/contacts/create`, {
      data: { humanCheck: await solve(), name, email, phone: '087 123 4567', subject: 'Van insurance', message: `Please ring ${name} after five.` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const quote = await page.request.post(`${server.base}/api/v1/quotes/van/create`, { data: { ...validAnswers.van, humanCheck: await solve() } });
  expect(quote.status(), await quote.text()).toBe(201);
  return (await quote.json()).lead.reference as string;
}

const signIn = (page: Page, email: string, password: string) => signInWithoutTwoFactor(page, { email, password }, server.base);

async function find(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
}

test('an administrator finds a person’s callback and quote, exports them, erases them, and finds nothing after', async ({ page }) => {
  const reference = await visitorRequests(page);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Privacy requests' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy requests', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${server.base}/admin/privacy`);
  // The register is empty yet, and says what to do; the finder is one click away.
  await expect(page.getByText('No privacy requests yet')).toBeVisible();
  await page.getByRole('link', { name: 'Find personal data' }).click();
  await expect(page.getByRole('heading', { name: 'Find personal data', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${server.base}/admin/privacy/find`);

  // A malformed address is refused on the field, as the server would.
  await find(page, 'not an address');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  await find(page, PERSON.toUpperCase());
  await expect(page.getByRole('status')).toHaveText('Personal data found.');
  const held = page.getByRole('region', { name: `Held about ${PERSON.toUpperCase()}` });
  await expect(held.getByRole('region', { name: 'Callbacks (1)' })).toContainText('Aoife Byrne');
  await expect(held.getByRole('region', { name: 'Quotes and renewals (1)' }).getByRole('link', { name: reference })).toBeVisible();
  await expect(held.getByRole('region', { name: /^Mails \(\d+\)$/ })).toBeVisible();
  await expect(held).not.toContainText('Walsh');
  await expectNoAxeViolations(page, 'privacy requests with a person found');

  // The export is a JSON download with the callback's message and the quote's answers.
  const downloading = page.waitForEvent('download');
  await held.getByRole('button', { name: 'Download their data (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(exported.callbacks).toEqual([expect.objectContaining({ name: 'Aoife Byrne', message: 'Please ring Aoife Byrne after five.' })]);
  expect(exported.requests).toEqual([expect.objectContaining({ reference, answers: expect.objectContaining({ occupation: 'Plumber' }) })]);
  expect(JSON.stringify(exported)).not.toContain('Walsh');

  // Erasing asks first, as every delete does; cancelling keeps everything.
  await held.getByRole('button', { name: 'Erase everything' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(held.getByRole('region', { name: 'Callbacks (1)' })).toBeVisible();

  await held.getByRole('button', { name: 'Erase everything' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!');
  await expect(page.locator('.swal2-toast')).toContainText(/Audit reference: privacy-request:[0-9a-f-]{36}/);
  await expect(page.getByRole('status')).toHaveText('Nothing is held about this address.');

  // Looked up again, from the start: nothing is held, and nothing is offered to export or erase.
  await page.reload();
  await find(page, PERSON);
  await expect(page.getByRole('status')).toHaveText('Nothing is held about this address.');
  await expect(page.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
  // The other caller is still there.
  await find(page, 'sean.walsh@example.ie');
  await expect(page.getByRole('region', { name: 'Callbacks (1)' })).toContainText('Seán Walsh');
});

test('an administrator logs a request, finds it on the register, exports the person’s data from it and completes it', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${server.base}/admin/privacy`);
  await page.getByRole('link', { name: 'Log a request' }).first().click();
  await expect(page).toHaveURL(`${server.base}/admin/privacy/create`);
  await expect(page.getByRole('heading', { name: 'Log a privacy request', level: 1 })).toBeVisible();

  // Checked as the server checks it: nothing chosen or typed is refused on each field.
  await page.getByRole('button', { name: 'Log request' }).click();
  await expect(page.getByLabel('Kind of request')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // Received today (the default): due a calendar month later, shown as the date is chosen.
  await expect(page.getByText(/^Due by \d{1,2} \w{3} \d{4}\.$/)).toBeVisible();
  await page.getByLabel('Kind of request').selectOption('access');
  await page.getByLabel('Name').fill('Seán Walsh');
  await page.getByLabel('Email address').fill('sean.walsh@example.ie');
  await page.getByLabel('Note').fill('Asked by phone for a copy of everything we hold.');
  await expectNoAxeViolations(page, 'log a privacy request');
  await page.getByRole('button', { name: 'Log request' }).click();
  await expectToast(page, 'Success!', 'logged');
  await expect(page).toHaveURL(`${server.base}/admin/privacy`);

  // On the register: the reference with the name under it, open, due in a month.
  const row = page.getByRole('row', { name: /PR-\d{4}-\d{6}/ });
  await expect(row).toContainText('Seán Walsh');
  await expect(row).toContainText('Access');
  await expect(row).toContainText('Open');
  // A row's menu opens it (View, first, as on every list), or marks it completed; never deletes it (that is the request's own page's, rarely).
  await row.getByRole('button', { name: /^Options for PR-/ }).click();
  await expect(page.getByRole('menuitem').first()).toHaveText('View');
  await expect(page.getByRole('menuitem', { name: 'Mark completed' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, 'the privacy register');
  // The Overdue view has nothing yet.
  await page.getByRole('button', { name: 'Overdue' }).click();
  await expect(page.getByText('No privacy requests match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'All' }).click();

  await row.getByRole('link', { name: /PR-\d{4}-\d{6}/ }).click();
  await expect(page).toHaveURL(/\/admin\/privacy\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^PR-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByText('Access (Art. 15) from Seán Walsh')).toBeVisible();

  const requestPage = page.url();
  // One way to set the status (the stage bar), none in the header; the one
  // extension waits behind its button, and Cancel gives that button the focus back.
  await expect(page.locator('.bo-page-header').getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  await expect(page.getByLabel('Further time')).toHaveCount(0);
  const extend = page.getByRole('button', { name: 'Extend the deadline' });
  await extend.click();
  await expect(page.getByLabel('Further time')).toBeFocused();
  await page.getByRole('group', { name: 'Extend the deadline' }).getByLabel('Reason').fill('Many records to gather');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Further time')).toHaveCount(0);
  await expect(extend).toBeFocused();

  // The finder's tools act on the address the register holds: nothing is retyped. An access
  // request is answered by an export: erasure is offered only on an erasure request.
  await expect(page.getByRole('button', { name: 'Erase everything' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Find what is held' }).click();
  await expect(page.getByRole('region', { name: 'Callbacks (1)' })).toContainText('Seán Walsh');
  await expectNoAxeViolations(page, 'a privacy request with the person’s data found');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download their data (JSON)' }).click();
  const exported = JSON.parse(await readFile((await (await downloading).path())!, 'utf8'));
  expect(exported.email).toBe('sean.walsh@example.ie');
  expect(exported.callbacks).toEqual([expect.objectContaining({ name: 'Seán Walsh' })]);

  // The export for the person: one page to open and read, the callback's message in it as text.
  const readable = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export for the person' }).click();
  const readableDownload = await readable;
  expect(readableDownload.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.html$/);
  const html = await readFile((await readableDownload.path())!, 'utf8');
  expect(html).toContain('<h1>Your personal data</h1>');
  expect(html).toContain('Please ring Seán Walsh after five.');
  expect(html).not.toContain('Aoife');

  // The request's timeline says what was done for it, newest first, without the address.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.locator('.rt-entry').first()).toContainText('exported the page for the person: 1 callback');
  await expect(timeline).toContainText('exported the data file: 1 callback');
  await expect(timeline).toContainText('looked up what is held: 1 callback');
  await expect(timeline.locator('.rt-entry').last()).toContainText(/logged the request, received \d{1,2} \w{3} \d{4}, due \d{1,2} \w{3} \d{4}/);
  await expect(timeline).not.toContainText('sean.walsh@');
  await expectNoAxeViolations(page, 'a privacy request with its timeline');

  // One click completes it once the export is downloaded.
  const next = page.getByRole('status').filter({ hasText: 'The export was downloaded' });
  await next.getByRole('button', { name: 'Mark completed' }).click();
  await expectToast(page, 'Success!', 'saved');
  await expect(page.locator('.bo-page-meta')).toContainText('Completed');
  await expect(page.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Timeline' }).locator('.rt-entry').first()).toContainText('marked it completed');
  await page.goto(`${server.base}/admin/privacy?status=completed`);
  await expect(page.getByRole('row', { name: /PR-\d{4}-\d{6}/ })).toContainText(/Completed on \d{1,2} \w{3} \d{4}/);

  // Notes are added one after another, each on the timeline with who wrote it; none replaces another.
  await page.goto(requestPage);
  const progress = page.getByRole('region', { name: 'Progress' });
  for (const words of ['Rang to confirm the address.', 'Posted the export by registered post.']) {
    await progress.getByLabel('Note', { exact: true }).fill(words);
    await progress.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Success!', 'Note added');
    await expect(progress.getByLabel('Note', { exact: true })).toHaveValue('');
  }
  const notes = page.getByRole('region', { name: 'Timeline' }).locator('.rt-entry').filter({ hasText: 'added a note' });
  await expect(notes).toHaveCount(3);
  await expect(notes.first()).toContainText('Posted the export by registered post.');
  await expect(notes.nth(1)).toContainText('Rang to confirm the address.');
  await expect(notes.last()).toContainText('Asked by phone for a copy of everything we hold.');

  // The status is the stage bar: a stage saves as soon as it is pressed, with a toast; Refused alone asks for its reason first.
  const stages = page.getByRole('group', { name: 'Status' });
  await stages.getByRole('button', { name: 'Open' }).click();
  await expectToast(page, 'Success!', 'saved');
  await expect(page.locator('.bo-page-meta')).toContainText('Open');
  await expect(stages.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  await stages.getByRole('button', { name: 'Refused' }).click();
  const reason = page.getByLabel('Reason for refusing');
  await expect(reason).toBeFocused();
  await reason.fill('The identity given could not be confirmed.');
  await page.getByRole('button', { name: 'Refuse the request' }).click();
  await expectToast(page, 'Success!', 'saved');
  await expect(page.locator('.bo-page-meta')).toContainText('Refused');
  const refusal = page.getByRole('region', { name: 'Timeline' }).locator('.rt-entry').first();
  await expect(refusal).toContainText('refused it');
  await expect(refusal).toContainText('The identity given could not be confirmed.');
});

test('the screen fits a 390 px phone with a person’s data on it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${server.base}/admin/privacy/find`);
  await find(page, 'sean.walsh@example.ie');
  await expect(page.getByRole('region', { name: 'Callbacks (1)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'privacy requests at 390 px');
});

test('an Editor sees only the content, is refused the enquiries and privacy requests, and starts on Posts', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const created = await page.request.post(`${server.base}/api/v1/users/create`, {
    data: { first_name: 'Orla', last_name: 'Editor', email: EDITOR.email, password: EDITOR.password, role: 'editor' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  await signIn(page, EDITOR.email, EDITOR.password);
  const nav = page.getByRole('navigation', { name: 'Back-office' });
  await expect(nav.getByRole('link', { name: 'Posts' })).toBeVisible();
  for (const name of [
    'Dashboard',
    'Callbacks',
    'Quotes',
    'Renewals',
    'Mail',
    'Privacy requests',
    'Users',
    'Audit log',
    'Structure',
    'API tokens',
    'Webhooks',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(nav.getByRole('button', { name: 'Enquiries' })).toHaveCount(0);
  // The dashboard names customers: an Editor sent there goes to Posts.
  await page.goto(`${server.base}/admin/dashboard`);
  await expect(page).toHaveURL(/\/admin\/posts$/);
  for (const path of ['/admin/privacy', '/admin/privacy/find', '/admin/privacy/create', '/admin/contacts', '/admin/quotes', '/admin/mail']) {
    await page.goto(`${server.base}${path}`);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText("Your role does not include customers' personal data.");
    await expect(page.getByLabel('Email address')).toHaveCount(0);
  }
  await expectNoAxeViolations(page, 'an Editor refused the mail');
  expect((await page.request.post(`${server.base}/api/v1/privacy/find`, { data: { email: PERSON } })).status()).toBe(403);
  expect((await page.request.get(`${server.base}/api/v1/contacts/`)).status()).toBe(403);
});

test('the privacy statement gives the retention period the job applies (RETENTION_MONTHS, 24 by default)', async ({ page }) => {
  await page.goto(`${server.base}/privacy-statement`);
  await expect(page.getByText('for 24 months from your last contact with us')).toBeVisible();
  // The audit log's client addresses go after the same period (the retention job clears them).
  await expect(page.getByText('that address is removed from the log after 24 months')).toBeVisible();
});
