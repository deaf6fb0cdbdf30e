import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '#src/server/content/seed.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** What the page editor asks of the server: the pages with their unpublished changes, the site facts, and draft previews. */

let t: TestApp;
let staff: Agent;
let anon: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', BRAND_NAME: 'Shannon Test Brokers' } });
  await seedContent(t.test.database.db);
  staff = await signedInAs(t);
  anon = agent(t);
});
afterAll(() => t.test.drop());

type Page = { id: string; name: string; path: string; group: string; alsoAt: string[]; changes: number };

describe('GET /api/v1/cms/pages', () => {
  it('lists each page whose copy is content, with its address, and counts its saved changes not yet published', async () => {
    const { pages } = (await (await staff.call('GET', '/api/v1/cms/pages')).json()) as { pages: Page[] };
    const home = pages.find((page) => page.path === '/')!;
    expect(home).toMatchObject({ name: 'Home', changes: 0, alsoAt: [] });
    expect(pages.find((page) => page.path === '/quote-thank-you')?.alsoAt).toEqual(['/quote-thank-fleet', '/quote-thank-truck', '/quote-thank-liability']);
    // Each page's kind, as the list groups them: the footer's columns, the quote forms, the confirmations.
    const groupOf = (path: string) => pages.find((page) => page.path === path)?.group;
    expect(['/', '/truck-insurance', '/van-insurance-quotes', '/claims-assistance', '/careers', '/contact-thank-you'].map(groupOf)).toEqual([
      'Home page',
      'Insurance',
      'Quote forms',
      'Customers',
      'About',
      'Confirmation pages',
    ]);

    const { sections } = await (await staff.call('GET', '/api/v1/cms/section/?namePath=Home/Hero')).json();
    const heading = sections[0].elements.find((element: { name: string }) => element.name === 'Heading');
    expect((await staff.call('PUT', `/api/v1/cms/element/update/${heading.id}`, { value: 'A new headline' })).status).toBe(200);
    const after = (await (await staff.call('GET', '/api/v1/cms/pages')).json()) as { pages: Page[] };
    expect(after.pages.find((page) => page.path === '/')!.changes).toBe(1);
    expect(after.pages.find((page) => page.path === '/van-insurance')!.changes).toBe(0);
  });

  it('is for signed-in staff only', async () => {
    expect((await anon.call('GET', '/api/v1/cms/pages')).status).toBe(401);
  });
});

describe('GET /api/v1/cms/facts', () => {
  it('gives the site facts a value may name, for the editor to show their values', async () => {
    const { facts } = await (await staff.call('GET', '/api/v1/cms/facts')).json();
    expect(facts.brand).toBe('Shannon Test Brokers');
    expect(typeof facts.salesPhone).toBe('string');
    expect((await anon.call('GET', '/api/v1/cms/facts')).status).toBe(401);
  });
});

describe('draft previews', () => {
  it('say so, with a 503, where the server has no site builder', async () => {
    const res = await staff.call('POST', '/api/v1/cms/preview');
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('Draft previews are not available on this server.');
  });

  it('are served to signed-in staff only, and a preview never built is not found', async () => {
    expect((await anon.call('GET', '/preview/0123456789abcdef0123456789abcdef/')).status).toBe(401);
    const missing = await staff.call('GET', '/preview/0123456789abcdef0123456789abcdef/');
    expect(missing.status).toBe(404);
    expect((await staff.call('GET', '/preview/not-a-preview/index.html')).status).toBe(404);
  });
});

describe('a page hidden from search engines', () => {
  it('leaves the sitemap once published, not before; a page not hidden stays', async () => {
    const sitemap = async () => (await anon.call('GET', '/sitemap.xml')).text();
    expect(await sitemap()).toContain('/careers</loc>');
    const { sections } = await (await staff.call('GET', `/api/v1/cms/section/?namePath=${encodeURIComponent('Careers/Search and sharing')}`)).json();
    const hidden = sections[0].elements.find((element: { name: string }) => element.name === 'Hide from search engines');
    expect(hidden.value).toBe(false);
    expect((await staff.call('PUT', `/api/v1/cms/element/update/${hidden.id}`, { value: true })).status).toBe(200);
    // A saved draft changes nothing a visitor or a search engine sees.
    expect(await sitemap()).toContain('/careers</loc>');
    expect((await staff.call('POST', '/api/v1/cms/publish')).status).toBe(202);
    const after = await sitemap();
    expect(after).not.toContain('/careers</loc>');
    expect(after).toContain('/van-insurance</loc>');
    // Bad input is refused in words: a yes/no takes only yes or no.
    const refused = await staff.call('PUT', `/api/v1/cms/element/update/${hidden.id}`, { value: 'perhaps' });
    expect(refused.status).toBe(400);
  });
});

describe("a page's canonical address", () => {
  it('is an address of this site or the web, or nothing: anything else is refused in words, as the page editor refuses it', async () => {
    const { sections } = await (await staff.call('GET', `/api/v1/cms/section/?namePath=${encodeURIComponent('About us/Search and sharing')}`)).json();
    const canonical = sections[0].elements.find((element: { name: string }) => element.name === 'Canonical address');
    const save = (value: string) => staff.call('PUT', `/api/v1/cms/element/update/${canonical.id}`, { value });
    for (const bad of ['van insurance', 'javascript:alert(1)', '//evil.example/page']) {
      const refused = await save(bad);
      expect(refused.status, bad).toBe(400);
      expect((await refused.json()).errors).toEqual([
        { field: 'value', message: 'Enter a path of this site (/van-insurance) or a web address (https://…), or leave it empty.' },
      ]);
    }
    for (const good of ['/van-insurance', 'https://www.example.ie/about', '']) expect((await save(good)).status, good).toBe(200);
    // A new element of that name (the structure is an Administrator's) follows the same rule.
    const admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
    const created = await admin.call('POST', '/api/v1/cms/element/create', {
      sectionId: sections[0].id,
      name: 'Canonical address',
      fieldType: 'text',
      value: 'nowhere',
    });
    expect(created.status).toBe(400);
  });
});
