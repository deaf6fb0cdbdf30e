import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectToast } from '../support/toast.ts';
import { e2ePostEditorPort } from '../support/e2e-ports.ts';
import { serveOwnSite } from '../support/own-server.ts';

/**
 * The post editor as a writing surface: formatting that floats by selected words, the "/" menu
 * of blocks worked by keyboard, and a draft that saves itself a moment after typing stops
 * (and only a draft, and only what the schema accepts).
 *
 * Its own server with two-factor sign-in off, as content-screen.spec.ts has: the shared
 * server's administrator goes through two-factor setup in admin.spec.ts.
 */
// One server for the file, on one port: its tests run one after another.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = { email: 'post-editor@shannon-insurance.ie', password: 'post editor e2e password' };

serveOwnSite({ port: e2ePostEditorPort, database: 'e2e_post_editor', admin: ADMIN });

const body = (page: Page) => page.getByRole('textbox', { name: 'Body', exact: true });
const blocks = (page: Page) => page.getByRole('listbox', { name: 'Blocks to add' });
/** Autosave's status line, by Save. */
const autosaveNote = (page: Page) => page.locator('.bo-autosave[aria-live="polite"]');

/** Signs in, writes a draft titled `title` with one paragraph, and opens it in the editor. */
async function openNewDraft(page: Page, title: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await page.goto('/admin/posts/create');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await body(page).click();
  await page.keyboard.type('Bring your licence');
  // A new post saves only when asked.
  await expect(autosaveNote(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!', 'The post has been created.');
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit a post' })).toBeVisible();
  await expect(body(page)).toHaveAttribute('contenteditable', 'true');
}

test('the body has one toolbar row, its view switch at the end; words selected are styled from it, and blocks are added from the "/" menu by keyboard', async ({
  page,
}) => {
  await openNewDraft(page, 'Documents for your van insurance quote');
  const formatting = page.getByRole('toolbar', { name: 'Formatting' });
  const views = page.getByRole('group', { name: 'Show the body' });
  // One row, as Ghost's: the formatting, and Visual / Markdown / Preview at its end.
  const [tools, switcher] = await Promise.all([formatting.boundingBox(), views.boundingBox()]);
  expect(Math.abs(tools!.y + tools!.height / 2 - (switcher!.y + switcher!.height / 2))).toBeLessThanOrEqual(4);
  expect(switcher!.x).toBeGreaterThan(tools!.x + tools!.width - 1);

  // Select "licence": with the toolbar in sight no second bar floats by the words; the row's Bold makes them bold.
  const bubble = page.getByRole('toolbar', { name: 'Format the selection' });
  await body(page).getByText('Bring your licence').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'licence'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(formatting.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(bubble).toHaveCount(0);
  await formatting.getByRole('button', { name: 'Bold', exact: true }).click();
  await expect(body(page).locator('strong')).toHaveText('licence');
  await expect(formatting.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(bubble).toHaveCount(0);
  await body(page).locator('p').last().click();
  await page.keyboard.press('End');

  // "/" on a new line opens the blocks; the editor names the chosen one as the arrows move.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await expect(blocks(page)).toBeVisible();
  const options = blocks(page).getByRole('option');
  await expect(options).toHaveText(['Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Quote', 'Image from the library', 'Table', 'Divider']);
  await expect(body(page)).toHaveAttribute('aria-controls', 'body-blocks');
  await expect(body(page)).toHaveAttribute('aria-activedescendant', 'body-blocks-heading');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page, 'the "/" menu');
  await page.keyboard.press('ArrowDown');
  await expect(body(page)).toHaveAttribute('aria-activedescendant', 'body-blocks-subheading');
  await expect(blocks(page).getByRole('option', { name: 'Subheading' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(body(page)).toHaveAttribute('aria-activedescendant', 'body-blocks-divider');

  // Escape closes it and keeps the "/"; so does leaving the editor.
  await page.keyboard.press('Escape');
  await expect(blocks(page)).toHaveCount(0);
  await expect(body(page)).not.toHaveAttribute('aria-activedescendant', /./);
  await expect(body(page).locator('p').last()).toHaveText('/');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('/');
  await expect(blocks(page)).toBeVisible();
  await page.getByLabel('Title', { exact: true }).click();
  await expect(blocks(page)).toHaveCount(0);

  // Typing narrows the list; Enter adds the chosen block in place of what was typed.
  await body(page).locator('p').last().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('/head');
  await expect(blocks(page).getByRole('option')).toHaveText(['Heading', 'Subheading']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(blocks(page)).toHaveCount(0);
  await page.keyboard.type('What to bring');
  await expect(body(page).getByRole('heading', { level: 3, name: 'What to bring' })).toBeVisible();
  await expect(body(page)).not.toContainText('/head');

  // The same by Markdown's measure: what the server will keep. The switch stays where it was, its button keeping the focus.
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Bring your **licence**\n\n### What to bring');
  await expect(page.getByRole('button', { name: 'Markdown', exact: true })).toBeFocused();
  await expect(formatting).toBeVisible();
});

test('far down a long post, the toolbar out of sight, selected words are styled from a bar that floats by them', async ({ page }) => {
  await openNewDraft(page, 'Insuring a van you use for work and at home');
  const bubble = page.getByRole('toolbar', { name: 'Format the selection' });
  await body(page).getByText('Bring your licence').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 40; i++) await page.keyboard.press('Enter');
  await page.keyboard.type('Keep your policy number');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).not.toBeInViewport();
  for (let i = 0; i < 'number'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(bubble).toBeVisible();
  for (const name of ['Bold', 'Italic', 'Link', 'Heading', 'Subheading', 'Quote'])
    await expect(bubble.getByRole('button', { name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the formatting by a selection');
  await bubble.getByRole('button', { name: 'Bold', exact: true }).click();
  await expect(body(page).locator('strong')).toHaveText('number');
  await expect(bubble.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The selection gone, so is the bar.
  await page.keyboard.press('End');
  await expect(bubble).toHaveCount(0);
});

test('a draft saves itself a moment after typing stops, quietly, and a reload shows what was saved; a refused one is not saved', async ({ page }) => {
  const title = 'Proof of no-claims discount from another insurer';
  await openNewDraft(page, title);
  const note = autosaveNote(page);
  await expect(note).toHaveText('');
  // Every word the line shows, kept as it changes: "Saving…" may show for a moment only.
  await note.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { autosaveNotes: string[] }).autosaveNotes = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, { childList: true, characterData: true, subtree: true });
  });

  await body(page).getByText('Bring your licence').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/');
  await page.keyboard.press('Enter');
  // In one input, so a slow machine's pause between keys cannot save half the heading.
  await page.keyboard.insertText('Proof of no-claims discount');
  await expect(note).toHaveText(/^Saved at \d{2}:\d{2}$/);
  const notes = await page.evaluate(() => (window as unknown as { autosaveNotes: string[] }).autosaveNotes);
  expect(notes[0]).toBe('Saving…');
  expect(notes.at(-1)).toMatch(/^Saved at /);
  // No toast, no dialog, and the editor stays open with the cursor where it was.
  await expect(page.locator('.swal2-container')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/posts\/edit\//);
  await expect(body(page)).toBeFocused();
  await expectNoAxeViolations(page, 'the post editor after an autosave');

  await page.reload();
  await expect(body(page)).toHaveAttribute('contenteditable', 'true');
  await expect(body(page).getByRole('heading', { level: 2, name: 'Proof of no-claims discount' })).toBeVisible();
  await expect(body(page).locator('p').first()).toHaveText('Bring your licence');

  // Without a title the schema refuses the post: nothing is sent, and the line says why.
  await page.getByLabel('Title', { exact: true }).fill('');
  await expect(note).toHaveText('Not saved: the title is empty');
  await page.waitForTimeout(3000);
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
});

/** The header's main action and what it says the post is. */
const header = (page: Page) => page.locator('.bo-sticky-header');

test('a draft is published from the header, now or at a time, and a live post is updated or taken back to a draft', async ({ page }) => {
  const title = 'Van insurance for a new driver';
  await openNewDraft(page, title);
  // A draft: Save draft, and Publish, which asks when before it does anything.
  await expect(page.getByLabel('Status')).toHaveCount(0);
  await header(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Ready to publish?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('radio', { name: 'Publish now' })).toBeFocused();
  await expectNoAxeViolations(page, 'the publish popover');
  // Escape closes it and goes back to the button; nothing was saved.
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: 'Publish', exact: true })).toBeFocused();

  // A time already past is refused; a later one schedules the post.
  await header(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await ask.getByRole('radio', { name: 'Schedule for later' }).check();
  await ask.getByLabel('Date and time').fill('2020-01-01T09:00');
  await ask.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(ask.getByText('Choose a time in the future, or publish now')).toBeVisible();
  await ask.getByLabel('Date and time').fill('2099-06-01T09:30');
  await ask.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Success!', 'The post has been scheduled.');
  await expect(header(page).getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(header(page).getByText(/^Goes live /)).toBeVisible();
  await expect(page.getByLabel('Publish date')).toHaveValue('2099-06-01T09:30');
  // Scheduled, it waits for Update: it no longer saves itself.
  await expect(autosaveNote(page)).toHaveCount(0);

  // Unschedule (after Are you sure) makes it a draft again.
  await header(page).getByRole('button', { name: 'Unschedule' }).click();
  // The confirmation's own button: picked as "the last Unschedule on the page", a busy machine
  // could resolve it to the header's before the dialog was drawn, and click behind the dialog.
  await page.getByRole('dialog', { name: 'Unschedule this post?' }).getByRole('button', { name: 'Unschedule', exact: true }).click();
  await expectToast(page, 'Success!', 'The post is a draft again: it has left the blog.');
  await expect(header(page).getByText('Draft', { exact: true })).toBeVisible();

  // Publish now: live at once, and the header offers Update and Unpublish.
  await header(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await ask.getByRole('button', { name: 'Publish now' }).click();
  await expectToast(page, 'Success!', 'The post has been published.');
  await expect(header(page).getByText('Published', { exact: true })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'View on the site' })).toBeVisible();

  // A change to a live post is kept by Update, and a reload shows it.
  await page.getByRole('button', { name: 'Post settings', exact: true }).click();
  await page.getByLabel('Excerpt').fill('What a provisional licence holder needs for cover.');
  await header(page).getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Success!', 'The post has been saved.');
  await page.reload();
  await expect(page.getByLabel('Excerpt')).toHaveValue('What a provisional licence holder needs for cover.');
  await expect(header(page).getByText('Published', { exact: true })).toBeVisible();
});

test('a link is made in a popover by the words, picking one of the site’s own posts as it is typed, and kept in the saved body', async ({ page }) => {
  await openNewDraft(page, 'What to send with a claim');
  const popover = page.getByRole('dialog', { name: 'Add link' });
  // Select "licence" and ask for a link (again, should the editor still be settling on a busy
  // machine and drop the selection before the popover reads it).
  await expect(async () => {
    if (await popover.isVisible()) await page.keyboard.press('Escape');
    await body(page).getByText('Bring your licence').click();
    await page.keyboard.press('End');
    for (let i = 0; i < 'licence'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    expect(await page.evaluate(() => getSelection()?.toString())).toBe('licence');
    await page.keyboard.press('ControlOrMeta+k');
    await expect(popover.getByText('Linking “licence”')).toBeVisible({ timeout: 3000 });
  }).toPass();
  const address = popover.getByRole('combobox', { name: 'Link address' });
  await expect(address).toBeFocused();
  // In place: the writing is not pushed down, the popover floats over it.
  expect(await popover.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');

  // An address the blog would not keep is refused with the reason.
  await address.fill('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(popover.getByText(/^Enter a web address/)).toBeVisible();

  // Words of the post published above offer it; the arrows choose it and Enter links it.
  await address.fill('new driver');
  const suggestion = popover.getByRole('option', { name: /Van insurance for a new driver/ });
  await expect(suggestion).toBeVisible();
  await expectNoAxeViolations(page, 'the link popover with suggestions');
  await page.keyboard.press('ArrowDown');
  await expect(address).toHaveAttribute('aria-activedescendant', /.+/);
  await expect(popover.getByRole('option', { selected: true })).toContainText('/blog/van-insurance-for-a-new-driver');
  await page.keyboard.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(body(page).locator('a[href="/blog/van-insurance-for-a-new-driver"]')).toHaveText('licence');

  // Ctrl+K in the link shows it, with Remove link; Escape closes and the cursor is back in the words.
  await body(page).locator('a').click();
  await page.keyboard.press('ControlOrMeta+k');
  const editing = page.getByRole('dialog', { name: 'Edit link' });
  await expect(editing.getByRole('combobox', { name: 'Link address' })).toHaveValue('/blog/van-insurance-for-a-new-driver');
  await expect(editing.getByRole('button', { name: 'Remove link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editing).toHaveCount(0);
  await expect(body(page)).toBeFocused();

  // Saved, the body keeps the link as Markdown.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expectToast(page, 'Success!', 'The post has been saved.');
  await page.reload();
  await page.getByRole('button', { name: 'Markdown', exact: true }).click();
  await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Bring your [licence](/blog/van-insurance-for-a-new-driver)');
});

test('the post’s settings slide in from the header and back by keyboard; a refused setting opens them', async ({ page }) => {
  await openNewDraft(page, 'Settings of a post about trailers');
  const opener = header(page).getByRole('button', { name: 'Post settings', exact: true });
  const settings = page.getByRole('dialog', { name: 'Post settings' });
  await expect(settings).toBeHidden();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');

  // Opened from the keyboard: focus moves in; beside the writing on a wide screen, Publish stays in reach.
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(settings).toBeVisible();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(settings.getByRole('button', { name: 'Close post settings' })).toBeFocused();
  await expect(header(page).getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  const [drawer, writing] = await Promise.all([settings.boundingBox(), body(page).boundingBox()]);
  expect(writing!.x + writing!.width).toBeLessThanOrEqual(drawer!.x);
  await expectNoAxeViolations(page, 'the post settings');

  // Escape closes it and focus goes back to the button.
  await settings.getByLabel('Excerpt').focus();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(opener).toBeFocused();

  // An address the schema refuses, saved from the header: the settings open on the refusal.
  await page.keyboard.press('Enter');
  await settings.getByRole('button', { name: /^Search and sharing/ }).click();
  await settings.getByLabel('Address', { exact: true }).fill('Not An Address!');
  await settings.getByRole('button', { name: 'Close post settings' }).click();
  await expect(settings).toBeHidden();
  await expect(opener).toBeFocused();
  await header(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(settings).toBeVisible();
  await expect(settings.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // Focus goes straight to the field to mend.
  await expect(settings.getByLabel('Address', { exact: true })).toBeFocused();
});

test('on a phone the settings fill the screen, and the formatting keeps four buttons in a row beside the view, the rest under More', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewDraft(page, 'Phone edits to a post');
  const formatting = page.getByRole('toolbar', { name: 'Formatting' });
  const view = page.getByRole('combobox', { name: 'Show the body' });
  // At 390 px the view is a select at the end of the formatting's row.
  await expect(view).toHaveValue('visual');
  const [tools, switcher] = await Promise.all([formatting.boundingBox(), view.boundingBox()]);
  expect(Math.abs(tools!.y + tools!.height / 2 - (switcher!.y + switcher!.height / 2))).toBeLessThanOrEqual(4);
  await view.selectOption('markdown');
  await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Bring your licence');
  await view.selectOption('visual');
  await expect(body(page)).toHaveAttribute('contenteditable', 'true');
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(formatting.getByRole('button')).toHaveCount(4);
    // Nothing scrolls sideways: not the page, not the row of buttons.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await formatting.evaluate((row) => row.scrollWidth <= row.clientWidth)).toBe(true);
  }

  // More holds the rest, and they format the words as the row's buttons do.
  await body(page).getByText('Bring your licence').click();
  await page.getByRole('button', { name: 'More formatting' }).click();
  const more = page.getByRole('menu');
  await expect(more.getByRole('menuitem')).toHaveText(['Subheading', 'Bulleted list', 'Numbered list', 'Quote', 'Image from the library']);
  await expectNoAxeViolations(page, 'the More formatting menu on a phone');
  await more.getByRole('menuitem', { name: 'Quote' }).click();
  await expect(body(page).locator('blockquote')).toHaveText('Bring your licence');

  // The settings take the whole screen; Tab stays in them; Escape gives the screen back.
  const opener = page.getByRole('button', { name: 'Post settings', exact: true });
  await opener.click();
  const settings = page.getByRole('dialog', { name: 'Post settings' });
  await expect(settings).toHaveAttribute('aria-modal', 'true');
  // Once it has slid in (a short transition), it covers the window edge to edge.
  await expect
    .poll(async () => {
      const box = await settings.boundingBox();
      return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
    })
    .toEqual({ x: 0, y: 0, width: 390 });
  await page.keyboard.press('Shift+Tab');
  expect(await settings.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(opener).toBeFocused();
});
