import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eBoardPort } from '../support/e2e-ports.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';
import { expectToast } from '../support/toast.ts';

/**
 * The Quotes board: quote requests sent through the public API, shown in their stages' columns
 * with counts and premiums; a card moved by keyboard through its ⋮ menu (toast, new column, kept
 * after a reload), by dragging, to Quoted through the premium and to Lost through the reason the
 * record page asks for, the premiums moving with it; the Table | Board switch keeping the
 * filters; the All, Mine and Overdue views in the address; a card opening its record wherever it
 * is clicked; each card's age, value, owner's initials and next step; one column at a time on
 * a phone, chosen with ARIA stage tabs; axe on each. On a server of its own (fresh
 * database, so the counts are exact; sign-in without two-factor).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'board-admin@shannon-insurance.ie', password: 'board e2e password' };
const VANS = ['Aoife Board', 'Brian Board', 'Ciara Board'];
const FLEET = 'Dingle Fleet Board Ltd';

serveOwnSite({ port: e2eBoardPort, database: 'e2e_lead_board', admin: ADMIN });

/** Reference of each request, by the name it was sent with. */
const references = new Map<string, string>();

async function sendQuote(request: APIRequestContext, kind: 'van' | 'fleet', answers: Record<string, unknown>, name: string) {
  const humanCheck = await solvedCheck(async (path) => (await request.get(path)).json());
  const res = await request.post(`/api/v1/quotes/${kind}/create`, { data: { ...answers, humanCheck } });
  expect(res.status(), await res.text()).toBe(201);
  references.set(name, ((await res.json()) as { lead: { reference: string } }).lead.reference);
}

test.beforeAll(async ({ request }) => {
  for (const name of VANS) {
    const [firstName, lastName] = name.split(' ');
    await sendQuote(request, 'van', { ...validAnswers.van, firstName, lastName }, name);
  }
  await sendQuote(request, 'fleet', { ...validAnswers.fleet, businessName: FLEET }, FLEET);
});

const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage}\\b`) });
const card = (where: Locator, name: string) => where.getByRole('listitem').filter({ has: where.page().getByRole('link', { name: new RegExp(name) }) });
const menuButton = (where: Locator, name: string) => card(where, name).getByRole('button', { name: `Options for ${references.get(name)}` });

/** The column's heading says its name, count and, once there are any, premiums ("Won 1 quote · €1,250.50 in premiums", shown as "1 · €1,250.50"). */
async function expectCount(page: Page, stage: string, count: number, premiums?: string) {
  await expect(column(page, stage).getByRole('heading', { level: 2 })).toHaveText(
    `${stage} ${count} ${count === 1 ? 'quote' : 'quotes'}${premiums ? ` · ${premiums} in premiums` : ''}`,
  );
}

test('the Table | Board switch opens the board: counts, a card, a move by keyboard kept after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInWithoutTwoFactor(page, ADMIN);
  await page.goto('/admin/quotes');
  const layout = page.getByRole('navigation', { name: 'Layout' });
  await expect(layout.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'page');
  await layout.getByRole('link', { name: 'Board' }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/board$/);
  await expect(layout.getByRole('link', { name: 'Board' })).toHaveAttribute('aria-current', 'page');
  await expect(layout.getByRole('link', { name: 'Table' })).not.toHaveAttribute('aria-current');

  // Five columns in order, each with its count; the empty ones say what lands there.
  await expectCount(page, 'New', 4);
  for (const stage of ['Contacted', 'Quoted', 'Won', 'Lost']) await expectCount(page, stage, 0);
  expect(await page.locator('.board-column-name .bo-badge').allTextContents()).toEqual(['New', 'Contacted', 'Quoted', 'Won', 'Lost']);
  await expect(column(page, 'Won')).toContainText('Quotes that became policies land here.');

  // A card: reference and name linking to the record, its kind, nobody owning it yet.
  const fleet = card(column(page, 'New'), FLEET);
  await expect(fleet.getByRole('link')).toHaveAttribute('href', /\/admin\/quotes\/view\/[0-9a-f-]{36}$/);
  await expect(fleet.getByRole('link')).toHaveAccessibleName(`${references.get(FLEET)} ${FLEET}`);
  await expect(fleet).toContainText('Fleet');
  await expect(fleet).toContainText('Unassigned');
  // What a broker scans for: how long it has waited, and its value (the fleet's current premium, from its form, marked so).
  await expect(fleet.locator('.board-card-age')).toHaveText('Received today');
  await expect(fleet.locator('.board-card-premium')).toHaveText('€14,500 current');
  // The newest first: the fleet request was sent last.
  await expect(column(page, 'New').getByRole('listitem').first()).toContainText(FLEET);
  // All five columns fit at 1366 px: neither the page nor the board scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await expect(page.locator('.board')).not.toHaveAttribute('data-scrolls');
  await expectNoAxeViolations(page, 'quotes board');

  // By keyboard alone: the card's ⋮ menu, its first choice (Contacted), Enter.
  const aoife = menuButton(column(page, 'New'), VANS[0]!);
  await aoife.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Options for ${references.get(VANS[0]!)}` });
  await expect(menu.getByRole('menuitem')).toHaveText(['Move to Contacted', 'Move to Quoted', 'Move to Won', 'Move to Lost']);
  await expect(menu.getByRole('menuitem', { name: 'Move to Contacted' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Success!', '1 request updated.');
  await expect(card(column(page, 'Contacted'), VANS[0]!)).toBeVisible();
  await expect(card(column(page, 'New'), VANS[0]!)).toHaveCount(0);
  await expectCount(page, 'New', 3);
  await expectCount(page, 'Contacted', 1);
  // The focus follows the card to its new column.
  await expect(menuButton(column(page, 'Contacted'), VANS[0]!)).toBeFocused();

  await page.reload();
  await expectCount(page, 'Contacted', 1);
  await expect(card(column(page, 'Contacted'), VANS[0]!)).toBeVisible();
});

test('a card dragged to another column moves; a move to Lost asks why first, Escape leaving it where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithoutTwoFactor(page, ADMIN);
  await page.goto('/admin/quotes/board');
  await expectCount(page, 'New', 3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // A pointer's way: drag the card onto the Contacted column.
  await card(column(page, 'New'), VANS[1]!).dragTo(column(page, 'Contacted'));
  await expectToast(page, 'Success!', '1 request updated.');
  await expect(card(column(page, 'Contacted'), VANS[1]!)).toBeVisible();
  await expectCount(page, 'Contacted', 2);

  // Lost asks why: a dialog named by its question, focus in its first field; Escape saves nothing.
  const ciara = menuButton(column(page, 'New'), VANS[2]!);
  await ciara.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Move to Lost' })).toBeFocused();
  await page.keyboard.press('Enter');
  const why = page.getByRole('dialog', { name: 'Why was it lost?' });
  await expect(why).toBeVisible();
  await expect(why.getByLabel('Reason lost')).toBeFocused();
  await expectNoAxeViolations(page, 'quotes board, asking why a quote was lost');
  await page.keyboard.press('Escape');
  await expect(why).toHaveCount(0);
  await expect(ciara).toBeFocused();
  await expect(card(column(page, 'New'), VANS[2]!)).toBeVisible();
  await expectCount(page, 'Lost', 0);

  // Again, with a reason: saved, the card in Lost.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move to Lost' }).click();
  await why.getByLabel('Reason lost').selectOption('price');
  await why.getByLabel('Detail').fill('Cheaper with their bank');
  await why.getByRole('button', { name: 'Mark lost' }).click();
  await expectToast(page, 'Success!');
  await expect(why).toHaveCount(0);
  await expect(card(column(page, 'Lost'), VANS[2]!)).toBeVisible();
  await expectCount(page, 'Lost', 1);
  await expectCount(page, 'New', 1);
  await page.reload();
  await expect(card(column(page, 'Lost'), VANS[2]!)).toBeVisible();

  // Quoted asks the premium; the column then adds it up (to the euro), and it moves with the card.
  await menuButton(column(page, 'Contacted'), VANS[1]!).click();
  await page.getByRole('menuitem', { name: 'Move to Quoted' }).click();
  const price = page.getByRole('dialog', { name: 'What was it quoted?' });
  await price.getByLabel('Premium (€)').fill('1250.50');
  await price.getByLabel('Insurer').fill('Aviva');
  await price.getByRole('button', { name: 'Mark quoted' }).click();
  await expect(price).toHaveCount(0);
  const brian = card(column(page, 'Quoted'), VANS[1]!);
  await expect(brian).toContainText('€1,250.50');
  await expectCount(page, 'Quoted', 1, '€1,250.50');
  await brian.dragTo(column(page, 'Won'));
  await expectToast(page, 'Success!', '1 request updated.');
  await expectCount(page, 'Won', 1, '€1,250.50');
  await expectCount(page, 'Quoted', 0);
  // The sum is the server's, over the whole stage: the same after a reload.
  await page.reload();
  await expectCount(page, 'Won', 1, '€1,250.50');

  // The filters the list and the board share travel with the switch.
  await page.goto('/admin/quotes/board?kind=fleet');
  await expectCount(page, 'New', 1);
  await expectCount(page, 'Contacted', 0);
  await page.getByRole('navigation', { name: 'Layout' }).getByRole('link', { name: 'Table' }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\?kind=fleet$/);
  await expect(page.getByLabel('Kind')).toHaveValue('fleet');
});

test('on a phone the board shows one column at a time, chosen with stage tabs and their counts', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithoutTwoFactor(page, ADMIN);
  await page.goto('/admin/quotes/board');
  const tabs = page.getByRole('tablist', { name: 'Stages' });
  await expect(tabs.getByRole('tab')).toHaveText(['New1', 'Contacted1', 'Quoted0', 'Won1', 'Lost1']);
  const tab = (name: string) => tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab('New')).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: /^New/ });
  await expect(panel.getByRole('region', { name: /^(New|Contacted|Quoted|Won|Lost)\b/ })).toHaveCount(1);
  await expect(card(column(page, 'New'), FLEET)).toBeVisible();
  // Arrow keys move along the tabs, choosing as they go; only the chosen one is in the tab order.
  await tab('New').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Contacted')).toBeFocused();
  await expect(tab('Contacted')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('New')).toHaveAttribute('tabindex', '-1');
  await expect(card(column(page, 'Contacted'), VANS[0]!)).toBeVisible();
  await expect(column(page, 'New')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(tab('Lost')).toBeFocused();
  await expect(card(column(page, 'Lost'), VANS[2]!)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('New')).toBeFocused();
  await tab('Contacted').click();
  await expect(page.getByRole('tabpanel', { name: /^Contacted/ })).toBeVisible();
  // The tabs scroll within their own row: neither they nor the page are wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const row = (await tabs.boundingBox())!;
  expect(row.x + row.width).toBeLessThanOrEqual(390);
  const box = (await column(page, 'Contacted').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'quotes board at 390 px');
});

test('the All, Mine and Overdue views narrow the board and travel in the address; a click anywhere on a card opens it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInWithoutTwoFactor(page, ADMIN);
  // The fleet request is the admin's own; Aoife's next step was due three days ago.
  const me = ((await (await page.request.get('/api/v1/auth/loggedin')).json()) as { user: { _id: string } }).user._id;
  const { leads } = (await (await page.request.get('/api/v1/quotes?page_size=100')).json()) as { leads: { _id: string; name: string }[] };
  const idOf = (name: string) => leads.find((lead) => lead.name === name)!._id;
  expect((await page.request.put(`/api/v1/quotes/update/${idOf(FLEET)}`, { data: { ownerId: me } })).status()).toBe(200);
  const due = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const step = { nextStep: 'Ring about the quote', nextStepDue: due };
  expect((await page.request.put(`/api/v1/quotes/next-step/${idOf(VANS[0]!)}`, { data: step })).status()).toBe(200);

  await page.goto('/admin/quotes/board');
  const views = page.getByRole('group', { name: 'Views' });
  await expect(views.getByRole('button')).toHaveText(['All', 'Mine 1', 'Overdue 1']);
  await expect(views.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expectCount(page, 'New', 1);

  await views.getByRole('button', { name: /^Mine/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/board\\?owner=${me}$`));
  await expect(views.getByRole('button', { name: /^Mine/ })).toHaveAttribute('aria-pressed', 'true');
  await expectCount(page, 'New', 1);
  await expectCount(page, 'Contacted', 0);
  await expect(card(column(page, 'New'), FLEET)).toContainText('Site Administrator');
  await expect(card(column(page, 'New'), FLEET).locator('.bo-avatar')).toHaveAttribute('data-initials', 'SA');

  await views.getByRole('button', { name: /^Overdue/ }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/board\?due=overdue$/);
  await expectCount(page, 'New', 0);
  await expectCount(page, 'Contacted', 1);
  // The card says the step itself, cut to one line, and that it is overdue; the owner shows as initials.
  const aoife = card(column(page, 'Contacted'), VANS[0]!);
  await expect(aoife.locator('.board-card-step')).toHaveAttribute('title', 'Ring about the quote');
  await expect(aoife.locator('.board-card-step')).toContainText('Ring about the quote');
  await expect(aoife.locator('.board-card-step .bo-badge-danger')).toHaveText('overdue');
  await expectNoAxeViolations(page, 'quotes board, Overdue view');
  // A bookmark of the view opens it again.
  await page.reload();
  await expect(views.getByRole('button', { name: /^Overdue/ })).toHaveAttribute('aria-pressed', 'true');
  await expectCount(page, 'Contacted', 1);

  await views.getByRole('button', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/board$/);
  await expectCount(page, 'Won', 1, '€1,250.50');

  // The card opens its record from its muted line too, not only from its reference.
  const fleet = card(column(page, 'New'), FLEET);
  const meta = (await fleet.locator('.board-card-meta').boundingBox())!;
  const box = (await fleet.boundingBox())!;
  await fleet.click({ position: { x: meta.x - box.x + 4, y: meta.y - box.y + 4 } });
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/view/${idOf(FLEET)}$`));
});
