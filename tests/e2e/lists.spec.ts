import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';
import { solvedCheck } from '../support/human-check.ts';

/**
 * Callbacks, quotes and renewals as a pipeline, as staff work it: from the dashboard to a new
 * callback, marked contacted with a note and found again by search; the same change by
 * keyboard alone; a bulk status change; a renewal's date column and sort; the detail's layout
 * at 1366 and 390 px; a next step falling overdue, and a lost quote's reason; axe on every
 * screen touched.
 *
 * The back-office's own sign-in (two-factor setup, codes) is admin.spec.ts's subject, and its
 * administrator's authenticator lives in that file. So this file starts its own server on the
 * same build, with its own embedded database in a fresh data folder, and two-factor sign-in
 * switched off: staff sign in with their password alone, and nothing here waits on, or
 * disturbs, the other file's codes.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const ADMIN = { email: 'admin@shannon-insurance.ie', password: 'e2e admin password' };

let server: ChildProcess;
let origin = '';
let dataDir = '';

/** A port nothing listens on now (the system's pick). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test.beforeAll(async ({ request }) => {
  // A fresh embedded database: migrations and seeding first, on a busy machine.
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-lists-'));
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TWO_FACTOR_ENABLED: 'false',
      FORM_RATE_LIMIT: '1000',
      // Its own embedded database even when DATABASE_URL is set: sharing one would let its outbox
      // job send the main server's mail into this server's DATA_DIR, where admin.spec.ts never looks.
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect.poll(async () => (await request.get(`${origin}/api/v1/health`).catch(() => null))?.status(), { timeout: 100_000 }).toBe(200);
});

test.afterAll(async () => {
  // The server writes into its folder (the embedded database, mail) until it has exited.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 8, retryDelay: 100 });
});

async function signIn(page: Page) {
  await signInWithoutTwoFactor(page, ADMIN, origin);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
}

test('the users list searches, and filters the suspended accounts, in the address', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page);
  // At 1,024 px the last sign-in stays, beside Created On.
  await expect(page.getByRole('columnheader', { name: 'Last sign-in' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created On' })).toBeVisible();
  const search = page.getByLabel('Search', { exact: true });
  await search.fill('shannon-insurance');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=shannon-insurance/);
  await expect(page.getByRole('row', { name: /Site Administrator/ })).toBeVisible();
  await page.getByLabel('Account').selectOption('suspended');
  await expect(page).toHaveURL(/status=suspended/);
  await expect(page.getByText('No users match these filters')).toBeVisible();
  await expectNoAxeViolations(page, 'All Users, suspended');
  await page.getByLabel('Account').selectOption('active');
  await expect(page.getByRole('row', { name: /Site Administrator/ })).toBeVisible();
});

test('the posts list has status views with their counts, and the author', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`${origin}/admin/posts`);
  const published = page.getByRole('button', { name: /^Published \d+$/ });
  await expect(published).toBeVisible();
  await expect(page.getByRole('button', { name: 'Drafts 0', exact: true })).toBeVisible();
  // Author gives way to the titles first: at 1366 it waits in the Columns menu.
  await expect(page.getByRole('columnheader', { name: 'Author' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Author — hidden at this width' })).toBeVisible();
  await page.keyboard.press('Escape');
  await published.click();
  await expect(page).toHaveURL(/status=published/);
  await expect(published).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');
  await expectNoAxeViolations(page, 'Posts, published');
});

test('at 1,024 px the contacts keep name, status and next step, and the Columns menu says what the width hides', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts`);
  for (const name of ['Name', 'Status', 'Next step']) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  // The email stands under each name meanwhile, and the menu says where it went: still shown, and still hideable.
  await expect(page.getByRole('menuitemcheckbox', { name: 'Email — under the name at this width' })).toHaveAttribute('aria-checked', 'true');
  // Created On, the spec's column and the list's sort, never steps aside: it is not offered to hide.
  await expect(page.getByRole('menuitemcheckbox', { name: /^Created On/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Created On' })).toBeVisible();
});

test('a column hidden with the Columns menu leaves the whole row: the line under the name, and a phone’s card', async ({ page, request }) => {
  const humanCheck = await solvedCheck(async (path) => (await request.get(`${origin}${path}`)).json());
  const sent = await request.post(`${origin}/api/v1/contacts/create`, {
    data: {
      humanCheck,
      name: 'Maeve Hidden',
      email: 'maeve.columns@example.ie',
      phone: '087 555 0199',
      subject: 'Van insurance',
      message: 'Ring me about the van.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts`);
  const row = page.getByRole('row', { name: /Maeve Hidden/ });
  const name = row.locator('td.bo-cell-primary');
  // At 1,366 px the email and message stand under the name, each a line of its own.
  await expect(name.locator('.bo-cell-under')).toHaveText(['maeve.columns@example.ie', 'Ring me about the van.']);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email — under the name at this width' }).click();
  await page.keyboard.press('Escape');
  // Hidden, it is gone from under the name too; the message, still chosen, stays.
  await expect(name.locator('.bo-cell-under')).toHaveText(['Ring me about the van.']);
  await expect(row.locator('td[data-label="Email"]')).toBeHidden();
  await expect(row.getByText('maeve.columns@example.ie')).toBeHidden();
  await expectNoAxeViolations(page, 'callbacks with the email hidden');

  // On a phone the rows are cards, and the hidden column is off the card as well; the menu is there to bring it back.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.locator('td[data-label="Message"]')).toBeVisible();
  await expect(row.locator('td[data-label="Email"]')).toBeHidden();
  await expect(name.locator('.bo-cell-under')).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Email', exact: true })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('menuitemcheckbox', { name: 'Email', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(row.locator('td[data-label="Email"]')).toBeVisible();
  await expect(row.locator('td[data-label="Email"]')).toContainText('maeve.columns@example.ie');
});

test('on a 320 px phone the views are one select, every view in it, and choosing one filters the list', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts`);
  await expect(page.getByRole('group', { name: 'Views' })).toBeHidden();
  const select = page.getByRole('combobox', { name: 'View' });
  const box = (await select.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.height).toBeGreaterThanOrEqual(44);
  const options = await select.locator('option').allTextContents();
  expect(options.map((text) => text.replace(/ \(.*\)$/, ''))).toEqual(['All', 'Mine', 'Unassigned', 'New', 'Overdue']);
  // By its place, not its words: the counts in the labels change as the list's answer arrives.
  await select.selectOption(String(options.findIndex((text) => text.startsWith('Overdue'))));
  await expect(page).toHaveURL(/due=overdue/);
});
