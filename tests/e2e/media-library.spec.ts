import { devices, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { e2eMediaPort } from '../support/e2e-ports.ts';
import { expectToast } from '../support/toast.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * The media library as staff use it: upload several files, sort them (the order kept in the
 * address), choose several and delete the unused ones with one confirmation that names the one
 * kept as in use, and see a post's cover marked as current in the picker. On a server of its
 * own (fresh database, sign-in without two-factor).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'media-admin@shannon-insurance.ie', password: 'media e2e password' };

serveOwnSite({ port: e2eMediaPort, database: 'e2e_media', admin: ADMIN, publishes: false });

const signIn = (page: Page) => signInWithoutTwoFactor(page, ADMIN);

const picture = async (name: string, width: number, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height: Math.round(width * 0.6), channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

const tileNames = (page: Page) => page.locator('.bo-tile .bo-tile-name').allTextContents();

let postId = '';

test('uploads sort by name and size in the address, and a bulk delete keeps and names the upload in use', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  // A mouse can drag: the zone offers the drop.
  await expect(page.getByText('Drop images or videos here, or choose files')).toBeVisible();
  await expect(page.getByText('Choose files', { exact: true })).toBeHidden();

  await page
    .locator('#media-upload-input')
    .setInputFiles([await picture('bravo.jpg', 400, '#1d6fa5'), await picture('alpha.jpg', 300, '#a51d6f'), await picture('charlie.jpg', 1200, '#6fa51d')]);
  await expectToast(page, 'Success!', 'The uploads are finished.');
  await expect(page.locator('.bo-tile')).toHaveCount(3);

  // bravo.jpg becomes a post's cover, so it is in use.
  const listed = await (await page.request.get('/api/v1/media?q=bravo')).json();
  const bravo = listed.media[0]._id as string;
  const post = await page.request.post('/api/v1/posts/create', {
    data: { title: 'A van in the rain', body: 'Body text.', coverImage: bravo, coverAlt: 'A blue van' },
  });
  expect(post.status(), await post.text()).toBe(201);
  postId = (await post.json()).post._id;

  await page.getByLabel('Order').selectOption('name');
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect.poll(() => tileNames(page)).toEqual(['alpha.jpg', 'bravo.jpg', 'charlie.jpg']);
  await page.getByLabel('Order').selectOption('size');
  await expect(page).toHaveURL(/[?&]sort=size/);
  await expect.poll(() => tileNames(page)).toEqual(['charlie.jpg', 'bravo.jpg', 'alpha.jpg']);
  // The order is the address's: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel('Order')).toHaveValue('size');
  await expect.poll(() => tileNames(page)).toEqual(['charlie.jpg', 'bravo.jpg', 'alpha.jpg']);

  await page.getByRole('checkbox', { name: 'Select alpha.jpg' }).check();
  await page.getByRole('checkbox', { name: 'Select bravo.jpg' }).check();
  const bar = page.getByRole('region', { name: 'Chosen uploads' });
  await expect(bar).toContainText('2 uploads selected, 1 in use');
  await expect(bar).toContainText('Uploads in use cannot be deleted: bravo.jpg.');
  await expectNoAxeViolations(page, 'media library with a choice');
  await bar.getByRole('button', { name: 'Delete 1 unused' }).click();
  const dialog = page.getByRole('dialog');
  // The back-office's one delete question, with what goes and what is kept under the spec's words.
  await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(dialog).toContainText("You won't be able to revert this!");
  await expect(dialog).toContainText('This upload will be deleted for good: alpha.jpg.');
  await expect(dialog).toContainText('One is in use and will be kept: bravo.jpg.');
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!', 'Deleted one upload.');
  await expect.poll(() => tileNames(page)).toEqual(['charlie.jpg', 'bravo.jpg']);
  await expect(bar).toHaveCount(0);
});

test('the picker marks the cover a post has now as current', async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/posts/edit/${postId}`);
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await page.getByRole('button', { name: 'Replace', exact: true }).first().click();
  await page.getByRole('button', { name: 'Choose from the library' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choose a cover image' });
  const current = picker.locator('button[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('bravo.jpg');
  await expect(current).toContainText('Current');
  await expect(picker.getByRole('button', { name: /charlie\.jpg/ })).not.toHaveAttribute('aria-current', 'true');
  await expectNoAxeViolations(page, 'media picker');
});

test('on a phone the drop zone asks to choose files, not to drag them', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/admin/media');
  await expect(page.getByText('Choose files', { exact: true })).toBeVisible();
  await expect(page.getByText('Drop images or videos here, or choose files')).toBeHidden();
  await context.close();
});

test('the audit log opens an entry’s details in place: what changed, who, when and from where', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/audit?action=media+deleted');
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('Media deleted');
  const toggle = row.getByRole('button', { name: /^Show details/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const details = page.locator(`#${(await toggle.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
  await expect(details).toBeHidden();
  // By keyboard: focus and Enter open it, and it says the whole entry.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: /^Hide details/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(details).toBeVisible();
  await expect(details.getByRole('definition')).toHaveCount(5);
  await expect(details).toContainText('Bulk');
  await expect(details).toContainText('Who');
  await expect(details).toContainText(ADMIN.email);
  await expect(details).toContainText('127.0.0.1');
  await expectNoAxeViolations(page, 'audit log with an entry open');
  await page.keyboard.press('Space');
  await expect(details).toBeHidden();
});
