import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

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
/** Names of this run's records, unique on a database that outlives one run. */
const run = Date.now().toString(36);
const callers = [`Niamh Pipeline ${run}`, `Ciarán Pipeline ${run}`, `Róisín Pipeline ${run}`];

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
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-pipeline-'));
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
  for (const [i, name] of callers.entries()) await sendCallback(request, name, i);
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

async function sendCallback(request: APIRequestContext, name: string, i: number) {
  const humanCheck = await solvedCheck(async (path) => (await request.get(`${origin}${path}`)).json());
  const res = await request.post(`${origin}/api/v1/contacts/create`, {
    data: {
      humanCheck,
      name,
      email: `pipeline${i}.${run}@example.ie`,
      phone: '087 765 4321',
      subject: 'Van insurance for convicted drivers',
      message: `Please ring me about cover for my Transit (${i}).`,
    },
  });
  expect(res.status()).toBe(201);
}

async function signIn(page: Page) {
  await signInWithoutTwoFactor(page, ADMIN, origin);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
}

/** Presses Tab until the focused control is the one labelled `label` (or named so), as a keyboard user would. */
async function tabTo(page: Page, label: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (name === label) return;
  }
  throw new Error(`never reached ${label} by Tab`);
}

test('a new callback, opened from the dashboard, is marked contacted with a note and found again by search', async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/dashboard`);
  await page.mouse.move(900, 600);
  const newCallbacks = page.getByRole('link', { name: /^New \d+ callbacks$/ });
  await expect(newCallbacks).toHaveText(`New ${callers.length} callbacks`);
  await expectNoAxeViolations(page, 'dashboard');
  await newCallbacks.click();

  await expect(page).toHaveURL(/\/admin\/contacts\?status=new$/);
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('new');
  await expect(page.getByRole('status').filter({ hasText: /callbacks?$/ })).toHaveText('3 callbacks');
  await expectNoAxeViolations(page, 'All Contacts, filtered');

  await page.getByRole('link', { name: callers[0] }).click();
  await expect(page.getByRole('heading', { level: 1, name: callers[0] })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Details' })).toHaveAttribute('aria-expanded', 'true');
  // Nothing done yet: the timeline holds only its arrival (and the mail it sent).
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Callback received from the website');
  await expect(page.getByRole('region', { name: 'Timeline' }).locator('.rt-entry-status, .rt-entry-note')).toHaveCount(0);
  // One click on the stage bar saves the stage: no Save to press.
  const stages = page.getByRole('group', { name: 'Status' });
  await stages.getByRole('button', { name: 'Contacted', exact: true }).click();
  await expect(stages.getByRole('button', { name: 'Contacted', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectToast(page, 'Success!');
  await expect(page.getByRole('listitem').filter({ hasText: 'changed the status from New to Contacted' })).toBeVisible();
  // The owner saves as soon as one is chosen.
  const owner = page.getByRole('region', { name: 'Owner and next step' }).getByLabel('Owner');
  const someone = (await owner.locator('option').nth(1).getAttribute('value'))!;
  const someoneName = (await owner.locator('option').nth(1).textContent())!;
  await owner.selectOption(someone);
  await expectToast(page, 'Success!');
  await expect(page.locator('.bo-page-header')).toContainText(`Owner: ${someoneName}`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Owner and next step' }).getByLabel('Owner')).toHaveValue(someone);
  // Notes are written in one place, the card's one text box, and read on the timeline they join.
  const work = page.getByRole('region', { name: 'Owner and next step' });
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('textbox')).toHaveCount(0);
  await expect(work.getByRole('textbox')).toHaveCount(1);
  await work.getByLabel('Note', { exact: true }).fill('Rang back; quote to follow by email.');
  await work.getByRole('button', { name: 'Add note', exact: true }).click();
  await expectToast(page, 'Success!');
  await expect(page.getByRole('listitem').filter({ hasText: 'added a note' })).toContainText('Rang back; quote to follow by email.');
  await expect(work.getByLabel('Note', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(page, 'contact view with history');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Callbacks' }).click();
  await page.mouse.move(900, 600);
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await page.getByLabel('Search', { exact: true }).fill(`Niamh Pipeline ${run}`);
  const row = page.getByRole('row', { name: new RegExp(callers[0]!) });
  await expect(row).toContainText('Contacted');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  // The search lives in the address: a reload (or a bookmark) shows the same list.
  await expect(page).toHaveURL(new RegExp(`[?&]q=Niamh\\+Pipeline\\+${run}`));
  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(`Niamh Pipeline ${run}`);
  await expect(page.getByRole('row', { name: new RegExp(callers[0]!) })).toContainText('Contacted');
});

test("a callback's status changes by keyboard alone", async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/contacts?q=${encodeURIComponent(callers[1]!)}`);
  await expect(page.getByRole('row', { name: new RegExp(callers[1]!) })).toBeVisible();
  await tabTo(page, callers[1]!);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: callers[1] })).toBeVisible();
  // The stage bar's stages are buttons, each reached by Tab, pressed with Enter and saved at once.
  await tabTo(page, 'Closed');
  await expect(page.locator(':focus')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Success!');
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Closed', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: 'changed the status from New to Closed' })).toBeVisible();
  await tabTo(page, 'Note', 150);
  await page.keyboard.type('No answer twice; closed.');
  await tabTo(page, 'Add note');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: 'added a note' })).toContainText('No answer twice; closed.');
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
});

test('staff move the chosen callbacks together, and export them', async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/contacts?q=Pipeline+${run}`);
  await page.mouse.move(900, 600);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + callers.length);
  // The bulk actions appear only once something is chosen.
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toHaveCount(0);
  // Select every row, then leave one out.
  await page.getByLabel('Select every row on this page').check();
  await page.getByLabel(`Select ${callers[1]}`).uncheck();
  await expect(page.getByLabel('Select every row on this page')).toHaveJSProperty('indeterminate', true);
  await expect(bulk.getByRole('status')).toHaveText('2 callbacks selected');
  await expectNoAxeViolations(page, 'All Contacts with a selection');

  const [download] = await Promise.all([page.waitForEvent('download'), bulk.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^callbacks-selected-\d{4}-\d{2}-\d{2}\.csv$/);

  // A phone: the chosen rows are cards, the bulk bar wraps, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'All Contacts with a selection at 390 px');
  await page.setViewportSize({ width: 1366, height: 900 });

  await bulk.getByLabel('New status').selectOption('closed');
  await bulk.getByRole('button', { name: 'Set status' }).click();
  await expectToast(page, 'Success!');
  for (const name of [callers[0]!, callers[2]!]) await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Closed');
  await expect(page.getByLabel(`Select ${callers[0]}`)).not.toBeChecked();
  await expect(bulk).toHaveCount(0);

  // A row's own quick actions: take it on, and the views find it as mine.
  const left = page.getByRole('row', { name: new RegExp(callers[1]!) });
  await left.getByRole('button', { name: `Options for ${callers[1]}` }).click();
  await expect(page.getByRole('menuitem', { name: /^Call / })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Assign to me' }).click();
  await expectToast(page, 'Success!');
  await expect(left).toContainText('Site Administrator');
  // Each view says how many it holds ("Mine 1").
  await page.getByRole('button', { name: /^Mine \d+$/ }).click();
  await expect(page.getByRole('button', { name: /^Mine \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/owner=[0-9a-f-]{36}/);
  await expect(page.getByRole('row', { name: new RegExp(callers[1]!) })).toBeVisible();
  await page.getByRole('button', { name: /^Unassigned \d+$/ }).click();
  await expect(page).toHaveURL(/owner=none/);
  await expect(page.getByRole('row', { name: new RegExp(callers[1]!) })).toHaveCount(0);
});

test('renewals show their renewal date, sort by it, and the detail puts the owner and next step beside the answers and the timeline under them (1366 px), or all after them (390 px)', async ({
  page,
  request,
}) => {
  const dates = ['2027-02-14', '2026-12-24'];
  for (const [i, renewalDate] of dates.entries()) {
    const humanCheck = await solvedCheck(async (path) => (await request.get(`${origin}${path}`)).json());
    const res = await request.post(`${origin}/api/v1/renewals/create`, {
      data: { ...validAnswers.renewal, name: `Renewal ${i} ${run}`, renewalDate, humanCheck },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`${origin}/admin/renewals`);
  await page.mouse.move(900, 600);
  await expect(page.getByRole('columnheader', { name: 'Renewal date' })).toBeVisible();
  // The soonest renewal comes first unless another order is chosen.
  const search = page.getByLabel('Search', { exact: true });
  await search.fill(run);
  await search.press('Enter');
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toContainText(`Renewal 1 ${run}`);
  await page.getByLabel('Order').selectOption('renewal-latest');
  await expect(page).toHaveURL(/sort=renewal-latest/);
  await expect(firstRow).toContainText(`Renewal 0 ${run}`);
  // Until a price is quoted, the premium is what the customer pays today, as their form gave it, marked so.
  await expect(firstRow.locator('td.bo-cell-end')).toHaveText('€1,240 current');
  await expectNoAxeViolations(page, 'Renewals sorted');
  await page.getByLabel('Order').selectOption('');
  await expect(firstRow).toContainText(`Renewal 1 ${run}`);
  // The header sorts too, and says which way.
  const dateHeader = page.getByRole('columnheader', { name: 'Renewal date' });
  await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
  await dateHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=renewal-latest/);
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText(`Renewal 0 ${run}`);
  await expect(page.getByLabel('Order')).toHaveValue('renewal-latest');
  // Renewals are worked by their renewal date: when one came in steps aside below 1,400 px of list, sorted by the Order picker.
  await expect(page.getByRole('columnheader', { name: 'Received' })).toBeHidden();
  await page.getByLabel('Order').selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  await expect(dateHeader).toHaveAttribute('aria-sort', 'none');

  await firstRow.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^RN-\d{4}-\d{6} · Renewal 1 / })).toBeVisible();
  const box = page.getByRole('region', { name: 'Owner and next step' });
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'New', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Wide: the owner and next step sit to the right of the answers, at the top, and the timeline
  // under the answers, as on a callback's page (one layout for every record).
  const boxAt = (await box.boundingBox())!;
  const answersAt = (await page.locator('.bo-detail > .bo-stack').boundingBox())!;
  expect(boxAt.x).toBeGreaterThan(answersAt.x + answersAt.width - 1);
  expect(Math.abs(boxAt.y - answersAt.y)).toBeLessThan(2);
  const timelineAt = (await page.getByRole('region', { name: 'Timeline' }).boundingBox())!;
  expect(timelineAt.y).toBeGreaterThan(answersAt.y + answersAt.height - 1);
  expect(timelineAt.x + timelineAt.width).toBeLessThanOrEqual(answersAt.x + answersAt.width + 1);
  // The key facts above the answers.
  const facts = page.getByRole('region', { name: 'At a glance' });
  await expect(facts.getByRole('definition').first()).toBeVisible();
  await expect(facts).toContainText('Renewal date');
  await expect(facts).toContainText(/24 Dec 2026/);
  await expect(facts).toContainText(/Current premium\s*€1,240/);
  // Every section's answers start at the same x: one label column for all (each folded section opened first).
  const sections = page.locator('.bo-detail > .bo-stack .bo-answers');
  expect(await sections.count()).toBeGreaterThan(1);
  // At a desk the first group starts open, the others folded.
  await expect(sections.first().getByRole('button', { expanded: true })).toHaveCount(1);
  for (const section of await sections.all()) {
    const folded = section.getByRole('button', { expanded: false });
    if (await folded.count()) await folded.click();
  }
  const answerStarts = await page
    .locator('.bo-detail > .bo-stack .bo-answers dd')
    .evaluateAll((cells) => [...new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().x)))]);
  expect(answerStarts).toHaveLength(1);
  await expectNoAxeViolations(page, 'renewal detail');

  // A phone, read as a record in a CRM's app: the key facts under the stage bar, what the customer asked, then the
  // owner and next step, then the timeline; nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const narrowStages = (await page.locator('.bo-stage-bar').boundingBox())!;
  const narrowFacts = (await facts.boundingBox())!;
  const narrowAnswers = (await page.locator('.bo-detail > .bo-stack').boundingBox())!;
  const narrowBox = (await box.boundingBox())!;
  const narrowTimeline = (await page.getByRole('region', { name: 'Timeline' }).boundingBox())!;
  expect(narrowStages.y + narrowStages.height).toBeLessThanOrEqual(narrowFacts.y);
  expect(narrowFacts.y + narrowFacts.height).toBeLessThanOrEqual(narrowAnswers.y);
  expect(narrowAnswers.y + narrowAnswers.height).toBeLessThanOrEqual(narrowBox.y);
  expect(narrowBox.y + narrowBox.height).toBeLessThanOrEqual(narrowTimeline.y);
  // Every stage whole on a phone: none cut by the edge of the screen.
  for (const stage of await page.locator('.bo-stage').all()) {
    const bounds = (await stage.boundingBox())!;
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'renewal detail at 390 px');
});

/** Yesterday in Dublin, as a date field takes it. */
function yesterdayInIreland(): string {
  const [y, m, d] = todayInIreland().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

test('a next step due yesterday shows as overdue in the list and on the dashboard; a lost quote records why', async ({ page, request }) => {
  const humanCheck = await solvedCheck(async (path) => (await request.get(`${origin}${path}`)).json());
  const created = await request.post(`${origin}/api/v1/quotes/van/create`, { data: { ...validAnswers.van, firstName: `Lost ${run}`, humanCheck } });
  expect(created.status(), await created.text()).toBe(201);
  const { lead } = (await created.json()) as { lead: { _id: string; reference: string } };

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts?q=${encodeURIComponent(callers[2]!)}`);
  await page.getByRole('link', { name: callers[2] }).click();
  // Closed by the bulk change above: reopened, as a closed callback's step no longer falls due.
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Contacted', exact: true }).click();
  await expectToast(page, 'Success!');
  const nextStep = page.getByRole('region', { name: 'Next step' });
  await nextStep.getByRole('button', { name: 'Book the next step' }).click();
  await expect(nextStep.getByLabel('What happens next')).toBeFocused();
  await nextStep.getByLabel('What happens next').fill('Ring back with Aviva price');
  await nextStep.getByLabel('Due', { exact: true }).fill(yesterdayInIreland());
  await nextStep.getByRole('button', { name: 'Save next step' }).click();
  await expectToast(page, 'Success!');
  await expect(nextStep.getByText('overdue', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'contact view with a next step');

  // The list's Overdue view counts it and finds it, the most overdue first, overdue in words beside the step's own.
  await page.goto(`${origin}/admin/contacts`);
  await page.mouse.move(900, 600);
  await page.getByRole('button', { name: 'Overdue 1', exact: true }).click();
  await expect(page).toHaveURL(/due=overdue/);
  await expect(page).toHaveURL(/sort=due/);
  await expect(page.getByLabel('Order')).toHaveValue('due');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: new RegExp(callers[2]!) });
  await expect(row).toContainText('overdue');
  await expect(row).toContainText('Ring back with Aviva price');
  await expect(row.getByText('Ring back with Aviva price')).toBeVisible();
  await expectNoAxeViolations(page, 'All Contacts, overdue');

  // The dashboard lists it among the follow-ups due, a link to the callback.
  await page.goto(`${origin}/admin/dashboard`);
  const followUps = page.getByRole('region', { name: /^Follow-ups due/ });
  await expect(followUps).toContainText('Ring back with Aviva price');
  await expect(followUps).toContainText('overdue');
  await expectNoAxeViolations(page, 'dashboard with a follow-up');
  await followUps.getByRole('link', { name: callers[2] }).click();
  await expect(page.getByRole('heading', { level: 1, name: callers[2] })).toBeVisible();

  // A quote marked lost takes a reason, shown at a glance.
  await page.goto(`${origin}/admin/quotes/view/${lead._id}`);
  await expect(page.getByRole('region', { name: 'Outcome' })).toHaveCount(0);
  // Lost asks why before it saves anything: the reason is needed, Escape leaves the stage as it was.
  const stages = page.getByRole('group', { name: 'Status' });
  const lost = stages.getByRole('button', { name: 'Lost', exact: true });
  await lost.click();
  const why = page.getByRole('group', { name: 'Why was it lost?' });
  await expect(why.getByLabel('Reason lost')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(why).toHaveCount(0);
  await expect(lost).toBeFocused();
  await expect(lost).toHaveAttribute('aria-pressed', 'false');
  await lost.click();
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expect(why.getByText('Choose why it was lost')).toBeVisible();
  await expect(stages.getByRole('button', { name: 'New', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await why.getByLabel('Reason lost').selectOption('price');
  await why.getByLabel('Detail').fill('Cheaper with their bank');
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expectToast(page, 'Success!');
  await expect(lost).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'At a glance' })).toContainText('Price: Cheaper with their bank');
  const outcome = page.getByRole('region', { name: 'Outcome' });
  await expect(outcome.getByLabel('Reason lost')).toHaveValue('price');
  await expectNoAxeViolations(page, 'lost quote with its reason');
});

test("a callback's timeline: its mails, a step marked done with what came of it and the next one booked in one save; Delete under More actions", async ({
  page,
  request,
}) => {
  const name = `Fionn Timeline ${run}`;
  await sendCallback(request, name, 7);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The timeline, under what the customer asked (a callback says little; the owner and next step are beside
  // them): received, and the mail the request sent, linked to its page.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Callback received from the website');
  const mail = timeline.getByRole('link', { name: /Callback request|callback/i }).first();
  await expect(mail).toHaveAttribute('href', /^\/admin\/mail\/view\/[0-9a-f-]{36}$/);
  await expect(timeline.locator('.rt-entry-mail').first()).toContainText(/Queued|Sent|Failed/);
  const main = (await page.locator('.bo-detail > .bo-stack').boundingBox())!;
  const feed = (await timeline.boundingBox())!;
  expect(feed.y).toBeGreaterThan(main.y + main.height - 1);
  expect(feed.x + feed.width).toBeLessThanOrEqual(main.x + main.width + 1);

  // Book a step, then mark it done, say what came of it and book the next: one save.
  const nextStep = page.getByRole('region', { name: 'Next step' });
  await nextStep.getByRole('button', { name: 'Book the next step' }).click();
  await nextStep.getByLabel('What happens next').fill('Ring about the Transit');
  await nextStep.getByRole('button', { name: 'Save next step' }).click();
  await expectToast(page, 'Success!');
  await expect(nextStep.locator('.ns-step')).toHaveText('Ring about the Transit');
  // One text box and two actions: Mark done keeps the note as what came of the step.
  await expect(nextStep.getByRole('textbox')).toHaveCount(1);
  await nextStep.getByLabel('Note', { exact: true }).fill('Wants two vans covered');
  // Booking the next one is folded behind "More step actions" until asked for, then takes the focus.
  const booking = nextStep.getByRole('group', { name: 'Book the next step' });
  await expect(booking).toHaveCount(0);
  await nextStep.getByRole('button', { name: 'More step actions' }).click();
  await page.getByRole('menuitem', { name: 'Book the next step with it' }).click();
  await expect(booking.getByLabel('What happens next')).toBeFocused();
  await booking.getByLabel('What happens next').fill('Send the Aviva price');
  await expect(nextStep.getByRole('button', { name: 'Mark done', exact: true })).toHaveCount(0);
  await nextStep.getByRole('button', { name: 'Mark done and book next' }).click();
  await expectToast(page, 'Success!');
  await expect(nextStep.locator('.ns-step')).toHaveText('Send the Aviva price');
  await expect(timeline).toContainText('marked done: Ring about the Transit');
  await expect(timeline).toContainText('Wants two vans covered');
  await expect(timeline).toContainText('booked the next step: Send the Aviva price');
  await expect(timeline.locator('.rt-entry').first()).toContainText('Send the Aviva price');
  await expectNoAxeViolations(page, 'callback with its timeline');

  // The header's main action is Call; Delete waits in the More actions menu, with its confirmation.
  const header = page.locator('.bo-page-header');
  await expect(header.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Call', exact: true })).toHaveClass(/bo-button-primary/);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await header.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);

  // The dashboard's pipeline value, in euro with its counts.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${origin}/admin/dashboard`);
  const value = page.getByRole('region', { name: 'Pipeline value' });
  await expect(value).toContainText('Quoted this month');
  // One money format everywhere (src/lib/euro.ts): whole euros, cents only when there are some.
  await expect(value).toContainText(/€\d{1,3}(,\d{3})*(\.\d\d)?(?![\d.])/);
  await expect(value).toContainText(/\d+ requests?/);
});

test('on a phone a record keeps Call and Email at the thumb, its answers folded and the next step behind one button', async ({ page, request }) => {
  const name = `Aisling Phone ${run}`;
  await sendCallback(request, name, 8);
  const humanCheck = await solvedCheck(async (path) => (await request.get(`${origin}${path}`)).json());
  const created = await request.post(`${origin}/api/v1/quotes/van/create`, { data: { ...validAnswers.van, firstName: `Phone ${run}`, humanCheck } });
  expect(created.status(), await created.text()).toBe(201);
  const { lead } = (await created.json()) as { lead: { _id: string } };

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`${origin}/admin/contacts?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Callback received from the website');

  // The bar: Call and Email as links to ring and write, the header's own pair left to a desk.
  const bar = page.getByRole('region', { name: 'Quick actions' });
  await expect(bar.getByRole('link', { name: 'Call', exact: true })).toHaveAttribute('href', 'tel:0877654321');
  await expect(bar.getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:pipeline8.${run}@example.ie`);
  await expect(page.locator('.bo-page-header').getByRole('link', { name: 'Call', exact: true })).toBeHidden();
  // Fixed at the foot of the window; the page's last lines scroll clear of it.
  const barBox = (await bar.boundingBox())!;
  expect(Math.round(barBox.y + barBox.height)).toBe(844);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await timeline.boundingBox())!.y + (await timeline.boundingBox())!.height).toBeLessThanOrEqual(barBox.y);

  // The status is the stage bar's alone: the bar repeats no way to it.
  await expect(bar.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'New', exact: true })).toBeAttached();

  // The next step's form waits behind its button; Cancel folds it and gives the button the focus back.
  const nextStep = page.getByRole('region', { name: 'Next step' });
  await expect(nextStep.getByLabel('What happens next')).toHaveCount(0);
  const book = nextStep.getByRole('button', { name: 'Book the next step' });
  await book.click();
  await expect(nextStep.getByLabel('What happens next')).toBeFocused();
  await nextStep.getByRole('button', { name: 'Cancel' }).click();
  await expect(nextStep.getByLabel('What happens next')).toHaveCount(0);
  await expect(book).toBeFocused();
  await expectNoAxeViolations(page, 'callback at 390 px');

  // A quote: every group of answers folded under its title, At a glance opening the one it jumps to.
  await page.goto(`${origin}/admin/quotes/view/${lead._id}`);
  const answers = page.locator('.bo-detail > .bo-stack .bo-answers');
  await expect(answers.first()).toBeVisible();
  expect(await answers.count()).toBeGreaterThan(1);
  await expect(answers.getByRole('button', { expanded: true })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Sections of this request' }).getByRole('link').first().click();
  await expect(answers.first().getByRole('button', { expanded: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quick actions' }).getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:.+\?subject=VQ-/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'quote at 390 px');
});
