import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { seedBackOffice, type SeededBackOffice } from './admin-seed.ts';
import { chromiumArgs, chromiumPath, irishDateFields } from '../lib/chromium.ts';
import { startLocalServer } from '../lib/local-server.ts';
import { findCardLabelMismatches, findInnerScroll, findOutsideWindow, findSmallTargets, findSqueezedTitleColumns } from '../lib/page-checks.ts';

/**
 * `npm run screenshots:admin [name…]`: every back-office screen, with a working week of data
 * (admin-seed.ts) and signed in through two-factor, at 320, 390, 1024, 1280 and 1366 px, into
 * `screenshots/admin/` as `<screen>-<width>.png`, for a person to look at. It fails on a page
 * that scrolls sideways, a table that scrolls inside its box, an element outside the window,
 * a control under 44 px below 768 px wide, a card label beside another column's value, a row
 * menu that opens outside the window, or anything axe reports. Runs the real server on the
 * built site (build first); `SCREENSHOT_WIDTHS=390,1366` takes other widths.
 */

type Screen = {
  name: string;
  path: (ids: SeededBackOffice['ids']) => string;
  /** Screens of the signed-out sign-in flow. */
  signedOut?: boolean;
  /** What a person does after arriving, before the picture (open a sub-page of the sign-in screen). */
  act?: (page: Page) => Promise<void>;
  /** A list: its last row's options menu is opened and must fit the window. */
  rowMenu?: boolean;
  /** The window only, not the whole page: a dialog, or a screen whose point is what is in view at once. */
  windowOnly?: boolean;
  /** A list whose folded panel is opened on purpose: its first record may start below a small phone's first screen. */
  panelOpen?: boolean;
  /** Its act makes a record (a token, an endpoint): taken after every other screen at every width, so no list shows one per width. */
  creates?: boolean;
};

/**
 * The page editor's preview in view: below 1,024 px it is a pane of its own, chosen under Show.
 * Waits for the editor first, so a slow load is not taken for a wide window without the choice.
 */
async function showPreview(page: Page) {
  await page.locator('.bo-preview-box iframe').waitFor({ state: 'attached', timeout: 60_000 });
  const panes = page.getByRole('group', { name: 'Show' });
  if ((page.viewportSize()?.width ?? 0) < 1024) await panes.getByRole('button', { name: 'Preview' }).click({ timeout: 30_000 });
}

/** Opens a thank-you page's More section; answers its text, once the visual editor has made it editable. */
async function openPageText(page: Page) {
  const more = page.getByRole('region', { name: 'Boxes: More' });
  await more.getByRole('button', { name: /^More\b/ }).click({ timeout: 60_000 });
  const text = more.getByRole('textbox', { name: 'Text', exact: true }).and(page.locator('[contenteditable="true"]'));
  await text.waitFor({ timeout: 30_000 });
  await text.scrollIntoViewIfNeeded();
  return text;
}

/** A small phone's window height, and how much of a list's first record must show within it. */
const SMALL_PHONE_HEIGHT = 640;
const FIRST_RECORD_SEEN = 48;

const ADMIN = { email: 'admin@shannon-insurance.ie', password: 'screenshot admin password' };

const screens: Screen[] = [
  { name: 'sign-in', path: () => '/admin', signedOut: true },
  {
    name: 'sign-in-forgot',
    path: () => '/admin',
    signedOut: true,
    act: async (page) => page.getByRole('button', { name: /forgot/i }).click(),
  },
  {
    name: 'sign-in-wrong-password',
    path: () => '/admin',
    signedOut: true,
    act: async (page) => {
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'sign-in-code',
    path: () => '/admin',
    signedOut: true,
    act: async (page) => {
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByText('Get a verification code from your Authenticator app.').waitFor();
    },
  },
  { name: 'reset-password', path: () => '/verifypasswordreset?email=niamh.byrne%40shannon-insurance.ie&token=abc', signedOut: true },
  { name: 'dashboard', path: () => '/admin/dashboard' },
  {
    // The search palette over the dashboard with a name typed: the callbacks and requests found (a sheet on a phone).
    name: 'search-palette',
    path: () => '/admin/dashboard',
    windowOnly: true,
    act: async (page) => {
      await page.keyboard.press('ControlOrMeta+k');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.getByRole('combobox', { name: 'Search the back-office' }).fill('murphy');
      await dialog.getByRole('group', { name: 'Callbacks' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    // The palette as it opens, before anything is typed: where to go and what to create.
    name: 'search-palette-open',
    path: () => '/admin/dashboard',
    windowOnly: true,
    act: async (page) => {
      await page.keyboard.press('ControlOrMeta+k');
      await page.getByRole('dialog', { name: 'Search' }).getByRole('group', { name: 'Create' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'users', path: () => '/admin/user', rowMenu: true },
  { name: 'user-create', path: () => '/admin/user/create' },
  { name: 'user-edit', path: (ids) => `/admin/user/edit/${ids.user}` },
  { name: 'invitations', path: () => '/admin/user/invitations', rowMenu: true },
  { name: 'user-invite', path: () => '/admin/user/invite' },
  { name: 'invitation-link-used', path: () => '/admin/invitation?token=already-used', signedOut: true },
  { name: 'api-tokens', path: () => '/admin/api-tokens', rowMenu: true },
  { name: 'api-token-create', path: () => '/admin/api-tokens/create' },
  {
    name: 'api-token-shown-once',
    path: () => '/admin/api-tokens/create',
    creates: true,
    act: async (page) => {
      await page.getByLabel('Name').fill('Renewals dashboard');
      await page.getByRole('checkbox', { name: /Read quotes and renewals/ }).check();
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByRole('heading', { name: 'Copy your token now' }).waitFor();
    },
  },
  { name: 'webhooks', path: () => '/admin/webhooks', rowMenu: true },
  { name: 'webhook-create', path: () => '/admin/webhooks/create' },
  {
    name: 'webhook-secret-once',
    path: () => '/admin/webhooks/create',
    creates: true,
    act: async (page) => {
      await page.getByLabel('Address').fill('https://crm.example.ie/hooks/quotes');
      await page.getByRole('checkbox', { name: /Quote request received/ }).check();
      await page.getByRole('button', { name: 'Create address' }).click();
      await page.getByRole('heading', { name: 'Copy the signing secret now' }).waitFor();
    },
  },
  { name: 'webhook', path: (ids) => `/admin/webhooks/${ids.webhook}` },
  {
    name: 'webhook-delivery',
    path: (ids) => `/admin/webhooks/${ids.webhook}`,
    // The opened delivery stands above the log, as an opened record panel does.
    panelOpen: true,
    act: async (page) => {
      await page.locator('tbody tr button.bo-button-link').first().click();
      // Its technical details (the JSON sent) open too, so the picture shows them.
      await page.getByText('Technical details').click();
      await page.getByRole('heading', { name: 'What was sent' }).waitFor();
    },
  },
  {
    name: 'webhook-delivery-retrying',
    path: (ids) => `/admin/webhooks/${ids.webhook}`,
    // A delivery the receiver keeps refusing, opened: Retry now in its header.
    panelOpen: true,
    act: async (page) => {
      await page.locator('tbody tr', { hasText: 'Retrying' }).first().locator('button.bo-button-link').click();
      await page.getByRole('button', { name: 'Retry now' }).waitFor();
    },
  },
  { name: 'posts', path: () => '/admin/posts', rowMenu: true },
  {
    name: 'posts-chosen',
    path: () => '/admin/posts',
    // Two posts chosen: the bar offers Published or Draft, and Delete.
    act: async (page) => {
      const boxes = page.getByRole('checkbox', { name: /^Select / });
      await boxes.first().waitFor();
      // The first box chooses every row: two rows of their own instead.
      await boxes.nth(1).check();
      await boxes.nth(2).check();
      await page.getByRole('region', { name: 'Bulk actions' }).waitFor();
    },
  },
  { name: 'post-create', path: () => '/admin/posts/create' },
  { name: 'post-edit', path: (ids) => `/admin/posts/edit/${ids.post}` },
  {
    name: 'post-edit-link',
    path: (ids) => `/admin/posts/edit/${ids.post}`,
    windowOnly: true,
    // Words chosen in the visual body, then Ctrl+K: the popover by them offers the site's pages as a word is typed.
    act: async (page) => {
      const body = page.getByRole('textbox', { name: 'Body', exact: true }).and(page.locator('[contenteditable="true"]'));
      await body.waitFor();
      await body
        .locator('p')
        .first()
        .dblclick({ position: { x: 12, y: 10 } });
      await page.keyboard.press('ControlOrMeta+k');
      await page.getByLabel('Link address').fill('insurance');
      await page.getByRole('listbox', { name: 'Pages and posts' }).getByRole('option').first().waitFor();
    },
  },
  {
    name: 'post-edit-publish',
    path: (ids) => `/admin/posts/edit/${ids.post}`,
    windowOnly: true,
    // A draft's Publish asks when: now, or at a date and time.
    act: async (page) => {
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('radio', { name: 'Schedule for later' }).check();
    },
  },
  {
    name: 'post-edit-settings',
    path: (ids) => `/admin/posts/edit/${ids.post}`,
    // The settings slide in from the right on the header's Post settings (the whole screen on a phone).
    act: async (page) => {
      await page.getByRole('button', { name: 'Post settings', exact: true }).click();
      await page.getByRole('dialog', { name: 'Post settings' }).waitFor();
    },
  },
  {
    name: 'post-edit-selection',
    path: (ids) => `/admin/posts/edit/${ids.post}`,
    windowOnly: true,
    // Words chosen in the visual body, the toolbar in sight above them: it is the one bar (no second one floats by them).
    act: async (page) => {
      // The body is editable once it is known to show the post whole: a click before that selects nothing.
      const body = page.getByRole('textbox', { name: 'Body', exact: true }).and(page.locator('[contenteditable="true"]'));
      await body.waitFor();
      // On the first word: the middle of a paragraph can fall between two lines, choosing no word.
      await body
        .locator('p')
        .first()
        .dblclick({ position: { x: 12, y: 10 } });
      await page.waitForFunction(() => Boolean(window.getSelection()?.toString().trim()));
    },
  },
  {
    name: 'post-create-blocks',
    // A new post, which saves only when asked: the "/" typed here is never kept.
    path: () => '/admin/posts/create',
    windowOnly: true,
    // A "/" on an empty line: the blocks to add.
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Body', exact: true }).click();
      await page.keyboard.type('/');
      await page.getByRole('listbox', { name: 'Blocks to add' }).waitFor();
    },
  },
  {
    name: 'post-create-blocks-low',
    path: () => '/admin/posts/create',
    windowOnly: true,
    // A "/" on a line near the bottom of the window: the blocks open upward, inside the window.
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Body', exact: true }).click();
      for (let line = 0; line < 24; line += 1) await page.keyboard.press('Enter');
      await page.keyboard.type('/');
      await page.getByRole('listbox', { name: 'Blocks to add' }).waitFor();
    },
  },
  { name: 'pages', path: () => '/admin/content', rowMenu: true },
  {
    name: 'page-editor',
    path: (ids) => `/admin/content/page/${ids.homePage}`,
    // The draft preview is built on arrival; the picture waits for its page.
    act: async (page) => {
      await page.locator('.bo-preview-box iframe').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForTimeout(1500);
    },
  },
  {
    name: 'page-editor-picked',
    path: (ids) => `/admin/content/page/${ids.homePage}`,
    // A click on the hero's heading in the preview opens its field; below 1,024 px the preview is its own pane.
    act: async (page) => {
      await showPreview(page);
      const heading = page.frameLocator('.bo-preview-box iframe').locator('h1 [data-content-key]');
      await heading.click({ timeout: 60_000 });
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'page-editor-entry',
    path: (ids) => `/admin/content/page/${ids.homePage}`,
    windowOnly: true,
    // A click on a product card's title opens its section and its entry, where the icon is chosen.
    act: async (page) => {
      await showPreview(page);
      await page.frameLocator('.bo-preview-box iframe').locator('main [data-content-key]', { hasText: 'Fleet insurance' }).first().click({ timeout: 60_000 });
      await page
        .getByRole('button', { name: 'Change icon' })
        .first()
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'page-editor-text',
    path: (ids) => `/admin/content/page/${ids.thankYouPage}`,
    // A text written in Markdown, opened: the visual editor with its switch to Markdown.
    act: async (page) => {
      await openPageText(page);
    },
  },
  {
    name: 'page-editor-text-selection',
    path: (ids) => `/admin/content/page/${ids.thankYouPage}`,
    windowOnly: true,
    // Words chosen in the text: the formatting floats under them, clear of the toolbar.
    act: async (page) => {
      const text = await openPageText(page);
      await text
        .locator('p')
        .first()
        .dblclick({ position: { x: 12, y: 10 } });
      await page.getByRole('toolbar', { name: 'Format the selection' }).waitFor();
    },
  },
  {
    name: 'page-editor-text-markdown',
    path: (ids) => `/admin/content/page/${ids.thankYouPage}`,
    // The same text as Markdown, for those who prefer it: the textarea under its own toolbar.
    act: async (page) => {
      await openPageText(page);
      await page.getByRole('group', { name: 'Write Text as' }).getByRole('button', { name: 'Markdown' }).click();
      await page.getByRole('textbox', { name: 'Text', exact: true }).and(page.locator('textarea')).waitFor();
    },
  },
  { name: 'structure', path: () => '/admin/content/structure' },
  {
    name: 'structure-section',
    path: () => '/admin/content/structure',
    // A page's section open: its elements, each with its editor, and the form to add one. In one
    // column (below 1024 px) the open page is shown on its own, its sections listed in it.
    act: async (page) => {
      const tree = page.getByRole('navigation', { name: 'Pages and their sections' });
      await tree.getByRole('button', { name: /^Home\b/ }).click();
      await page.getByRole('heading', { name: 'Home', level: 2 }).waitFor();
      await page
        .getByRole('button', { name: /^Hero\b/ })
        .filter({ visible: true })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Home / Hero', level: 2 }).waitFor();
    },
  },
  { name: 'redirects', path: () => '/admin/redirects', rowMenu: true },
  { name: 'redirect-create', path: () => '/admin/redirects/create' },
  { name: 'redirect-edit', path: (ids) => `/admin/redirects/edit/${ids.redirect}` },
  { name: 'media', path: () => '/admin/media' },
  {
    name: 'media-chosen',
    path: () => '/admin/media',
    // The window as a person choosing sees it: the bar stuck at its top, over no tile it was beside.
    windowOnly: true,
    // Two tiles chosen, one of them in use: the bar says which cannot be deleted.
    act: async (page) => {
      const boxes = page.getByRole('checkbox', { name: /^Select / });
      await boxes.first().waitFor();
      const count = await boxes.count();
      await boxes.nth(count - 2).check();
      await boxes.nth(count - 1).check();
    },
  },
  { name: 'media-view', path: (ids) => `/admin/media/view/${ids.media}` },
  {
    name: 'media-picker',
    path: (ids) => `/admin/posts/edit/${ids.post}`,
    windowOnly: true,
    // The library as a post's cover picks from it: Replace shows the ways to change the cover.
    act: async (page) => {
      // The cover is among the post's settings, which slide in on the header's button.
      await page.getByRole('button', { name: 'Post settings', exact: true }).click();
      await page.getByRole('button', { name: 'Replace', exact: true }).click();
      await page.getByRole('button', { name: 'Choose from the library' }).click();
      await page.getByRole('dialog').locator('.bo-tile').first().waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'page-editor-picture',
    path: (ids) => `/admin/content/page/${ids.homePage}`,
    windowOnly: true,
    // A click on the hero's picture opens its field.
    act: async (page) => {
      await showPreview(page);
      await page.frameLocator('.bo-preview-box iframe').locator('.hero-picture img').click({ timeout: 60_000 });
      await page.waitForTimeout(800);
    },
  },
  { name: 'callbacks', path: () => '/admin/contacts', rowMenu: true },
  {
    // The Columns menu open, Message unticked: gone from the table, from under each name and from a phone's cards.
    name: 'callbacks-columns',
    path: () => '/admin/contacts',
    windowOnly: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Columns' }).click();
      // "Message", or "Message — under the name at this width" where the width has stepped it aside.
      await page.getByRole('menuitemcheckbox', { name: /^Message/ }).click();
    },
  },
  {
    // A phone's Filters panel, open: the choices, then the list's order and its downloads.
    name: 'callbacks-filters',
    path: () => '/admin/contacts',
    panelOpen: true,
    act: async (page) => {
      const toggle = page.getByRole('button', { name: /^Filters/ });
      if (await toggle.isVisible()) await toggle.click();
    },
  },
  { name: 'callback', path: (ids) => `/admin/contacts/view/${ids.contact}` },
  { name: 'quotes', path: () => '/admin/quotes', rowMenu: true },
  // The same requests by stage: five columns from 1,280 px, scrolling inside the board at 1,024, one column and its picker on a phone.
  { name: 'quotes-board', path: () => '/admin/quotes/board' },
  {
    // A move to Lost asks why first, in a small dialog over the board (nothing is saved: it is left open).
    name: 'quotes-board-lost',
    path: () => '/admin/quotes/board',
    windowOnly: true,
    act: async (page) => {
      await page
        .locator('.board-card')
        .first()
        .getByRole('button', { name: /^Options for / })
        .click();
      await page.getByRole('menuitem', { name: 'Move to Lost' }).click();
      await page.getByRole('dialog', { name: 'Why was it lost?' }).waitFor();
    },
  },
  { name: 'quote', path: (ids) => `/admin/quotes/view/${ids.quote}` },
  { name: 'callbacks-overdue', path: () => '/admin/contacts?due=overdue' },
  { name: 'renewals', path: () => '/admin/renewals', rowMenu: true },
  { name: 'renewals-board', path: () => '/admin/renewals/board' },
  { name: 'renewal', path: (ids) => `/admin/renewals/view/${ids.renewal}` },
  { name: 'mail', path: () => '/admin/mail', rowMenu: true },
  { name: 'mail-view', path: (ids) => `/admin/mail/view/${ids.mail}` },
  {
    name: 'mail-templates',
    path: () => '/admin/mail/templates',
    // The mail is framed: the picture waits for it to be drawn.
    act: async (page) => page.frameLocator('.mail-templates-frame iframe').locator('h1').waitFor(),
  },
  {
    name: 'mail-template-text',
    path: () => '/admin/mail/templates/quote-sales',
    act: async (page) => page.getByRole('button', { name: 'Plain text' }).click(),
  },
  { name: 'audit-log', path: () => '/admin/audit' },
  {
    // Custom dates in the filter bar: each date field with its day in words under it (a phone's in the Filters panel).
    name: 'audit-log-dates',
    path: () => '/admin/audit?activity=all&from=2026-01-05&to=2030-12-31',
    panelOpen: true,
    act: async (page) => {
      const toggle = page.getByRole('button', { name: /^Filters/ });
      if (await toggle.isVisible()) await toggle.click();
      await page.getByText('Monday 5 January 2026').waitFor();
    },
  },
  {
    name: 'audit-log-details',
    path: () => '/admin/audit',
    // The first entry opened in place: its changes, who, when and from where.
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Show details/ })
        .first()
        .click();
    },
  },
  {
    name: 'audit-log-change',
    // A copy edit opened: its page named, the words before and after.
    path: () => '/admin/audit?action=content%20element%20updated',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Show details/ })
        .first()
        .click();
    },
  },
  {
    name: 'audit-log-post-change',
    // A post's save opened: several fields, the body by its length.
    path: () => '/admin/audit?action=post%20updated',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Show details/ })
        .first()
        .click();
    },
  },
  {
    name: 'audit-log-media-change',
    // A picture's alt text saved, opened: the words before and after.
    path: () => '/admin/audit?action=media%20updated',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Show details/ })
        .first()
        .click();
    },
  },
  { name: 'privacy', path: () => '/admin/privacy' },
  { name: 'privacy-create', path: () => '/admin/privacy/create' },
  {
    name: 'privacy-request',
    path: (ids) => `/admin/privacy/view/${ids.privacyRequest}`,
    // The finder's tools run on the address the request holds.
    act: async (page) => {
      await page.getByRole('button', { name: 'Find what is held' }).click();
      await page
        .getByRole('region', { name: /^Callbacks|^Quotes and renewals/ })
        .first()
        .waitFor();
      // The timeline reads itself again after the look-up, which joins the seeded one as one entry.
      await page
        .getByRole('region', { name: 'Timeline' })
        .getByText(/looked up what is held \d+ times/)
        .waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'privacy-request-answered',
    path: (ids) => `/admin/privacy/view/${ids.privacyAnswered}`,
    // Its timeline: logged, extended with the reason, completed.
    act: async (page) => {
      await page.getByRole('region', { name: 'Timeline' }).locator('.rt-entry').first().waitFor();
    },
  },
  { name: 'privacy-find', path: () => '/admin/privacy/find' },
  {
    name: 'privacy-found',
    path: () => '/admin/privacy/find',
    act: async (page) => {
      await page.getByLabel(/email/i).first().fill('aoife.byrne@example.ie');
      await page.getByRole('button', { name: /find/i }).click();
      await page.waitForTimeout(1000);
    },
  },
];

const only = process.argv.slice(2);
const chosen = only.length ? screens.filter((screen) => only.includes(screen.name)) : screens;
const widths = (process.env.SCREENSHOT_WIDTHS ?? '320,390,1024,1280,1366').split(',').map(Number);
const outDir = join(process.cwd(), 'screenshots', 'admin');
mkdirSync(outDir, { recursive: true });

/** The demonstration broker's own address (its sales mail is at this domain), for what the server writes out in full. */
const SCREENSHOT_SITE_ORIGIN = 'https://www.shannon-insurance.ie';

// PORT: a port of one's own on a shared machine (a random one otherwise).
// The broker management system the seeded webhook endpoint points at: it takes two deliveries
// in three and refuses the third, so the log shows both, and refuses the first one it refused
// every time after, so one stays retrying (with Retry now) through the pictures. On this
// machine: private addresses allowed.
let webhookCalls = 0;
let alwaysRefused: string | undefined;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    webhookCalls += 1;
    const id = String(req.headers['webhook-id']);
    if (webhookCalls === 3) alwaysRefused = id;
    const refused = webhookCalls % 3 === 0 || id === alwaysRefused;
    res.writeHead(refused ? 503 : 200, { 'content-type': 'application/json' });
    res.end(refused ? '{"error":"Busy, try later"}' : '{"received":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const webhookReceiver = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/broker`;

const server = await startLocalServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  FORM_RATE_LIMIT: '1000',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  // The public address a production install is configured with (docs/operations/configuration.md):
  // mail previews, share links and the sign-in mails show it, as staff would see them, not localhost.
  SITE_ORIGIN: SCREENSHOT_SITE_ORIGIN,
  ...(process.env.PORT ? { PORT: process.env.PORT } : {}),
});
// Date fields drawn day, month, year with a 24-hour clock, as an Irish member of staff's browser
// draws them. Debian's Chromium ships only its en-US language pack, so --lang alone leaves them
// month first (12/03/2026, 09:00 PM); LangAttributeAwareFormControlUI draws them in the page's
// own language instead, which is en-IE (<html lang> in src/pages/admin.astro).
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, ...irishDateFields] });
const findings: string[] = [];

/** The screen has finished loading: no busy region, no spinner, fonts in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The back-office's own loading line (src/pages/admin.astro) too: on a loaded machine it can outlast the network's quiet.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner, .bo-loading'), null, { timeout: 60_000 })
    .catch(() => findings.push(`${new URL(page.url()).pathname}: still loading after 60 s`));
  await page.evaluate(() => document.fonts.ready);
}

/** Every animation has ended (a drawer's slide, a menu's fade): a capture mid-way would show it half outside the window. */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, { timeout: 10_000 }).catch(() => {});
}

/** Opens the last row's options menu; answers where its menu reaches outside the window. */
async function lastRowMenu(page: Page, width: number): Promise<string[]> {
  const buttons = page.locator('tbody tr [aria-haspopup="menu"]');
  const count = await buttons.count();
  if (count === 0) return [];
  await buttons.nth(count - 1).click();
  const menu = page.getByRole('menu');
  if (
    !(await menu.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    ))
  )
    return ["the last row's menu did not open"];
  const box = await menu.boundingBox();
  const viewport = page.viewportSize()!;
  const problems: string[] = [];
  if (box && (box.x < 0 || box.x + box.width > width || box.y < 0 || box.y + box.height > viewport.height)) {
    problems.push(
      `the last row's menu spans x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)} in a ${width}×${viewport.height} window`,
    );
  }
  return problems;
}

try {
  const { cookie, ids } = await seedBackOffice(server.base, ADMIN.email, ADMIN.password, webhookReceiver);
  const [cookieName, cookieValue] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  for (const [creating, width] of [false, true].flatMap((creating) => widths.map((width) => [creating, width] as const))) {
    const phone = width < 768;
    // As the broker's staff see it: an Irish browser on Dublin's clock (date fields read day, month, year).
    const device = {
      viewport: { width, height: phone ? 844 : 900 },
      deviceScaleFactor: 1,
      isMobile: phone,
      hasTouch: phone,
      locale: 'en-IE',
      timezoneId: 'Europe/Dublin',
    };
    const context = await browser.newContext(device);
    const signedOut = await browser.newContext(device);
    // An https site address makes the session cookie __Host- and Secure: set for the https form of the
    // address, which Chromium then sends to the loopback server over http (a loopback address counts as secure).
    const cookieUrl = cookieName.startsWith('__Host-') ? server.base.replace(/^http:/, 'https:') : server.base;
    await context.addCookies([{ name: cookieName, value: cookieValue, url: cookieUrl }]);
    for (const screen of chosen.filter((candidate) => Boolean(candidate.creates) === creating)) {
      const page = await (screen.signedOut ? signedOut : context).newPage();
      const path = screen.path(ids);
      const say = (problem: string) => findings.push(`${screen.name} at ${width} px: ${problem}`);
      await page.goto(`${server.base}${path}`);
      await settled(page);
      await screen.act?.(page);
      await animationsDone(page);
      await settled(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) {
        // The deepest elements reaching past the window's edge: where to look first.
        const culprits = await page.evaluate((edge) => {
          // An element inside a box that scrolls or clips sideways does not widen the page.
          const clipped = (element: Element) => {
            for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
              if (getComputedStyle(up).overflowX !== 'visible') return true;
            }
            return false;
          };
          const past = [...document.querySelectorAll('body *:not(svg *)')].filter(
            (element) => element.getBoundingClientRect().right > edge + 1 && (!clipped(element) || getComputedStyle(element).position !== 'static'),
          );
          return past
            .filter((element) => !past.some((other) => other !== element && element.contains(other)))
            .slice(0, 3)
            .map(
              (element) =>
                `${element.parentElement?.className ?? ''} > ${getComputedStyle(element).position} ${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`,
            );
        }, width);
        say(`the page is ${scrollWidth} px wide (past the edge: ${culprits.join(', ')})`);
      }
      for (const problem of await page.evaluate(findOutsideWindow)) say(`outside the window: ${problem}`);
      for (const problem of await page.evaluate(findInnerScroll)) say(problem);
      for (const problem of await page.evaluate(findCardLabelMismatches)) say(`card label: ${problem}`);
      for (const problem of await page.evaluate(findSqueezedTitleColumns)) say(problem);
      if (phone) for (const target of await page.evaluate(findSmallTargets)) say(`under 44 px: ${target}`);
      // At a desk (a 900 px laptop window) every link of the open sidebar shows without scrolling it.
      if (width >= 1024 && !screen.signedOut) {
        const hidden = await page.evaluate(() => {
          const links = document.querySelector('.bo-sidebar-scroll');
          return links ? links.scrollHeight - links.clientHeight : 0;
        });
        if (hidden > 1) say(`the sidebar's links need ${hidden} px more than the window gives them`);
      }
      // A list on a phone shows its first record on the first screen of a small one (320 × 640).
      if (phone && !screen.panelOpen) {
        const first = await page.evaluate(
          () => document.querySelector('.bo-list tbody tr:not(:has(.bo-table-message)), .bo-list .bo-tile')?.getBoundingClientRect().top,
        );
        if (first !== undefined && first + FIRST_RECORD_SEEN > SMALL_PHONE_HEIGHT)
          say(`the first record starts ${Math.round(first)} px down, below a ${SMALL_PHONE_HEIGHT} px phone's first screen`);
      }
      const axe = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      for (const violation of axe.violations)
        say(`axe ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      // A whole-page picture from the top, so a sticky header is drawn where a person sees it, not mid-page.
      if (!screen.windowOnly) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(outDir, `${screen.name}-${width}.png`), fullPage: !screen.windowOnly });
      if (screen.rowMenu) {
        for (const problem of await lastRowMenu(page, width)) say(problem);
        await page.screenshot({ path: join(outDir, `${screen.name}-menu-${width}.png`) });
      }
      // A column hidden for one picture (callbacks-columns) is not kept for the next: the browser keeps the choice per list.
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key.startsWith('bo-list-hidden-columns:')) localStorage.removeItem(key);
      });
      await page.close();
    }
    await context.close();
    await signedOut.close();
  }
} finally {
  await browser.close();
  await server.stop();
  receiver.close();
}
console.log(`${chosen.length * widths.length} screens in ${outDir}`);
if (findings.length) {
  console.log(`Findings:\n  ${findings.join('\n  ')}`);
  process.exitCode = 1;
}
