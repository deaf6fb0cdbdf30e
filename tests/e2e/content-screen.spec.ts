import { expect, type Locator, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { e2eContentPort } from '../support/e2e-ports.ts';
import { serveOwnSite } from '../support/own-server.ts';
import { signInWithoutTwoFactor } from '../support/sign-in.ts';

/**
 * The Content screen as staff use it: change the home page's headline, publish, and the new
 * headline is in the HTML of `/` (a plain GET, no JavaScript) within a minute, without a
 * restart; a value holding a script tag is text on the page; a build that fails (content a page
 * needs was deleted) says why and leaves the previous site serving.
 *
 * It runs its own server (the built site, a fresh database) with two-factor sign-in off: the
 * shared end-to-end server's administrator goes through two-factor setup in admin.spec.ts, in an
 * order this file cannot know. Its port is the suite's base + 2.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PORT = e2eContentPort;
const ADMIN = { email: 'content-editor@shannon-insurance.ie', password: 'content screen password' };
/** The promise: a publish is on the site within a minute. */
const LIVE_WITHIN_MS = 60_000;

serveOwnSite({ port: PORT, database: 'e2e_content', admin: ADMIN });

async function signIn(page: Page) {
  await signInWithoutTwoFactor(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/user$/);
}

/** The page editor's preview: a site page in a frame that is built again after each save. */
const PREVIEW_FRAME = 'iframe[title="The page with your saved changes"]';

/** The Administrators' structure view: the content's sections and elements as a tree. */
async function openContentScreen(page: Page) {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Structure', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/structure$/);
  await expect(page.getByRole('heading', { name: 'Structure', level: 1 })).toBeVisible();
}

/** The page editor of a page, from the list of pages. */
async function openPageEditor(page: Page, name: string) {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Pages', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  // The whole list is grouped by kind of page: one table and one header, each kind a group of rows under its name.
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(page.getByRole('columnheader', { name: 'Page', exact: true })).toHaveCount(1);
  await expect(page.getByRole('rowgroup', { name: 'Quote forms' }).getByRole('link', { name: 'Van quote', exact: true })).toBeVisible();
  // Found by its name, as staff find one of a few dozen pages: the list narrows to it, the address keeps the search.
  await page.getByRole('form', { name: 'Search pages' }).getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`/admin/content\\?q=${encodeURIComponent(name).replaceAll('%20', '\\+')}$`));
  await expect(page.locator('.bo-list').getByRole('link', { name: 'Home', exact: true })).toHaveCount(name === 'Home' ? 1 : 0);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The titles of a list editor's entries, in order. */
const titles = (within: Locator) =>
  within.getByLabel('Title', { exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

const tree = (page: Page) => page.getByRole('navigation', { name: 'Pages and their sections' });

/** Opens Home/Hero, the home page's first block (seeded on a fresh install). */
async function openHero(page: Page) {
  // The tree shows a page's blocks once the page is open.
  await tree(page)
    .getByRole('button', { name: /^Home\b/ })
    .click();
  await expect(tree(page).getByRole('button', { name: /^Home\b/ })).toHaveAttribute('aria-expanded', 'true');
  const hero = tree(page).getByRole('button', { name: /^Hero\b/ });
  await expect(hero).toBeVisible();
  await hero.click();
  await expect(page.getByRole('heading', { name: 'Home / Hero', level: 2 })).toBeFocused();
}

/** Saves a new value of the hero's Heading, checking Save's progress and the draft state. */
async function saveHeadline(page: Page, headline: string) {
  const heading = page.getByRole('article', { name: /^Heading/ });
  // Folded to its name and value, as the section's shape; Edit opens its editor in place.
  await expect(heading.getByRole('button', { name: 'Edit Heading' })).toHaveAttribute('aria-expanded', 'false');
  await heading.getByRole('button', { name: 'Edit Heading' }).click();
  await heading.getByLabel('Heading', { exact: true }).fill(headline);
  const save = heading.getByRole('button', { name: 'Save Heading' });
  await save.click();
  await expect(heading.getByText('Not yet published')).toBeVisible();
  await expect(save).toBeHidden();
  return heading;
}

/** Publishes and follows the build on screen until it is live (or failed); answers the status line. */
async function publish(page: Page) {
  const status = page.getByRole('region', { name: 'Publishing' }).getByRole('status');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(status).toContainText(/Queued|Building|Live since|failed/);
  await expect(status).toContainText(/Live since|The build failed/, { timeout: LIVE_WITHIN_MS * 2 });
  return status;
}

test('staff build a section tree, add elements of several types (created once however often Create is pressed), reorder list entries by keyboard, restore an earlier value, and delete with the cascade confirmation', async ({
  page,
}) => {
  const creates: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/v1/cms/element/create')) creates.push(sent.postData() ?? '');
  });
  const live = page.locator('.content-screen > [aria-live="polite"]');
  await openContentScreen(page);

  // Sections: one at the top, one inside it (the open section is the default parent).
  const newSection = page.getByRole('form', { name: 'Create a section' });
  await newSection.getByLabel('Section name').fill('Careers page');
  await newSection.getByLabel('Inside').selectOption({ label: 'Nothing: a page of its own' });
  await newSection.getByRole('button', { name: 'Create the section' }).click();
  await expect(page.getByRole('heading', { name: 'Careers page', level: 2 })).toBeFocused();
  await newSection.getByLabel('Section name').fill('Openings');
  await expect(newSection.getByLabel('Inside')).toHaveValue(/.+/);
  await newSection.getByRole('button', { name: 'Create the section' }).click();
  await expect(page.getByRole('heading', { name: 'Careers page / Openings', level: 2 })).toBeFocused();

  // Markdown, previewed by the server's own sanitiser.
  const add = page.getByRole('form', { name: 'Add a field' });
  await add.getByLabel('Field name').fill('Intro');
  await add.getByLabel('Kind of content').selectOption({ label: 'Markdown' });
  await add.getByLabel('Content (Markdown)').fill('**Join us** on the road <script>alert(1)</script>');
  await add.getByRole('button', { name: 'Preview', exact: true }).click();
  const markdownPreview = add.getByRole('region', { name: 'Preview of Content' });
  await expect(markdownPreview.locator('strong')).toHaveText('Join us');
  await expect(markdownPreview.locator('script')).toHaveCount(0);
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(page.getByRole('article', { name: /^Intro/ })).toBeVisible();

  // A link: the spec's 'Invalid URL' until the address is one.
  await add.getByLabel('Field name').fill('Apply link');
  await add.getByLabel('Kind of content').selectOption({ label: 'Link' });
  await add.getByLabel('Web address').fill('javascript:alert(1)');
  await add.getByLabel('Link text').fill('Apply now');
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(add.getByText('Invalid URL')).toBeVisible();
  await add.getByLabel('Web address').fill('/careers');
  await add.getByRole('button', { name: 'Add the field' }).click();
  await expect(page.getByRole('article', { name: /^Apply link/ })).toBeVisible();

  // A list: entries added, filled, and reordered with the keyboard; each move is announced.
  await add.getByLabel('Field name').fill('Roles');
  await add.getByLabel('Kind of content').selectOption({ label: 'List of entries' });
  await add.getByRole('button', { name: 'Add an entry' }).click();
  await expect(add.getByLabel('Title', { exact: true }).first()).toBeFocused();
  await page.keyboard.type('Van driver');
  await add.getByRole('button', { name: 'Add an entry' }).click();
  // The new entry takes the focus on the next frame: typed before that, the space of 'Claims
  // handler' would press the focused Add button again (a third entry, which failed a CI pass).
  await expect(add.getByLabel('Title', { exact: true }).nth(1)).toBeFocused();
  await page.keyboard.type('Claims handler');
  const moveUp = add.getByRole('button', { name: 'Move up entry 2' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Entry 2 moved to position 1 of 2.');
  await expect(add.getByRole('button', { name: 'Move down entry 1' })).toBeFocused();
  expect(await titles(add)).toEqual(['Claims handler', 'Van driver']);
  await expectNoAxeViolations(page, 'Content screen, adding a list element');
  // Pressed twice at once: one create is sent, one element made.
  const before = creates.length;
  await add.getByRole('button', { name: 'Add the field' }).dblclick();
  await expect(page.getByRole('article', { name: /^Roles/ })).toHaveCount(1);
  expect(creates.length - before).toBe(1);
  const roles = page.getByRole('article', { name: /^Roles/ });
  await expect(roles).toContainText('2 entries: Claims handler…');
  await roles.getByRole('button', { name: 'Edit Roles' }).click();
  expect(await titles(roles)).toEqual(['Claims handler', 'Van driver']);

  // An element's earlier value, restored from its history.
  const intro = page.getByRole('article', { name: /^Intro/ });
  await intro.getByRole('button', { name: 'Edit Intro' }).click();
  await intro.getByLabel('Intro (Markdown)').fill('We are hiring drivers.');
  await intro.getByRole('button', { name: 'Save Intro' }).click();
  await expect(intro.getByRole('button', { name: 'Save Intro' })).toBeHidden();
  // Save shows while there is a change; History, Move and Delete wait in the element's menu.
  await intro.getByRole('button', { name: 'Options for Intro' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await intro.getByRole('button', { name: 'Restore this value of Intro' }).click();
  await expect(intro.getByLabel('Intro (Markdown)')).toHaveValue('**Join us** on the road <script>alert(1)</script>');

  // Rename, then move under another top section, then reorder the top sections.
  const settings = () => page.getByText('Rename, move or delete this section');
  await settings().click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Vacancies');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Careers page / Vacancies', level: 2 })).toBeVisible();
  await newSection.getByLabel('Section name').fill('About page');
  await newSection.getByLabel('Inside').selectOption({ label: 'Nothing: a page of its own' });
  await newSection.getByRole('button', { name: 'Create the section' }).click();
  // Only the open page's sections show in the tree: open Careers page to reach Vacancies.
  await expect(tree(page).getByRole('button', { name: /^Vacancies\b/ })).toHaveCount(0);
  await expect(tree(page).getByRole('button', { name: /^Careers page · 1 section\b/ })).toHaveAttribute('aria-expanded', 'false');
  await tree(page)
    .getByRole('button', { name: /^Careers page\b/ })
    .click();
  await tree(page)
    .getByRole('button', { name: /^Vacancies\b/ })
    .click();
  await settings().click();
  await page.getByRole('combobox', { name: 'Inside' }).last().selectOption({ label: 'About page' });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'About page / Vacancies', level: 2 })).toBeVisible();
  await tree(page)
    .getByRole('button', { name: /^About page\b/ })
    .click();
  await settings().click();
  // The names as read (the icons' markup adds white space to the text content).
  const topNames = async () =>
    (await tree(page).locator(':scope > ul > li > button').allTextContents()).map((text) => text.replace(/\s*\d+\s*fields?$/, '').trim());
  const order = await topNames();
  await page.getByRole('button', { name: 'Move up About page among its neighbours' }).click();
  await expect.poll(topNames).not.toEqual(order);
  expect((await topNames()).indexOf('About page')).toBe(order.indexOf('About page') - 1);

  // Delete a section holding a section and three elements: 'Are you sure?', then the explicit cascade.
  await page.getByRole('button', { name: 'Delete the section' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog.getByRole('heading', { name: 'Delete everything inside?' })).toBeVisible();
  await expect(dialog).toContainText('About page holds 1 section and 3 fields.');
  await dialog.getByRole('button', { name: 'Yes, delete them all' }).click();
  await expectToast(page, 'Deleted!');
  await expect(tree(page).getByRole('button', { name: /^About page\b/ })).toHaveCount(0);
  await expect(tree(page).getByRole('button', { name: /^Vacancies\b/ })).toHaveCount(0);

  // The screen fits a phone: nothing wider than a 390 px window.
  await page.setViewportSize({ width: 390, height: 844 });
  await tree(page)
    .getByRole('button', { name: /^Careers page\b/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Careers page', level: 2 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('staff change the home headline by clicking it on the page editor’s preview; after Publish, a plain GET of / has it within a minute', async ({
  page,
  request,
}) => {
  await openPageEditor(page, 'Home');
  await expectNoAxeViolations(page, 'page editor', { exclude: [PREVIEW_FRAME] });
  // The preview is the page itself, built from the saved drafts; its texts are targets.
  const preview = page.frameLocator('iframe[title="The page with your saved changes"]');
  await preview.locator('h1 [data-content-key]').click({ timeout: 60_000 });
  const field = page.getByLabel('Heading', { exact: true }).first();
  await expect(field).toBeFocused();

  const before = await (await request.get('/')).text();
  const headline = `Vans on the road by Monday ${Date.now()}`;
  expect(before).not.toContain(headline);
  await field.fill(headline);
  // On the preview as it is typed, then saved as a draft once typing pauses.
  await expect(preview.locator('h1')).toHaveText(headline);
  await expect(page.getByText('Saved as a draft').first()).toBeVisible();
  await expect(page.getByText('Not yet published', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'page editor with a draft', { exclude: [PREVIEW_FRAME] });

  // Nothing reaches the site before Publish.
  expect(await (await request.get('/')).text()).not.toContain(headline);

  const published = Date.now();
  const status = await publish(page);
  await expect(status).toContainText('Live since');
  await expect
    .poll(async () => (await request.get('/', { headers: { 'cache-control': 'no-cache' } })).text(), {
      timeout: LIVE_WITHIN_MS - (Date.now() - published),
      intervals: [500],
    })
    .toContain(headline);
  const took = Date.now() - published;
  expect(took).toBeLessThan(LIVE_WITHIN_MS);
  // The published page carries none of the preview's content markers, though the same builder made the preview.
  expect(await (await request.get('/')).text()).not.toMatch(/[\u2063\u2064]/);
  test.info().annotations.push({ type: 'publish to new headline in GET /', description: `${(took / 1000).toFixed(1)} s` });
  console.log(`Publish to the new headline in GET /: ${(took / 1000).toFixed(1)} s`);
  await expect(page.getByRole('region', { name: 'Publishing' })).toContainText('Every saved change is live.');
});

test('a click on a card of the preview opens its entry at the words clicked; the icon is chosen by sight and entries move by keyboard', async ({ page }) => {
  await openPageEditor(page, 'Home');
  const preview = page.frameLocator(PREVIEW_FRAME);
  // The card's link covers the card; the words under the pointer are still the ones opened.
  await preview.locator('main [data-content-key]', { hasText: 'Fleet insurance' }).first().click({ timeout: 60_000 });
  const cards = page.getByRole('group', { name: 'Cards' });
  const fleet = cards.getByRole('button', { name: /^Fleet insurance\W+entry 2 of \d+$/ });
  await expect(fleet).toHaveAttribute('aria-expanded', 'true');
  await expect(cards.getByLabel('Title', { exact: true }).nth(1)).toBeFocused();
  await expect(cards.getByLabel('Title', { exact: true }).nth(1)).toHaveValue('Fleet insurance');
  // Entries that were not clicked stay folded to their titles.
  await expect(cards.getByRole('button', { name: /^Van insurance\W+entry 1 of/ })).toHaveAttribute('aria-expanded', 'false');

  await cards.getByRole('button', { name: 'Change icon' }).click();
  const bus = cards.getByRole('radio', { name: 'Bus', exact: true });
  await bus.check();
  await expect(bus).toBeChecked();
  await expect(page.getByText('Saved as a draft').first()).toBeVisible();
  await expectNoAxeViolations(page, 'page editor, a list entry open', { exclude: [PREVIEW_FRAME] });

  await cards.getByRole('button', { name: 'Move up entry 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.bo-page-editor-screen > [aria-live="polite"]')).toHaveText(/^Entry 2 moved to position 1 of \d+\.$/);
  await expect(cards.getByRole('button', { name: 'Move down entry 1' })).toBeFocused();
  expect((await titles(cards)).slice(0, 2)).toEqual(['Fleet insurance', 'Van insurance']);
  // Back as it was, so the other tests see the seeded page.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await titles(cards)).slice(0, 2)).toEqual(['Van insurance', 'Fleet insurance']);
  await expect(page.getByText('Saved as a draft').first()).toBeVisible();
});

test('a page’s text is written visually: a word made bold with the toolbar is saved as a draft, and is **bold** in its Markdown', async ({ page }) => {
  await openPageEditor(page, 'Contact thank you');
  const more = page.getByRole('region', { name: 'Boxes: More' });
  await more.getByRole('button', { name: /^More\b/ }).click();
  // The visual editor, named as the field is, editable once it is known to show the text whole.
  const text = more.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toHaveAttribute('contenteditable', 'true', { timeout: 30_000 });
  await expect(more.getByRole('group', { name: 'Write Text as' }).getByRole('button', { name: 'Visual' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'page editor, a text in the visual editor', { exclude: [PREVIEW_FRAME] });

  // The preview has loaded the page before the change, as a person sees it before editing.
  await expect(page.frameLocator(PREVIEW_FRAME).getByText(/To report an accident/)).toBeVisible({ timeout: 30_000 });
  // The word chosen, then Bold on the toolbar.
  await text.focus();
  await text.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf('accident') ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'accident'.length);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      return;
    }
  });
  await more.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await expect(text.locator('strong')).toHaveText('accident');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('strong', { hasText: 'accident' })).toBeVisible();
  await expect(more.getByText('Saved as a draft')).toBeVisible();

  await more.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(more.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(/To report an \*\*accident\*\* or claim/);
  await expectNoAxeViolations(page, 'page editor, a text as Markdown', { exclude: [PREVIEW_FRAME] });
});

test('staff change the home picture by clicking it on the preview; the same upload is then a post’s cover from the library, and cannot be deleted while used', async ({
  page,
  request,
}, testInfo) => {
  // A real photograph-sized JPEG, as a camera or phone would give.
  const photo = testInfo.outputPath('yard-van.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7ca5' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="800"><rect x="300" y="380" width="600" height="240" rx="30" fill="#f4f6f8"/></svg>') }])
    .jpeg()
    .toFile(photo);

  await openPageEditor(page, 'Home');
  const preview = page.frameLocator('iframe[title="The page with your saved changes"]');
  // Until one is chosen, the page shows its own illustration, itself a target.
  await preview.locator('.hero-picture svg').click({ timeout: 60_000 });
  const field = page.locator('.bo-page-field[data-selected]');
  await expect(field.getByText('Picture', { exact: true })).toBeVisible();
  await field.locator('input[type="file"]').setInputFiles(photo);
  await field.getByLabel('Alt text', { exact: true }).fill('A white van in the yard');
  await expect(field.getByText('Saved as a draft')).toBeVisible({ timeout: 30_000 });
  // The preview is built again with the draft: the picture is the upload.
  await expect(preview.locator('.hero-picture img')).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/\d+\.jpg$/, { timeout: 60_000 });
  // Each save builds the preview again: the description typed after the upload is on it once saved.
  await expect(preview.locator('.hero-picture img')).toHaveAttribute('alt', 'A white van in the yard', { timeout: 60_000 });
  const src = (await preview.locator('.hero-picture img').getAttribute('src')) ?? '';
  const mediaId = src.split('/')[2]!;

  const status = await publish(page);
  await expect(status).toContainText('Live since');
  await expect
    .poll(async () => (await request.get('/', { headers: { 'cache-control': 'no-cache' } })).text(), { timeout: LIVE_WITHIN_MS, intervals: [500] })
    .toContain(`/media/${mediaId}/`);
  expect(await (await request.get('/')).text()).toContain('alt="A white van in the yard"');

  // The same upload, chosen from the library as a new post's cover; its alt text comes with it.
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill('Our new yard');
  await page.getByLabel('Body', { exact: true }).fill('We moved.');
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a cover image' });
  await expect(picker).toBeVisible();
  await expectNoAxeViolations(page, 'media picker');
  await picker.getByRole('button', { name: /yard-van\.jpg/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel('Alt text', { exact: true })).toHaveValue('A white van in the yard');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!');

  // The library says where it is used, and will not delete it.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Media', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'yard-van.jpg' }).click();
  await expect(page.getByRole('heading', { name: 'yard-van.jpg', level: 1 })).toBeVisible();
  const uses = page.getByRole('region', { name: 'Where it is used' });
  await expect(uses.getByRole('link', { name: 'Our new yard' })).toBeVisible();
  await expect(uses.getByRole('link', { name: 'Home / Hero / Picture' })).toBeVisible();
  // Delete is where it is on every record, the last of More actions: there, and not offered while used.
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'media detail');
  // Asked anyway (as the browser would send it), the server refuses.
  const refused = await page.evaluate(async (id) => {
    const res = await fetch(`/api/v1/media/delete/${id}`, { method: 'DELETE' });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }, mediaId);
  expect(refused).toEqual({
    status: 409,
    message: 'This upload is still used in 2 places. Replace it there, or choose another image for them, then delete it.',
  });
});

test('the structure view keeps each element’s history, and restores an earlier value', async ({ page }) => {
  await openContentScreen(page);
  await expect(tree(page).getByRole('button', { name: /^Home\b/ })).toBeVisible();
  await expectNoAxeViolations(page, 'structure view');
  await openHero(page);
  await expectNoAxeViolations(page, 'structure view, Home/Hero open');
  const heading = await saveHeadline(page, `A headline to take back ${Date.now()}`);
  // Who replaced the earlier value and when, with Restore beside it.
  await heading.getByRole('button', { name: 'Options for Heading' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = heading.getByRole('region', { name: 'History of Heading' });
  await expect(history.getByText(/^Replaced by Site Administrator on \d/).first()).toBeVisible();
  await expect(history.getByRole('button', { name: /^Restore/ }).first()).toBeEnabled();
  // The page itself is edited in the page editor.
  await page.getByRole('link', { name: 'Edit the page Home' }).click();
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});

test('a headline holding a script tag is text in the page, escaped in its HTML', async ({ page, request }) => {
  await openContentScreen(page);
  await openHero(page);
  const hostile = 'Cover that works <script>alert(1)</script>';
  await saveHeadline(page, hostile);
  await publish(page);
  await expect
    .poll(async () => (await request.get('/')).text(), { timeout: LIVE_WITHIN_MS, intervals: [500] })
    .toContain('Cover that works &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(await (await request.get('/')).text()).not.toContain('<script>alert(1)</script>');

  // And in a browser: shown as the words, never run.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile);
  expect(dialogs).toEqual([]);
});

test('renaming a published post sends its old address to the new one with a 301; a redirect staff add works on the served site', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill('Fleet renewal checklist');
  await page.getByLabel('Body', { exact: true }).fill('Drivers, vehicles, claims, use and security.');
  await page.locator('.bo-sticky-header').getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Ready to publish?' }).getByRole('button', { name: 'Publish now' }).click();
  await expectToast(page, 'Success!', 'The post has been published.');
  await page.getByRole('link', { name: 'Fleet renewal checklist', exact: true }).click();
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await page.getByRole('button', { name: /^Search and sharing/ }).click();
  await page.getByLabel('Address', { exact: true }).fill('fleet-renewal-checks-2027');
  await expect(page.getByText('Saving sends /blog/fleet-renewal-checklist here with a permanent redirect.')).toBeVisible();
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expectToast(page, 'Success!', 'The post has been saved.');

  const moved = await request.get('/blog/fleet-renewal-checklist', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/blog/fleet-renewal-checks-2027');
  await page.goto('/blog/fleet-renewal-checklist');
  await expect(page).toHaveURL(/\/blog\/fleet-renewal-checks-2027$/);
  await expect(page.getByRole('heading', { name: 'Fleet renewal checklist', level: 1 })).toBeVisible();

  // The Redirects screen lists the post's move, and takes one of staff's own.
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Redirects', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '/blog/fleet-renewal-checklist' })).toBeVisible();
  await expectNoAxeViolations(page, 'Redirects');
  await page.getByRole('main').getByRole('link', { name: 'New redirect', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Create a redirect', level: 1 })).toBeVisible();
  await page.getByLabel('Old address').fill('/van-offer');
  // Another site is refused in the form, in words, before anything is sent.
  await page.getByLabel('New address').fill('https://elsewhere.example/vans');
  await page.getByRole('button', { name: 'Create redirect' }).click();
  await expect(page.getByText('Redirects stay on this site: enter an address starting with /')).toBeVisible();
  await page.getByLabel('New address').fill('/van-insurance');
  await expectNoAxeViolations(page, 'Create a redirect');
  await page.getByRole('button', { name: 'Create redirect' }).click();
  await expectToast(page, 'Success!', 'Redirect created.');
  await expect(page).toHaveURL(/\/admin\/redirects$/);

  await page.goto('/van-offer?utm_source=flyer');
  await expect(page).toHaveURL(/\/van-insurance\?utm_source=flyer$/);
  await page.goto('/admin/redirects');
  const row = page.getByRole('row', { name: /\/van-offer/ });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});

test('staff give a product page its own search title, seen in a search result preview; after Publish the served HTML has it', async ({ page, request }) => {
  await openPageEditor(page, 'Van insurance');
  // The page's sections fold; the first is open, the others open by their headings.
  const searchSection = page.getByRole('button', { name: /^Search and sharing/ });
  await expect(searchSection).toHaveAttribute('aria-expanded', 'false');
  await searchSection.click();
  await expect(searchSection).toHaveAttribute('aria-expanded', 'true');
  // Checked before typing: a save rebuilds the preview, and axe would read the frame mid-swap.
  await expect(page.getByRole('region', { name: 'Search result preview' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="The page with your saved changes"]').locator('main')).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, 'page editor, search and sharing', { exclude: [PREVIEW_FRAME] });
  const title = `Van cover for Irish trades ${Date.now()}`;
  await page.getByLabel('Search title', { exact: true }).fill(title);
  // The search result preview shows it, with how much of it fits.
  const listing = page.getByRole('region', { name: 'Search result preview' });
  await expect(listing.getByText(title)).toBeVisible();
  await expect(listing).toContainText(`Title: ${title.length} of about 60 characters that fit.`);
  await expect(page.getByText('Saved as a draft').first()).toBeVisible();
  expect(await (await request.get('/van-insurance')).text()).not.toContain(title);

  // A canonical address: words that are no address are refused at the field; an address reaches the page's head.
  const canonical = page.getByLabel('Canonical address', { exact: true });
  await canonical.fill('the van page');
  await expect(page.getByText('Enter a path of this site (/van-insurance) or a web address (https://…), or leave it empty.')).toBeVisible();
  await expect(canonical).toHaveAttribute('aria-invalid', 'true');
  await canonical.fill('https://www.example.ie/vans');
  await expect(listing).toContainText('Search engines are told this page repeats https://www.example.ie/vans');
  await expect(page.frameLocator(PREVIEW_FRAME).locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.example.ie/vans', { timeout: 60_000 });
  // Taken back before publishing: every other test reads the page's own canonical address.
  await canonical.fill('');
  await expect(listing.getByRole('alert')).toHaveCount(0);
  await expect(listing).not.toContainText('Search engines are told');

  const status = await publish(page);
  await expect(status).toContainText('Live since');
  await expect
    .poll(async () => (await request.get('/van-insurance', { headers: { 'cache-control': 'no-cache' } })).text(), { timeout: LIVE_WITHIN_MS, intervals: [500] })
    .toContain(`<title>${title}</title>`);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/van-insurance</loc>');
});

test('a product page’s picture is a content image: a photo staff upload replaces its illustration, in AVIF and WebP at several widths', async ({
  page,
  request,
}, testInfo) => {
  const photo = testInfo.outputPath('van-at-work.jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5b7f95' } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1200"><rect x="400" y="560" width="800" height="320" rx="40" fill="#f4f6f8"/></svg>') }])
    .jpeg()
    .toFile(photo);
  expect(await (await request.get('/van-insurance')).text()).toContain('data-illustration="van-scene"');

  await openPageEditor(page, 'Van insurance');
  // The Intro is the first section, open, with its Picture.
  const field = page
    .locator('.bo-page-field')
    .filter({ has: page.getByText('Picture', { exact: true }) })
    .first();
  await field.locator('input[type="file"]').setInputFiles(photo);
  await field.getByLabel('Alt text', { exact: true }).fill('Our van outside a customer’s house');
  await expect(field.getByText('Saved as a draft')).toBeVisible({ timeout: 30_000 });
  // The preview is built again with the draft: the photo in place of the illustration, with its alt text once saved.
  const preview = page.frameLocator(PREVIEW_FRAME);
  await expect(preview.locator('.hero-picture img')).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/\d+\.jpg$/, { timeout: 60_000 });
  await expect(preview.locator('.hero-picture img')).toHaveAttribute('alt', 'Our van outside a customer’s house', { timeout: 60_000 });
  await expect(preview.locator('.hero-picture svg')).toHaveCount(0);

  const status = await publish(page);
  await expect(status).toContainText('Live since');
  await expect
    .poll(async () => (await request.get('/van-insurance', { headers: { 'cache-control': 'no-cache' } })).text(), { timeout: LIVE_WITHIN_MS, intervals: [500] })
    .toContain('alt="Our van outside a customer’s house"');
  const html = await (await request.get('/van-insurance')).text();
  // The hero's scene is gone; the spot beside "Who it is for" is its own slot, still drawn.
  expect(html).not.toContain('data-illustration="van-scene"');
  expect(html).toContain('data-illustration="van-spot"');
  const hero = html.slice(html.indexOf('class="hero page-hero"'), html.indexOf('</section>', html.indexOf('class="hero page-hero"')));
  expect(hero).toMatch(/<source type="image\/avif" srcset="\/media\/[0-9a-f-]{36}\/\d+\.avif \d+w, /);
  expect(hero).toMatch(/<source type="image\/webp" srcset="\/media\/[0-9a-f-]{36}\/\d+\.webp \d+w, /);

  // In a browser: beside the heading on a laptop, a wide strip after the buttons on a phone.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/van-insurance');
  const picture = page.locator('.page-hero img.hero-photo');
  await expect(picture).toBeVisible();
  const wide = await picture.boundingBox();
  expect(wide && wide.width / wide.height).toBeCloseTo(4 / 3, 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/van-insurance');
  await expect(page.getByRole('main').getByRole('link', { name: 'Get a van insurance quote' }).first()).toBeInViewport();
  const strip = await picture.boundingBox();
  expect(strip && strip.width / strip.height).toBeCloseTo(16 / 7, 1);
  await expectNoAxeViolations(page, '/van-insurance with a photo, on a phone');
});

test('a post keeps every save: staff compare an earlier one with the post now, and restore it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill('Winter driving checklist');
  // In the visual body, as in a word processor, a new line is a new paragraph.
  await page.getByLabel('Body', { exact: true }).fill('Check the tyres.\nCarry a torch.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!', 'The post has been created.');
  await page.getByRole('link', { name: 'Winter driving checklist', exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill('Winter driving checklist for vans');
  await page.getByLabel('Body', { exact: true }).fill('Check the tyres.\nCarry a torch and a blanket.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!', 'The post has been saved.');
  // The editor stays open after a save: the history is read afresh from the list.
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Posts', exact: true }).click();

  await page.getByRole('link', { name: 'Winter driving checklist for vans', exact: true }).click();
  // The history is among the post's settings.
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  const history = page.getByRole('region', { name: 'History' });
  // Folded under its heading, with how many saves it holds.
  await history.getByRole('button', { name: /^History\W+2 saves$/ }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('button', { name: 'Compare' }).click();
  await expect(history.locator('del', { hasText: 'Winter driving checklist' }).first()).toBeVisible();
  await expect(history.locator('ins', { hasText: 'Carry a torch and a blanket.' })).toBeVisible();
  await expectNoAxeViolations(page, 'post history compared');

  await history.getByRole('button', { name: 'Restore' }).click();
  // The confirmation: the modal dialog (the settings beside the writing are a dialog too, not modal).
  await page.locator('[role="dialog"][aria-modal="true"]').getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, 'Success!', 'The earlier version is restored.');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Winter driving checklist');
  // The body as it was: two paragraphs on screen, and the Markdown kept.
  await expect(page.getByRole('textbox', { name: 'Body', exact: true }).locator('p')).toHaveText(['Check the tyres.', 'Carry a torch.']);
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Check the tyres.\n\nCarry a torch.');
  await expect(history.getByRole('listitem')).toHaveCount(3);
});

test('a draft post shared by link is read signed out, its page only, until staff stop sharing', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill('Draft for the adviser');
  await page.getByLabel('Body', { exact: true }).fill('Words to check before they go out.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!', 'The post has been created.');
  await page.getByRole('link', { name: 'Draft for the adviser', exact: true }).click();
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();

  const sharing = page.getByRole('region', { name: 'Share a preview' });
  await sharing.getByRole('button', { name: 'Make a link' }).click();
  const link = sharing.getByLabel('Preview link');
  await expect(link).toHaveValue(/\/preview\/shared\/[A-Za-z0-9_-]{43}\/blog\/draft-for-the-adviser\/$/, { timeout: 120_000 });
  // The link carries the site's public address (SITE_URL); this server listens on a port of its own.
  const url = new URL(await link.inputValue()).pathname;
  await expectNoAxeViolations(page, 'post editor, a preview shared');

  // Someone without an account: the draft as readers will see it, asked not to be indexed, no editor's markers in it.
  const outsider = await browser.newContext();
  const reader = await outsider.newPage();
  const opened = await reader.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await expect(reader.getByRole('heading', { level: 1, name: 'Draft for the adviser' })).toBeVisible();
  await expect(reader.getByText('Words to check before they go out.')).toBeVisible();
  expect(await reader.content()).not.toMatch(/[\u2063\u2064]|data-content-key/);
  // Only the shared page: the other drafts built beside it are not in the link.
  expect((await reader.goto(url.replace(/\/blog\/[^/]+\/$/, '/van-insurance/')))?.status()).toBe(404);
  // The draft is still not public.
  expect((await reader.goto('/blog/draft-for-the-adviser'))?.url()).not.toContain('draft-for-the-adviser');

  await sharing.getByRole('button', { name: 'Stop sharing' }).click();
  await expectToast(page, 'Success!', 'The link no longer works.');
  const withdrawn = await reader.goto(url);
  expect(withdrawn?.status()).toBe(404);
  await expect(reader.getByText(/expired or was withdrawn/)).toBeVisible();
  await outsider.close();
});

test('while a cover is still uploading, saving waits and says why; the cover chosen is the one stored', async ({ page }, testInfo) => {
  const photo = testInfo.outputPath('slow-cover.jpg');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6f4f' } })
    .jpeg()
    .toFile(photo);
  await signIn(page);
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill('A cover sent slowly');
  await page.getByLabel('Body', { exact: true }).fill('Text.');
  // The cover is among the post's settings.
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  // The upload's data takes its time, as on a slow line.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await page.locator('#cover-file-input').setInputFiles(photo);
  const save = page.getByRole('button', { name: 'Save draft' });
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for the cover image to finish uploading…' })).toBeVisible();
  await expect(save).toBeDisabled();
  release();
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('Alt text', { exact: true }).fill('A green van');
  await save.click();
  await expectToast(page, 'Success!', 'The post has been created.');
  // Read as the signed-in editor (the post is a draft): the cover chosen is stored.
  const stored = await (await page.request.get('/api/v1/posts/get/a-cover-sent-slowly')).json();
  expect(stored.post.coverImage).toMatch(/^[0-9a-f-]{36}$/);
  expect(stored.post.coverAlt).toBe('A green van');
});

// Last: it leaves the home page unbuildable (its heading deleted), so no test after it can publish.
test('a build that fails says why on the Content screen, and the previous site keeps serving', async ({ page, request }) => {
  await openContentScreen(page);
  await openHero(page);
  const serving = await (await request.get('/')).text();
  expect(serving).toContain('Cover that works &lt;script&gt;');

  // The home page cannot be built without its heading: deleting it makes the next build fail.
  const heading = page.getByRole('article', { name: /^Heading/ });
  await heading.getByRole('button', { name: 'Options for Heading' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expectToast(page, 'Deleted!');
  await expect(page.getByRole('article', { name: /^Heading/ })).toHaveCount(0);

  const status = await publish(page);
  await expect(status).toContainText('The build failed');
  await expect(status).toContainText('The previous site is still serving');
  await expect(status).toContainText('Heading');
  expect(await (await request.get('/')).text()).toContain('Cover that works &lt;script&gt;');
});
