import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { oathtoolCode } from '../support/agent.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { solvedCheck } from '../support/human-check.ts';
import { completeJourney } from '../support/lead-journey.ts';
import { validAnswers } from '../support/lead-answers.ts';
import type { Answers } from '#src/schemas/leads/form-definition.ts';
import { formatDublinDateTime } from '#src/lib/dublin-time.ts';

/**
 * The back-office as staff use it: first sign-in through two-factor setup with a real TOTP
 * code, sign-out and sign-in through verify, users, roles, contacts and a password reset
 * completed from the link in the mail. One flow, in order.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const ADMIN = { email: 'admin@shannon-insurance.ie', password: 'e2e admin password' };
const STAFF = { email: 'orla@shannon-insurance.ie', password: 'orla first password', newPassword: 'orla second password' };
const secrets: Record<string, string> = {};
const lastStep: Record<string, number> = {};
const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * A TOTP code the server has not seen yet. It accepts the current 30-second step and the next
 * one, never a step twice: like a person signing in again quickly, this waits for a fresh code.
 */
async function nextCode(email: string): Promise<string> {
  const step = Math.max(currentStep(), (lastStep[email] ?? 0) + 1);
  while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStep[email] = step;
  return oathtoolCode(secrets[email]!, step - currentStep());
}

async function dialog(page: Page, title: string, text?: string) {
  const box = page.getByRole('dialog');
  await expect(box.getByRole('heading', { name: title })).toBeVisible();
  if (text) await expect(box).toContainText(text);
  // Let the opening animation finish, so what is checked is what a person reads.
  await page.waitForFunction(() => {
    const container = document.querySelector('.swal2-container');
    return container?.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running');
  });
  return box;
}

async function confirmDialog(page: Page, title: string, text?: string) {
  const box = await dialog(page, title, text);
  await box.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** `navigate: false` uses the sign-in form already on screen (as a link for signed-in staff shows it). */
async function signInWithPassword(page: Page, email: string, password: string, navigate = true) {
  if (navigate) await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** First sign-in: setup step 1 (QR), Next, step 2 (code), then the recovery codes. */
async function firstSignIn(page: Page, email: string, password: string) {
  await signInWithPassword(page, email, password);
  // A wait, not a measurement: this is the suite's first sign-in, while the other worker starts
  // its own server (an embedded database and its migrations) on the same two cores.
  await expect(page.getByRole('heading', { name: /step 1 of 2/ })).toBeVisible({ timeout: 30_000 });
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('width', '250');
  await expectNoAxeViolations(page, 'two-factor setup');
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  secrets[email] = ((await page.locator('.bo-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
  await page.getByLabel('Verification code').fill(await nextCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page, 'recovery codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
}

async function signInWithCode(page: Page, email: string, password: string, navigate = true) {
  await signInWithPassword(page, email, password, navigate);
  await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Verify' });
  // Never greyed out: pressed with no code, it says what is missing on the field.
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Verification code').fill(await nextCode(email));
  await submit.click();
}

test('the protected wrapper refuses a signed-out visitor, saying why, and logs the failed check', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  await page.goto('/admin/user');
  await confirmDialog(page, 'Access Denied', 'Unauthorized: User is not logged in.');
  await expect(page).toHaveURL(/\/$/);
  expect(logged.some((line) => line.startsWith('Login check failed'))).toBe(true);
});

test('an unknown back-office path goes to the home page, like any other unknown path', async ({ page }) => {
  await page.goto('/admin/no-such-screen/42');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.locator('h1')).toHaveCount(1);
});

test('the seeded administrator signs in for the first time through two-factor setup, signs out, and back in through verify', async ({ page }) => {
  await firstSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  await expectNoAxeViolations(page, 'All Users');
  // Their own row cannot be deleted: its menu, the same as every row's, offers Edit and no Delete.
  const ownRow = page.getByRole('row').filter({ hasText: '(you)' });
  await ownRow.getByRole('button', { name: /^Options for / }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit']);
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
});

test('an administrator creates, edits and deletes a user', async ({ page }) => {
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Create a User' })).toBeVisible();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel('First name').fill('Temporary');
  await page.getByLabel('Last name').fill('Person');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expectNoAxeViolations(page, 'Create a User with errors');
  await page.getByLabel('Email').fill('temp@shannon-insurance.ie');
  await page.getByLabel('Password', { exact: true }).fill('temporary password');
  await page.getByLabel('Administrator').selectOption('False');
  // The role and the spec's True/False say one thing: each moves the other.
  await expect(page.getByLabel('Role')).toHaveValue('broker');
  await page.getByLabel('Role').selectOption('Administrator');
  await expect(page.getByLabel('Administrator')).toHaveValue('true');
  await page.getByLabel('Role').selectOption('Editor');
  await expect(page.getByLabel('Administrator')).toHaveValue('false');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'Success!');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  const row = page.getByRole('row', { name: /temp@shannon-insurance\.ie/ });
  await expect(row).toContainText('Editor');
  // Not protected yet, and never used: the list and the account say so.
  await expect(row).toContainText('Not set up');

  await row.getByRole('button', { name: 'Options for Temporary Person' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('temp@shannon-insurance.ie');
  const security = page.locator('.bo-form-section', { has: page.getByRole('heading', { name: 'Sign-in and security' }) });
  await expect(security).toContainText('Not set up');
  await expect(security).toContainText(/Last sign-in\s*Never/);
  await expectNoAxeViolations(page, 'Edit a User');
  await page.getByLabel('Last name').fill('Renamed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'User Updated', 'The changes have been saved.');
  await expect(page.getByRole('row', { name: /Temporary Renamed/ })).toBeVisible();

  // The spec's row menu: Edit, then Delete last, in the danger colour.
  await page.getByRole('button', { name: 'Options for Temporary Renamed' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-tone', 'danger');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const box = await dialog(page, 'Are you sure?', "You won't be able to revert this!");
  // What the account leaves behind, under the spec's words.
  await expect(box).toContainText('The callbacks, quotes and renewals they own stay, with no owner');
  await expectNoAxeViolations(page, 'delete confirmation');
  await box.getByRole('button', { name: 'Yes, delete it!' }).click();
  // Every delete ends alike: 'Deleted!' with the server's words.
  await expectToast(page, 'Deleted!', 'User deleted.');
  await expect(page.getByRole('row', { name: /Temporary Renamed/ })).toHaveCount(0);

  // The Standard user the next tests sign in as.
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('First name').fill('Orla');
  await page.getByLabel('Last name').fill('Staff');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expectToast(page, 'Success!');
});

test('a Standard user sees only their own account, never the role selector, and the API refuses them too', async ({ page }) => {
  await firstSignIn(page, STAFF.email, STAFF.password);
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(STAFF.email);
  await expect(page.getByLabel('Administrator')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expectNoAxeViolations(page, 'Standard user account');
  await expect(page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Users' })).toHaveCount(0);

  const list = await page.request.get('/api/v1/users/');
  expect(list.status()).toBe(403);
  const users = await page.request.get('/api/v1/auth/loggedin');
  const me = (await users.json()).user;
  const promote = await page.request.put(`/api/v1/users/update/${me._id}`, {
    data: { first_name: 'Orla', last_name: 'Staff', email: STAFF.email, isAdmin: 'true' },
  });
  expect(promote.status()).toBe(403);
});

test('staff list, page through, view and delete contacts', async ({ page, request }) => {
  for (let i = 0; i < 11; i++) {
    const humanCheck = await solvedCheck(async (path) => (await request.get(path)).json());
    const res = await request.post('/api/v1/contacts/create', {
      data: {
        humanCheck,
        name: `Caller ${String(i).padStart(2, '0')}`,
        email: `caller${i}@example.ie`,
        phone: '087 123 4567',
        subject: 'Van insurance for convicted drivers',
        message: `Please ring me about my Transit, number ${i}.`,
      },
    });
    expect(res.status()).toBe(201);
  }
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  // One click from the sidebar to each area.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Callbacks' }).click();
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText(/of [2-9]/);
  await expectNoAxeViolations(page, 'All Contacts');
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(pagination.getByRole('spinbutton', { name: 'Page' })).toHaveValue('2');
  await pagination.getByRole('button', { name: 'First page' }).click();

  // Newest first, or oldest first from the date's header, which says which way it sorts. Only
  // this test's callbacks: other specs send theirs to the same server meanwhile.
  await page.getByLabel('Search', { exact: true }).fill('about my Transit');
  await expect(page).toHaveURL(/q=about/);
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  const created = page.getByRole('columnheader', { name: 'Created On' });
  await expect(firstRow).toContainText('Caller 10');
  await expect(created).toHaveAttribute('aria-sort', 'descending');
  await created.getByRole('button').click();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).toContainText('Caller 00');
  await expect(page.getByLabel('Order')).toHaveValue('oldest');
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(firstRow).toContainText('Caller 10');
  await page.getByLabel('Order').selectOption('');
  await expect(created).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText('Caller 10');

  await page.getByRole('button', { name: 'Options for Caller 10' }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('button', { name: 'Contact Details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Message' })).toBeVisible();
  await expect(page.getByText('Please ring me about my Transit, number 10.')).toBeVisible();
  await expectNoAxeViolations(page, 'contact view');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Callbacks' }).click();
  await page.getByRole('button', { name: 'Options for Caller 10' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const box = await dialog(page, 'Are you sure?', "You won't be able to revert this!");
  await box.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!', 'contact has been deleted.');
  // The name's link in its row (the cell also holds the email under it).
  await expect(page.getByRole('link', { name: 'Caller 10', exact: true })).toHaveCount(0);
});

test('staff write a post with a cover image, publish it, and a visitor finds and reads it on the blog', async ({ page, browser, request }) => {
  // A cover upload, a publish and a visitor's visit: past 90 s on a two-core machine busy with both workers' browsers.
  test.setTimeout(180_000);
  const errors: string[] = [];
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Posts' }).click();
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { name: 'Create a post' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Your first van: what the insurer will ask');
  // The post's settings slide in from the header's button; the address there follows the title.
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await expect(page.getByText('/blog/your-first-van-what-the-insurer-will-ask').first()).toBeVisible();
  await page.getByLabel('Excerpt').fill('Licence, penalty points, no-claims discount and use: be ready.');
  // The body is written as readers will see it: "## " makes a heading, Ctrl+B bold, Ctrl+K asks for a link in place.
  await page.getByRole('textbox', { name: 'Body', exact: true }).click();
  await page.keyboard.type('## Be ready');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Have your ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Eircode');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' handy. Rules: ');
  await page.keyboard.press('ControlOrMeta+k');
  await page.getByLabel('Link address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByText('Enter a web address (https://…)')).toBeVisible();
  await page.getByLabel('Link address').fill('www.rsa.ie');
  await page.getByLabel('Link address').press('Enter');
  await expect(page.getByRole('textbox', { name: 'Body', exact: true }).getByRole('link', { name: 'https://www.rsa.ie' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');
  // The same body as Markdown, which is what the server keeps; what the visual editor cannot show keeps it there.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  const markdown = page.getByLabel('Body', { exact: true });
  await expect(markdown).toHaveValue('## Be ready\n\nHave your **Eircode** handy. Rules: [https://www.rsa.ie](https://www.rsa.ie)');
  await markdown.fill('# Be ready\n\nHave your **Eircode** handy. <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  await expect(page.getByText('This post has formatting the visual editor cannot show, so it is open as Markdown.')).toBeVisible();
  await expect(markdown).toHaveValue('# Be ready\n\nHave your **Eircode** handy. <script>alert(1)</script>');
  // The preview is the blog's own page, in the site's styles, framed in the editor.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.frameLocator('iframe[title="Preview of the post as readers will see it"]');
  await expect(preview.getByRole('heading', { name: 'Be ready' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: 'Your first van: what the insurer will ask' })).toBeVisible();
  await expect(preview.locator('.post-body script')).toHaveCount(0);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(markdown).toBeVisible();
  const tagBox = page.getByLabel('Tags', { exact: true });
  await tagBox.fill('Van');
  await tagBox.press('Enter');
  await tagBox.fill('NCD,');
  await tagBox.fill('van');
  await tagBox.press('Tab');
  await expect(page.getByRole('list', { name: 'Tags chosen' }).getByRole('listitem')).toHaveText(['Van×', 'NCD×']);

  // The file field refuses what is not an image, with the spec's message and code.
  const fileInput = page.locator('#cover-file-input');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.locator('#cover-file-rejections')).toContainText('File type must be one of');
  await expect(page.locator('#cover-file-rejections')).toContainText('(file-invalid-type)');
  // A real photo goes up through the resumable upload, is converted, and shows as the preview.
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d6fa5' } })
    .jpeg()
    .toBuffer();
  await fileInput.setInputFiles({ name: 'van-at-dawn.jpg', mimeType: 'image/jpeg', buffer: photo });
  // A wait, not a measurement: the upload and its conversion to every width share two cores with the other worker.
  await expect(page.getByRole('figure').locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/1200\.jpg$/, { timeout: 30_000 });
  await expect(page.getByText('1600 × 900 px')).toBeVisible();
  // With a cover, its description is required. Published from the header: now, not later.
  const publishNow = async () => {
    await page.locator('.bo-sticky-header').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ready to publish?' }).getByRole('button', { name: 'Publish now' }).click();
  };
  await publishNow();
  await expect(page.getByText('Describe the image for people who cannot see it')).toBeVisible();
  await page.getByLabel('Alt text', { exact: true }).fill('A white van parked on a quay at dawn');
  await expectNoAxeViolations(page, 'post editor');
  await publishNow();
  await expectToast(page, 'Success!', 'The post has been published.');

  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /Your first van/ });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Van, NCD');
  // The list, not the toast: one that starts fading out during axe's look reads as too little contrast.
  await expect(page.locator('.swal2-toast')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'Posts');

  const published = await request.get('/api/v1/posts/get/your-first-van-what-the-insurer-will-ask');
  expect(published.status()).toBe(200);
  const { post } = await published.json();
  expect(post.bodyHtml).not.toContain('<script');

  // A search is sent once typing pauses, and lives in the address.
  await page.getByLabel('Search', { exact: true }).fill('Eircode');
  await expect(page).toHaveURL(/\/admin\/posts\?q=Eircode$/);
  await expect(page.getByRole('row', { name: /Your first van/ })).toBeVisible();

  // A visitor (no session) finds it on the public blog, although it was published after the build:
  // the built list gains it with the rebuild the publish queued, and the list's island (live on a
  // search, a topic or a page address, or on first interaction) asks the API meanwhile.
  const visitor = await (await browser.newContext()).newPage();
  visitor.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  visitor.on('pageerror', (error) => errors.push(error.message));
  await visitor.goto('/blog');
  await visitor.getByLabel('Search the blog').fill('Eircode');
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(/\?q=Eircode$/);
  await expect(visitor.getByRole('status').filter({ hasText: 'found for' })).toHaveText('1 article found for “Eircode”');
  await expect(visitor.getByRole('heading', { level: 2, name: 'Your first van: what the insurer will ask' })).toBeVisible();
  // Six seeded posts and this one: one page of twelve (paging itself is blog.spec.ts's).
  await visitor.getByRole('link', { name: 'All topics' }).click();
  await expect(visitor.locator('.post-card')).toHaveCount(7);
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Your first van: what the insurer will ask' }) });
  await expect(card).toBeVisible();
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /480\.avif 480w/);
  await expectNoAxeViolations(visitor, 'blog list with a new post');
  await card.getByRole('link', { name: 'Your first van: what the insurer will ask' }).click();
  await expect(visitor).toHaveURL(/\/blog\/your-first-van-what-the-insurer-will-ask$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your first van: what the insurer will ask' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'A white van parked on a quay at dawn' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Be ready' })).toBeVisible();
  await expect(visitor).toHaveTitle(/^Your first van: what the insurer will ask \| /);
  await expectNoAxeViolations(visitor, 'a post published after the build');
  // By id, the address moves to the canonical slug.
  await visitor.goto(`/blog/${post._id}`);
  await expect(visitor).toHaveURL(/\/blog\/your-first-van-what-the-insurer-will-ask$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your first van: what the insurer will ask' })).toBeVisible();
  expect(errors).toEqual([]);

  await page.getByRole('button', { name: 'Options for Your first van: what the insurer will ask' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a post' })).toBeVisible();
  // The cover is among the post's settings.
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await expect(page.getByRole('figure').locator('img')).toHaveAttribute('src', post.cover.src);
  // Unpublish (after Are you sure) takes it back to a draft.
  await page.locator('.bo-sticky-header').getByRole('button', { name: 'Unpublish' }).click();
  await page.getByRole('dialog', { name: 'Unpublish this post?' }).getByRole('button', { name: 'Unpublish' }).click();
  await expectToast(page, 'Success!', 'The post is a draft again: it has left the blog.');
  expect((await request.get('/api/v1/posts/get/your-first-van-what-the-insurer-will-ask')).status()).toBe(404);
  // Unpublished, the post's address no longer serves it.
  await visitor.goto('/blog/your-first-van-what-the-insurer-will-ask');
  await expect(visitor).toHaveURL(/\/$/);

  // The editor stays open after a save: back to the list to delete it.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Posts', exact: true }).click();
  await page.getByRole('button', { name: 'Options for Your first van: what the insurer will ask' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const box = await dialog(page, 'Are you sure?');
  await box.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!', 'Post deleted.');
  await expect(page.getByRole('row', { name: /Your first van/ })).toHaveCount(0);
});

test('every kind of request, sent by visitors, reaches the back-office, where staff work it through the pipeline and export the list', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const visitor = await (await browser.newContext()).newPage();
  const { vehicles: _listed, ...fleet } = validAnswers.fleet;
  const schedule = {
    name: 'fleet-schedule.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Registration,Make,Model,Year,Value\r\n201-L-1001,Renault,Master,2020,24000\r\n'),
  };
  const references = {
    van: await completeJourney(visitor, 'van', '/van-insurance-quotes', validAnswers.van),
    fleet: await completeJourney(visitor, 'fleet', '/fleet-insurance-quotes', {
      ...fleet,
      fleetList: 'Upload a fleet schedule',
      schedule: [schedule],
    } as unknown as Answers),
    truck: await completeJourney(visitor, 'truck', '/truck-insurance-quotes', validAnswers.truck),
    liability: await completeJourney(visitor, 'liability', '/public-liability-insurance-quote', validAnswers.liability),
    renewal: await completeJourney(visitor, 'renewal', '/policy-renewal', validAnswers.renewal, { keyboardOnly: true }),
  };
  expect(Object.values(references).map((reference) => reference.slice(0, 2))).toEqual(['VQ', 'FQ', 'TQ', 'LQ', 'RN']);

  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Renewals' }).click();
  await page.mouse.move(900, 600);
  await expect(page.getByRole('row', { name: new RegExp(references.renewal) })).toContainText('Tomás Kelly');
  await expectNoAxeViolations(page, 'Renewals');

  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  // Off the sidebar, which widens over the page while the pointer is on it.
  await page.mouse.move(900, 600);
  for (const kind of ['van', 'fleet', 'truck', 'liability'] as const) await expect(page.getByRole('row', { name: new RegExp(references[kind]) })).toBeVisible();
  // A choice applies at once, a search once typing pauses; both go into the address.
  await page.getByLabel('Kind').selectOption('van');
  await page.getByLabel('Search', { exact: true }).fill('191-L-4521');
  await expect(page).toHaveURL(/\/admin\/quotes\?kind=van&q=191-L-4521$/);
  const row = page.getByRole('row', { name: new RegExp(references.van) });
  await expect(row).toContainText('Aoife Byrne');
  await expect(row).toContainText('New');
  await expect(page.getByRole('row', { name: new RegExp(references.truck) })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Quotes');
  // The export follows the filters.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  // Only van requests with that registration (the quotes spec may have sent another alongside).
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(1);
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.every((line) => line.startsWith('VQ-') && line.includes('191-L-4521'))).toBe(true);
  expect(csv).toContain(references.van);

  await row.getByRole('link', { name: references.van }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${references.van} · Aoife Byrne$`) })).toBeVisible();
  await expect(page.getByText('Van quote', { exact: true })).toBeVisible();
  // The answers are folded by section, each with its count: the van's opens to show the registration.
  const vanAnswers = page.getByRole('button', { name: /^The van\b/ });
  await expect(vanAnswers).toContainText(/\d+ answers?/);
  await vanAnswers.click();
  // The registration among the answers, and beside the status in the record's header.
  await expect(page.getByRole('definition').filter({ hasText: /^191-L-4521$/ })).toBeVisible();
  await expect(page.locator('.bo-page-header').getByText('191-L-4521')).toBeVisible();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Contacted', exact: true }).click();
  await expectToast(page, 'Success!');
  await expect(page.getByRole('listitem').filter({ hasText: 'changed the status from New to Contacted' })).toBeVisible();
  const work = page.getByRole('region', { name: 'Owner and next step' });
  await work.getByLabel('Note', { exact: true }).fill('Called Aoife; sending two prices by email.');
  await work.getByRole('button', { name: 'Add note', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'added a note' })).toContainText('Called Aoife; sending two prices by email.');
  await expectNoAxeViolations(page, 'quote request detail');

  // The fleet request's schedule downloads for staff.
  await page.goto('/admin/quotes');
  await page.mouse.move(900, 600);
  await page.getByRole('link', { name: references.fleet }).click();
  const [schedule_] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'fleet-schedule.csv' }).click()]);
  expect(await readFile((await schedule_.path())!, 'utf8')).toContain('201-L-1001');
});

test('a password reset is completed from the link in the mail', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await page.getByLabel('Email').fill(STAFF.email);
  await expectNoAxeViolations(page, 'reset request');
  await page.getByRole('button', { name: 'Send a reset link' }).click();
  await expectToast(page, 'Success!');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const link = await waitForMailedLink(STAFF.email, '/verifypasswordreset');
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel('Email')).toHaveValue(STAFF.email);
  await expect(page.locator('input[name="passwordResetToken"]')).toHaveAttribute('type', 'hidden');
  await expectNoAxeViolations(page, 'choose a new password');
  await page.getByLabel('New password').fill(STAFF.newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Success!');
  await expect(page).toHaveURL(/\/admin$/);

  await signInWithCode(page, STAFF.email, STAFF.newPassword);
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
});

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (el: { tag: string; name: string }) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName.toLowerCase() ?? '', name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
    });
    if (matches(focused)) return;
  }
  throw new Error('never reached the element by Tab');
}

test('an administrator invites a colleague, who accepts from the mailed link and sets up two-factor; an API token is shown once and revoked', async ({
  page,
  browser,
  request,
}) => {
  const invited = { email: 'invited.editor@shannon-insurance.ie', password: 'invited editor password' };
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await page.getByRole('link', { name: 'Invite' }).click();
  await expect(page.getByRole('heading', { name: 'Invite a person' })).toBeVisible();
  await expectNoAxeViolations(page, 'Invite a person');
  await page.getByLabel('Email').fill(invited.email);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Success!', `Invitation sent to ${invited.email}.`);
  await expect(page).toHaveURL(/\/admin\/user\/invitations$/);
  await expect(page.getByRole('link', { name: 'Invitations' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: invited.email })).toContainText('Pending');
  await expectNoAxeViolations(page, 'Invitations');

  // The colleague, in a browser of their own, follows the link in the mail.
  const link = await waitForMailedLink(invited.email, '/admin/invitation');
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByRole('heading', { name: 'Join the back-office' })).toBeVisible();
  await expect(guest.getByText(`You are invited as Editor with the address ${invited.email}`)).toBeVisible();
  await expectNoAxeViolations(guest, 'accept an invitation');
  await guest.getByLabel('First name').fill('Ide');
  await guest.getByLabel('Last name').fill('Ní Fhlannagáin');
  await guest.getByLabel('Password', { exact: true }).fill(invited.password);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest.getByRole('heading', { name: /step 1 of 2/ })).toBeVisible();
  secrets[invited.email] = ((await guest.locator('.bo-secret').textContent()) ?? '').replace(/\s/g, '');
  await guest.getByRole('button', { name: 'Next' }).click();
  await guest.getByLabel('Verification code').fill(await nextCode(invited.email));
  await guest.getByRole('button', { name: 'Verify' }).click();
  await expect(guest.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await guest.getByRole('button', { name: 'I have saved my codes' }).click();
  // An Editor starts on Posts.
  await expect(guest).toHaveURL(/\/admin\/posts$/);
  await expect(guest.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  // The link worked once.
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: invited.email })).toContainText('Accepted');

  // An API token: shown once, it reads quotes with curl's manners (no cookie), and is refused once revoked.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'API tokens' }).click();
  await page.getByRole('link', { name: 'New API token' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create an API token' })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Choose at least one thing it may do')).toBeVisible();
  await page.getByLabel('Name').fill('Broker management system');
  await page.getByRole('checkbox', { name: /Read quotes and renewals/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: 'Copy your token now' })).toBeVisible();
  await expectNoAxeViolations(page, 'API token shown once');
  const token = await page.getByLabel('Token').inputValue();
  expect(token).toMatch(/^sci_/);
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/v1/quotes', { headers })).status()).toBe(200);
  expect((await request.get('/api/v1/users/', { headers })).status()).toBe(403);
  await page.getByRole('link', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Broker management system' });
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page, 'API tokens');
  await row.getByRole('button', { name: 'Options for the API token Broker management system' }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Success!', 'API token revoked.');
  await expect(row).toContainText('Revoked');
  expect((await request.get('/api/v1/quotes', { headers })).status()).toBe(401);
});

test('an administrator adds a webhook endpoint, sees its secret once, reads a signed delivery in the log and redelivers it', async ({ page, request }) => {
  // The other system: a receiver on this machine (the e2e server allows private addresses).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"thanks":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await signInWithCode(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByText('No webhooks yet', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Webhooks, none yet');
    await page.getByRole('link', { name: 'New webhook', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Create a webhook' })).toBeVisible();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.getByText('Choose at least one event to send.')).toBeVisible();
    await page.getByLabel('Address').fill('http://crm.example.ie/hooks');
    await page.getByLabel('Address').blur();
    await expect(page.getByText('Webhooks are sent over HTTPS only')).toBeVisible();
    await page.getByLabel('Address').fill('https://crm.example.ie/hooks/broker');
    await page.getByLabel('Name (optional)').fill('Broker management system');
    await page.getByRole('checkbox', { name: /Callback received/ }).check();
    await expectNoAxeViolations(page, 'Create a webhook');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expectToast(page, 'Success!', 'Webhook added.');
    await expect(page.getByRole('heading', { name: 'Copy the signing secret now' })).toBeVisible();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('link', { name: 'Standard Webhooks' })).toHaveAttribute('href', 'https://www.standardwebhooks.com/');
    await expectNoAxeViolations(page, 'signing secret shown once');
    await page.getByRole('link', { name: 'View the webhook' }).click();
    // Named by its description, its address under the name.
    await expect(page.getByRole('heading', { name: 'Broker management system', level: 1 })).toBeVisible();
    await expect(page.getByText('https://crm.example.ie/hooks/broker', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Signing secret')).toHaveCount(0);
    await expect(page.getByText('No deliveries yet', { exact: true })).toBeVisible();
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // The form takes https only; here the API points the endpoint at the plain-HTTP receiver.
    const local = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const moved = await page.request.put(`/api/v1/webhooks/update/${id}`, { data: { url: local } });
    expect(moved.status(), await moved.text()).toBe(200);
    const humanCheck = await solvedCheck(async (path) => (await request.get(path)).json());
    const sent = await request.post('/api/v1/contacts/create', {
      data: {
        humanCheck,
        name: 'Niamh Webhook',
        email: 'niamh.webhook@example.ie',
        phone: '087 765 4321',
        subject: 'Van insurance by webhook',
        message: 'Ring me.',
      },
    });
    expect(sent.status()).toBe(201);

    // The sender runs every 2 s: the delivery reaches the receiver, signed with the secret shown once.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [first] = received;
    const verified = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('callback.received');
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Callback received' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');
    await expect(page.getByText('Last delivery')).toBeVisible();
    await row.getByRole('button', { name: 'Callback received', exact: true }).click();
    const opened = page.locator('#webhook-delivery');
    await expect(opened).toBeFocused();
    // Laid out as a record's panel: the event as its heading, the event's id among the facts.
    await expect(opened.getByRole('heading', { level: 2, name: 'Callback received' })).toBeVisible();
    await expect(opened.getByRole('definition').filter({ hasText: /^callback\.received$/ })).toBeVisible();
    // The JSON sent is folded under Technical details.
    await opened.getByText('Technical details').click();
    await expect(opened.getByRole('heading', { name: 'What was sent' })).toBeVisible();
    await expect(opened).toContainText('Van insurance by webhook');
    const attempts = opened.getByRole('list', { name: 'Tries, newest first' }).getByRole('listitem');
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText(/Replied 200 in [\d,]+ ms/);
    await attempts.first().getByText('Their reply').click();
    await expect(attempts.first().getByText('{"thanks":true}')).toBeVisible();
    await expectNoAxeViolations(page, 'webhook endpoint with a delivery open');

    // The row names the callback the delivery was about, linked to it; a delivered row's menu only
    // opens it (Retry now is a failed row's), but the open delivery sends it again.
    await expect(row.getByRole('link', { name: 'Callback: Van insurance by webhook' })).toHaveAttribute('href', /^\/admin\/contacts\/view\/[0-9a-f-]{36}$/);
    await expect(row.getByRole('button', { name: /^Send again/ })).toHaveCount(0);
    await row.getByRole('button', { name: /^Options for the callback received delivery/ }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['View']);
    await page.keyboard.press('Escape');
    await opened.getByRole('button', { name: 'Send again' }).click();
    await expectToast(page, 'Success!', 'Delivery queued again.');
    await expect(page.getByRole('row').filter({ hasText: 'Callback received' })).toHaveCount(2);
    // Counted by this delivery's id: the endpoint also hears callbacks other tests send meanwhile.
    const sameDelivery = () => received.filter((request) => request.headers['webhook-id'] === first!.headers['webhook-id']);
    await expect.poll(() => sameDelivery().length, { timeout: 20_000 }).toBe(2);
    // The status filter, kept in the address: both delivered once the receiver has answered.
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    await expect(page.getByText('No deliveries match these filters', { exact: true })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    await expect(page).toHaveURL(/status=delivered/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: 'Callback received' })).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Turn off' }).click();
    await expectToast(page, 'Success!', 'Webhook turned off.');
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
    await page.getByRole('button', { name: 'Replace secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replace secret' }).click();
    await expectToast(page, 'Success!', 'Signing secret replaced.');
    await expect(page.getByRole('heading', { name: 'Copy the new signing secret now' })).toBeVisible();
    expect(await page.getByLabel('Signing secret').inputValue()).not.toBe(secret);
    // The list's row menu does what the endpoint's screen does: on again, then deleted.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    const options = page.getByRole('button', { name: `Options for the webhook to ${local}` });
    await options.click();
    await page.getByRole('menuitem', { name: 'Turn on' }).click();
    await expectToast(page, 'Success!', 'Webhook turned on.');
    await options.click();
    await expect(page.getByRole('menuitem', { name: 'Turn off' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectToast(page, 'Deleted!', 'Webhook deleted.');
    await expect(page.getByText('No webhooks yet', { exact: true })).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('the back-office works by keyboard alone', async ({ page }) => {
  await page.goto('/admin');
  await tabTo(page, (el) => el.tag === 'input');
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
  await tabTo(page, (el) => el.tag === 'input');
  await page.keyboard.type(await nextCode(ADMIN.email));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

  // The row menu: open with Enter, Escape returns focus, then choose Edit.
  await tabTo(page, (el) => el.name === 'Options for Orla Staff');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Options for Orla Staff' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(STAFF.email);

  await tabTo(page, (el) => el.name === 'Save changes');
  await page.keyboard.press('Enter');
  // A routine save says so in a toast that takes no focus and needs no key to dismiss.
  await expectToast(page, 'User Updated');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

  await tabTo(page, (el) => el.name === 'Logout');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

/**
 * The outbox job writes mail as .eml files under DATA_DIR/outbox: waits for a mail to `email`
 * holding a link to `path` (the password-reset page, the email-change confirmation) and returns it.
 */
async function waitForMailedLink(email: string, path: string): Promise<URL> {
  const folder = join(process.env.E2E_DATA_DIR!, 'outbox');
  const link = new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?\\S+`);
  for (let i = 0; i < 60; i++) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files) {
      const text = await readFile(join(folder, file), 'utf8');
      const decoded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = decoded.match(link);
      if (match && decoded.includes(`To: ${email}`)) return new URL(match[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${email} with a link to ${path} arrived`);
}

test('a signed-in visit to /admin opens the dashboard, one click from the sidebar, each number opening its filtered list; the audit log filters and exports', async ({
  page,
}) => {
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  // Signing in still lands on All Users; a signed-in visit to /admin goes to the dashboard.
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Back-office' });
  // An enquiry's link may carry its count of new ones: the pill's words and its description, "3 new" each.
  const withCount = (name: string) => new RegExp(`^${name}(\\d+ new){0,2}$`);
  await expect(nav.getByRole('link')).toHaveText([
    'Shannon Commercial Insurance',
    'Dashboard',
    withCount('Callbacks'),
    withCount('Quotes'),
    withCount('Renewals'),
    'Posts',
    'Pages',
    'Media',
    'Redirects',
    'Structure',
    'Mail',
    /^\s*Privacy requests(\d+ due){0,2}$/,
    'Users',
    'Mail templates',
    'Audit log',
    'API tokens',
    'Webhooks',
    // Who is signed in, the link to their own account.
    /^My account: /,
  ]);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // A group's name closes and opens its links; the choice outlives a reload.
  const leads = nav.getByRole('button', { name: 'Enquiries' });
  await expect(leads).toHaveAttribute('aria-expanded', 'true');
  await leads.click();
  await expect(nav.getByRole('link', { name: 'Quotes' })).toBeHidden();
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Enquiries' })).toHaveAttribute('aria-expanded', 'false');
  await nav.getByRole('button', { name: 'Enquiries' }).click();
  await expect(nav.getByRole('link', { name: 'Quotes' })).toBeVisible();
  for (const area of ['Callbacks', 'Quotes', 'Renewals']) await expect(page.getByRole('heading', { level: 2, name: area, exact: true })).toBeVisible();
  // The chart's library arrives with this screen only, and draws on a canvas.
  await expect(page.locator('.bo-chart canvas').first()).toBeVisible();
  // Needs attention is a panel when something waits, one line when nothing does.
  await expect(page.getByRole('heading', { name: /Needs attention/ }).or(page.getByText('No enquiry is waiting.'))).toBeVisible();
  await expect(page.getByRole('heading', { name: /Renewals due in 30 days/ })).toBeVisible();
  await expectNoAxeViolations(page, 'Dashboard');

  // Collapsed to icons, every link keeps its name; the choice outlives a reload.
  await nav.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(nav.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-pressed', 'true');
  // Pointer and focus elsewhere: hover or keyboard focus widens the collapsed bar again.
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(80);
  await page.reload();
  await page.mouse.move(900, 600);
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(80);
  await nav.getByRole('button', { name: 'Collapse menu' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBeGreaterThan(200);

  // The quotes that are new, from the status counts, open as the filtered list.
  const newQuotes = page.getByRole('link', { name: /^New \d+ quotes$/ });
  const counted = Number.parseInt(((await newQuotes.textContent()) ?? '').replace(/\D+/g, ''), 10);
  await newQuotes.click();
  await expect(page).toHaveURL(/\/admin\/quotes\?status=new$/);
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('new');
  // At least the requests counted (a visitor may have sent another since), every one of them new.
  await expect
    .poll(async () =>
      Number.parseInt(
        (await page
          .getByRole('status')
          .filter({ hasText: /quotes?$/ })
          .textContent()) ?? '',
        10,
      ),
    )
    .toBeGreaterThanOrEqual(counted);
  const rows = page.locator('tbody tr');
  if (counted > 0) {
    await expect(rows.first()).toContainText('New');
    for (const text of await rows.allTextContents()) expect(text).toContain('New');
  }

  // The audit log (Administrators only): filtered by kind of record and action, then exported.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  // It opens on the changes, the view most often wanted, and the address says so.
  await expect(page).toHaveURL(/\/admin\/audit\?activity=changes$/);
  await expect(page.getByRole('button', { name: 'Changes', pressed: true })).toBeVisible();
  await page.getByLabel('About', { exact: true }).selectOption('user');
  await page.getByLabel('Action', { exact: true }).fill('user created');
  await expect(page).toHaveURL(/\/admin\/audit\?activity=changes&kind=user&action=user\+created$/);
  // Each action reads as a line of sentence case.
  await expect(page.locator('tbody tr').first()).toContainText('User created');
  for (const text of await page.locator('tbody tr').allTextContents()) expect(text).toContain('User created');
  await expectNoAxeViolations(page, 'Audit log');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('When,Person,Email,Address,Action,Record,Details');
  // The filters live in the address: a reload keeps them, and the export itself is now in the log.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?activity=changes$/);
  // Exports are one click away, and a reload stays on them.
  await page.getByRole('button', { name: 'Exports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?activity=exports$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Exports', pressed: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Audit log exported' }).first()).toBeVisible();
});

test('a script chunk that fails to load reloads the page once, then shows Unexpected Application Error! with ChunkLoadError', async ({ page }) => {
  await signInWithCode(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  // As after a redeploy: the server no longer has the chart's chunk (it answers 404).
  await page.route('**/_astro/DashboardChart.*.js', (route) => route.fulfill({ status: 404, body: 'Not found.' }));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  const reported: string[] = [];
  page.on('console', (message) => message.type() === 'error' && reported.push(message.text()));
  await page.goto('/admin/dashboard');
  // The visit, then the one reload to pick up a new build; the second failure is shown.
  await expect.poll(() => loads).toBe(2);
  const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Unexpected Application Error!' }) });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('ChunkLoadError');
  expect(loads).toBe(2);
  expect(reported.some((line) => line.includes('ChunkLoadError'))).toBe(true);
  await expectNoAxeViolations(page, 'Unexpected Application Error!');
  // The reload button brings the screen back once the chunk is there again.
  await page.unroute('**/_astro/DashboardChart.*.js');
  await alert.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('.bo-chart canvas').first()).toBeVisible();
});

test('a Standard user sees no Users entry and is refused the Create a User screen, as the server refuses it', async ({ page }) => {
  await signInWithCode(page, STAFF.email, STAFF.newPassword);
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back-office' });
  // An enquiry's link may carry its count of new ones: the pill's words and its description, "3 new" each.
  const withCount = (name: string) => new RegExp(`^${name}(\\d+ new){0,2}$`);
  await expect(nav.getByRole('link')).toHaveText([
    'Shannon Commercial Insurance',
    'Dashboard',
    withCount('Callbacks'),
    withCount('Quotes'),
    withCount('Renewals'),
    'Posts',
    'Pages',
    'Media',
    'Redirects',
    'Mail',
    // A Broker answers privacy requests (they are about the customers they work).
    'Privacy requests',
    'API tokens',
    // Who is signed in, the link to their own account.
    /^My account: /,
  ]);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await page.request.get('/api/v1/audit')).status()).toBe(403);
  await page.goto('/admin/user/create');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Only an administrator can do that.');
  await expect(page.getByLabel('First name')).toHaveCount(0);
  const refused = await page.request.post('/api/v1/users/create', {
    data: { first_name: 'Not', last_name: 'Allowed', email: 'nobody@shannon-insurance.ie', password: 'a long enough password', isAdmin: 'false' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Only an administrator can do that.');
});

test('a change of email asks for the current password and takes effect from the link mailed to the new address', async ({ page }) => {
  const newEmail = 'orla.new@shannon-insurance.ie';
  await signInWithCode(page, STAFF.email, STAFF.newPassword);
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter your current password to change your email or password')).toBeVisible();
  const current = page.getByLabel('Current password');
  await current.fill('not my password at all');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await confirmDialog(page, 'Error', 'The current password is not correct');
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await current.fill(STAFF.newPassword);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'User Updated', `We have sent a link to ${newEmail}`);
  await expect(page.getByRole('status')).toContainText(`Your email address will change to ${newEmail} once the link we sent there is used.`);
  await expect(page.getByLabel('Email')).toHaveValue(STAFF.email);
  await expectNoAxeViolations(page, 'email change pending');

  // Signed out, the link asks for a sign-in (with the address the account still has), then confirms.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const link = await waitForMailedLink(newEmail, '/admin/confirm-email');
  await page.goto(link.pathname + link.search);
  await signInWithCode(page, STAFF.email, STAFF.newPassword, false);
  await expectToast(page, 'Success!', `Your email address is now ${newEmail}.`);
  await expect(page.getByRole('heading', { name: 'Edit a User' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(page.getByRole('status')).toHaveCount(0);

  // The link works once.
  await page.goto(link.pathname + link.search);
  await confirmDialog(page, 'Error', 'This confirmation link is not valid or has expired. Please change the email address again to get a new one.');
});

/** Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would. */
async function tabUntil(page: Page, matches: (el: { tag: string; name: string }) => boolean, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName.toLowerCase() ?? '', name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
    });
    if (matches(focused)) return;
  }
  throw new Error('never reached the element by Tab');
}

/** The page is no wider than the window (no sideways scrolling) and passes axe. */
async function expectFitsAndAccessible(page: Page, width: number, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} is wider than ${width} px`).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page, `${name} at ${width} px`);
}

/** A visitor asks for a callback, a van quote and a renewal through the public API, so every list has a row to open. */
async function visitorSendsEveryKind(request: APIRequestContext) {
  const send = async (path: string, data: Record<string, unknown>) => {
    const humanCheck = await solvedCheck(async (url) => (await request.get(url)).json());
    const res = await request.post(path, { data: { ...data, humanCheck } });
    expect(res.status(), path).toBe(201);
  };
  await send('/api/v1/contacts/create', {
    name: 'Phone Caller',
    email: 'phone.caller@example.ie',
    phone: '087 765 4321',
    subject: 'Cover for a tipper truck',
    message: 'Please ring me after six.',
  });
  await send('/api/v1/quotes/van/create', validAnswers.van);
  await send('/api/v1/renewals/create', validAnswers.renewal);
}

test.describe('in an en-US browser in New York', () => {
  // Dates must still be Irish: en-IE, on Dublin's clock.
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('the Mail screen shows the outbox with Irish dates, filters in the address, a mail in detail, and sends one again', async ({ page, request }) => {
    await visitorSendsEveryKind(request);
    await signInWithCode(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Mail', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toContainText(/Sent|Queued/);
    await expectNoAxeViolations(page, 'Mail');

    // The callbacks' mails to the sales team, sent: filtered, in the address, and kept by a reload.
    // The status views put the failed mails first: they are the ones someone must act on.
    const views = page.getByRole('group', { name: 'Views' });
    await expect(views.getByRole('button')).toHaveText([/^All$/, /^Failed\b/, /^Queued\b/, /^Sent\b/]);
    await views.getByRole('button', { name: /^Sent\b/ }).click();
    await expect(views.getByRole('button', { name: /^Sent\b/ })).toHaveAttribute('aria-pressed', 'true');
    // "Callback request:" starts the sales team's subject only, not the visitor's acknowledgement ("Your callback request to …").
    await page.getByLabel('Search', { exact: true }).fill('Callback request:');
    await expect(page).toHaveURL(/\/admin\/mail\?status=sent&q=Callback\+request%3A$/);
    // The callback's mail leaves the queue within seconds; each reload keeps the filters.
    const rows = page.locator('tbody tr');
    await expect
      .poll(
        async () => {
          await page.reload();
          // Read the rows once they are loaded, not the loading row a slow reload leaves showing.
          await expect(page.getByText('Loading messages')).toHaveCount(0);
          return rows.first().textContent();
        },
        { timeout: 30_000 },
      )
      .toContain('Callback request');
    // The view's status stays in the address (a view is pressed only while the filters are exactly its own, so not with a search).
    const address = new URL(page.url()).searchParams;
    expect([address.get('status'), address.get('q')]).toEqual(['sent', 'Callback request:']);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('Callback request:');
    for (const text of await rows.allTextContents()) expect(text).toMatch(/Callback request.*Sent/);

    await rows
      .first()
      .getByRole('link', { name: /^Callback request/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/mail\/view\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const { mail } = await (await page.request.get(`/api/v1/mail/get/${id}`)).json();
    // The browser says en-US and New York; the screen says Dublin: "23 Nov 2026, 20:31".
    const queued = page.locator('dt:text-is("Queued") + dd');
    await expect(queued).toHaveText(formatDublinDateTime(mail.createdAt));
    await expect(queued).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    await expect(page.getByText(/^Accepted · /).first()).toBeVisible();
    // The HTML part as its reader got it, in a sandboxed frame; the plain text one switch away.
    await expect(
      page.frameLocator('iframe[title$="the mail as its reader sees it"]').getByText('A visitor asked for a callback on the website.', { exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Plain text' }).click();
    await expect(page.getByText('A visitor asked for a callback on the website.')).toBeVisible();
    await expectNoAxeViolations(page, 'a mail');

    // Sent again by hand: queued at once, then the job sends it (a new message, so a second attempt count of 1).
    await page.getByRole('button', { name: 'Send again' }).click();
    await expectToast(page, 'Success!', 'The mail is queued and will be sent again shortly.');
    await expect(page.locator('main .bo-badge').first()).toHaveText('Queued');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator('main .bo-badge').first().textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('Sent');

    // The reading and the resend are in the audit log, with the address they came from.
    await page.goto('/admin/audit?activity=all&kind=mail');
    await expect(page.getByRole('cell', { name: 'Mail resent' })).toBeVisible();
    const resent = page.getByRole('row', { name: /Mail resent/ });
    // The record by its name now, a link to it, rather than its id.
    await expect(resent.getByRole('link', { name: `Mail: ${mail.subject}` })).toHaveAttribute('href', `/admin/mail/view/${id}`);
    await expect(resent).toContainText('127.0.0.1');
    await expect(page.getByRole('row', { name: /Mail viewed/ }).first()).toBeVisible();
  });

  test('every back-office screen fits a 390 px phone and passes axe; the sign-in screen carries the brand', async ({ page, request }) => {
    // Twenty screens, each measured and checked by axe.
    test.setTimeout(240_000);
    await visitorSendsEveryKind(request);
    const width = 390;
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const brand = page.getByRole('link', { name: /Shannon Commercial Insurance/ });
    await expect(brand).toBeVisible();
    await expect(brand.locator('img[src="/favicon.svg"]')).toBeVisible();
    await expectFitsAndAccessible(page, width, 'sign-in');
    await signInWithPassword(page, ADMIN.email, ADMIN.password, false);
    await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
    await expectFitsAndAccessible(page, width, 'two-factor verify');
    await page.getByLabel('Verification code').fill(await nextCode(ADMIN.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

    const first = async (path: string, key: string): Promise<string> => {
      const body = await (await page.request.get(`/api/v1${path}`)).json();
      const item = body[key][0];
      if (!item) throw new Error(`nothing listed at ${path}`);
      return item._id;
    };
    const me = (await (await page.request.get('/api/v1/users/?page_size=100')).json()).users.find((user: { email: string }) => user.email === ADMIN.email)._id;
    const screens: [string, string][] = [
      ['dashboard', '/admin/dashboard'],
      ['users', '/admin/user'],
      ['create a user', '/admin/user/create'],
      ['edit a user', `/admin/user/edit/${me}`],
      ['posts', '/admin/posts'],
      ['create a post', '/admin/posts/create'],
      ['edit a post', `/admin/posts/edit/${await first('/posts/?page_size=1', 'data')}`],
      ['callbacks', '/admin/contacts'],
      ['a callback', `/admin/contacts/view/${await first('/contacts?page_size=1', 'contacts')}`],
      ['quotes', '/admin/quotes'],
      ['a quote', `/admin/quotes/view/${await first('/quotes?page_size=1', 'leads')}`],
      ['renewals', '/admin/renewals'],
      ['a renewal', `/admin/renewals/view/${await first('/renewals?page_size=1', 'leads')}`],
      ['audit log', '/admin/audit'],
      ['mail', '/admin/mail'],
      ['a mail', `/admin/mail/view/${await first('/mail?page_size=1', 'mails')}`],
      ['invitations', '/admin/user/invitations'],
      ['invite', '/admin/user/invite'],
      ['API tokens', '/admin/api-tokens'],
      ['create an API token', '/admin/api-tokens/create'],
    ];
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.locator('main h1').first(), name).toBeVisible();
      await expectFitsAndAccessible(page, width, name);
    }

    // A new member of staff's first sign-in, on the phone: two-factor setup and the recovery codes.
    const newcomer = { email: 'phone.user@shannon-insurance.ie', password: 'phone user password' };
    const created = await page.request.post('/api/v1/users/create', {
      data: { first_name: 'Phone', last_name: 'User', email: newcomer.email, password: newcomer.password, isAdmin: 'false' },
    });
    expect(created.status()).toBe(201);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInWithPassword(page, newcomer.email, newcomer.password);
    await expect(page.getByRole('heading', { name: /step 1 of 2/ })).toBeVisible();
    await expectFitsAndAccessible(page, width, 'two-factor setup, step 1');
    secrets[newcomer.email] = ((await page.locator('.bo-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
    await expectFitsAndAccessible(page, width, 'two-factor setup, step 2');
    await page.getByLabel('Verification code').fill(await nextCode(newcomer.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expectFitsAndAccessible(page, width, 'recovery codes');
  });
});

test('the dashboard by keyboard alone: a number opens its filtered list, the sidebar works, and below 1024 px the burger menu opens, keeps focus and closes with Escape', async ({
  page,
}) => {
  await page.goto('/admin');
  await tabUntil(page, (el) => el.tag === 'input');
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Get a verification code from your Authenticator app.')).toBeVisible();
  await tabUntil(page, (el) => el.tag === 'input');
  await page.keyboard.type(await nextCode(ADMIN.email));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

  // The sidebar by keyboard: to the dashboard.
  await tabUntil(page, (el) => el.tag === 'a' && el.name === 'Dashboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Quotes by status' })).toBeVisible();

  // Tab to a number; Enter opens the list it counts, filtered.
  await tabUntil(page, (el) => /^New \d+ quotes$/.test(el.name));
  await expect(page.locator(':focus')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/quotes\?status=new$/);
  await expect(page.getByRole('heading', { name: 'Quotes', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('new');

  // Back to the dashboard through the sidebar, going backwards from the list.
  await tabUntil(page, (el) => el.tag === 'a' && el.name === 'Dashboard', { back: true, max: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Below 1024 px the sidebar is a burger menu over the page.
  await page.setViewportSize({ width: 800, height: 900 });
  const menu = page.locator('#bo-sidebar');
  await expect(menu).toBeHidden();
  await tabUntil(page, (el) => el.name === 'Open menu');
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  // Focus goes round the menu and its close button, never to the page behind the overlay.
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#bo-sidebar, .bo-burger')))).toBe(true);
  }
  // Escape closes it and gives focus back to the burger.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  // Open again and go to Mail: the menu closes behind the choice.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await tabUntil(page, (el) => el.tag === 'a' && el.name === 'Mail', { max: 12 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
});
