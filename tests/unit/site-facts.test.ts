import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentFacts } from '#src/site/content-facts.ts';
import { mapHref, readSiteFacts } from '#src/site/facts.ts';
import { parseTrustFacts, quotesAbout, quotesForPage, type TrustInput, trustItems } from '#src/site/trust.ts';

describe('site facts', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('importing the module reads nothing: a bad value stops only the call that reads it', async () => {
    vi.stubEnv('CENTRAL_BANK_REFERENCE', 'not a reference');
    vi.resetModules();
    const facts = await import('#src/site/facts.ts');
    expect(() => facts.siteFacts()).toThrow(/CENTRAL_BANK_REFERENCE must look like C12345/);
  });

  it('shows the CRO number only when configured, and only as digits', () => {
    expect(readSiteFacts({}).croNumber).toBeNull();
    expect(readSiteFacts({ CRO_NUMBER: '512345' }).croNumber).toBe('512345');
    expect(() => readSiteFacts({ CRO_NUMBER: 'CRO 512345' })).toThrow(/CRO_NUMBER must be the company number/);
  });

  it('sends CVs to the careers address when configured, else to the sales address', () => {
    expect(readSiteFacts({}).careersEmail).toBe(readSiteFacts({}).salesEmail);
    expect(readSiteFacts({ CAREERS_EMAIL: 'jobs@example.ie' }).careersEmail).toBe('jobs@example.ie');
    expect(() => readSiteFacts({ CAREERS_EMAIL: 'jobs' })).toThrow(/CAREERS_EMAIL must be an email address/);
  });

  it('names the complaints and data protection addresses only when configured, each checked', () => {
    expect(readSiteFacts({})).toMatchObject({ complaintsEmail: null, dataProtectionEmail: null });
    const set = readSiteFacts({ COMPLAINTS_EMAIL: 'complaints@example.ie', DATA_PROTECTION_EMAIL: 'dpo@example.ie' });
    expect([set.complaintsEmail, set.dataProtectionEmail]).toEqual(['complaints@example.ie', 'dpo@example.ie']);
    expect(set.salesEmail).toBe(readSiteFacts({}).salesEmail);
    expect(() => readSiteFacts({ COMPLAINTS_EMAIL: 'complaints' })).toThrow(/COMPLAINTS_EMAIL must be an email address/);
    expect(() => readSiteFacts({ DATA_PROTECTION_EMAIL: 'dpo at example.ie' })).toThrow(/DATA_PROTECTION_EMAIL must be an email address/);
  });

  it('names the claims and renewals addresses only when configured; a content text falls back to the sales address', () => {
    const unset = readSiteFacts({});
    expect(unset).toMatchObject({ claimsEmail: null, renewalsEmail: null });
    expect(contentFacts(unset)).toMatchObject({ claimsEmail: unset.salesEmail, renewalsEmailHref: `mailto:${unset.salesEmail}` });
    const set = readSiteFacts({ CLAIMS_EMAIL: 'claims@example.ie', RENEWALS_EMAIL: 'renewals@example.ie' });
    expect([set.claimsEmail, set.renewalsEmail, set.salesEmail]).toEqual(['claims@example.ie', 'renewals@example.ie', unset.salesEmail]);
    expect(contentFacts(set)).toMatchObject({ claimsEmail: 'claims@example.ie', renewalsEmailHref: 'mailto:renewals@example.ie' });
    expect(() => readSiteFacts({ CLAIMS_EMAIL: 'claims' })).toThrow(/CLAIMS_EMAIL must be an email address/);
    expect(() => readSiteFacts({ RENEWALS_EMAIL: 'renewals at example.ie' })).toThrow(/RENEWALS_EMAIL must be an email address/);
  });

  it('refuses a hero photo without its description', () => {
    expect(() => readSiteFacts({ HERO_PHOTO: '/photos/office.jpg' })).toThrow(/HERO_PHOTO_ALT is required/);
  });
});

const noTrust: TrustInput = { founded: '', rating: '', count: '', source: '', address: '', memberships: [], insurers: [] };

describe('the office on a map', () => {
  it('links to a map search for the configured address, with every character encoded', () => {
    expect(mapHref('Unit 4, Raheen Business Park, Limerick, V94 K2D3')).toBe(
      'https://www.openstreetmap.org/search?query=Unit%204%2C%20Raheen%20Business%20Park%2C%20Limerick%2C%20V94%20K2D3',
    );
    expect(new URL(mapHref('1 Main St & "Quay" #2')).searchParams.get('query')).toBe('1 Main St & "Quay" #2');
  });
});

describe('trust facts', () => {
  it('say only what staff set: the regulator and claims line while the About us page sets nothing', () => {
    const items = trustItems(readSiteFacts({}), parseTrustFacts(noTrust, 2026));
    expect(items.map((item) => item.strong)).toEqual(['Regulated in Ireland', 'Claims help']);
    expect(items[0]?.text).toBe('Central Bank reference C48213');
  });

  it('add years in business, a sourced rating, memberships and the insurer panel when set', () => {
    const trust = parseTrustFacts(
      {
        founded: '1998',
        rating: '4.8',
        count: '1,212',
        source: 'Google',
        address: 'https://g.page/r/example',
        memberships: [
          { name: 'Brokers Ireland', website: 'https://www.brokersireland.ie' },
          { name: ' ', website: '' },
        ],
        insurers: ['Allianz', 'AXA', 'Aviva', ''],
      },
      2026,
    );
    expect(trust.yearsTrading).toBe(28);
    expect(trust.reviews).toEqual({ rating: 4.8, count: 1212, source: 'Google', url: 'https://g.page/r/example' });
    expect(trust.memberships).toEqual([{ name: 'Brokers Ireland', website: 'https://www.brokersireland.ie' }]);
    expect(trust.insurers).toEqual(['Allianz', 'AXA', 'Aviva']);
    expect(trustItems(readSiteFacts({}), trust).map((item) => `${item.strong} ${item.text}`.trim())).toEqual([
      'Regulated in Ireland Central Bank reference C48213',
      '28 years in business since 1998',
      'Rated 4.8 out of 5 from 1,212 reviews on Google',
      'Member of Brokers Ireland',
      '3 insurers on our panel',
      'Claims help call 061 555 0141',
    ]);
  });

  it('show no rating without its source, and a year just begun as the year', () => {
    const trust = parseTrustFacts({ ...noTrust, rating: '4.8', founded: '2026' }, 2026);
    expect(trust.reviews).toBeNull();
    expect(trustItems(readSiteFacts({}), trust).map((item) => item.strong)).toContain('Trading since 2026');
  });

  it('show a review quote only with its words and its reviewer, and none until staff add one', () => {
    expect(parseTrustFacts(noTrust, 2026).quotes).toEqual([]);
    const trust = parseTrustFacts(
      {
        ...noTrust,
        quotes: [
          { words: 'Sorted our fleet cover in a day.', name: 'Ciarán', place: 'Ennis', source: 'Google', date: '' },
          { words: '', name: 'Siobhán' },
          { words: 'Great service.', name: ' ' },
        ],
      },
      2026,
    );
    expect(trust.quotes).toEqual([{ words: 'Sorted our fleet cover in a day.', name: 'Ciarán', place: 'Ennis', source: 'Google', date: null, cover: null }]);
  });

  it('give a product page the quotes about its own cover, however staff wrote its address', () => {
    const { quotes } = parseTrustFacts(
      {
        ...noTrust,
        quotes: [
          { words: 'Van sorted.', name: 'A', cover: '/van-insurance' },
          { words: 'Fleet sorted.', name: 'B', cover: ' /Fleet-Insurance/ ' },
          { words: 'All sorted.', name: 'C' },
        ],
      },
      2026,
    );
    expect(quotesAbout(quotes, '/van-insurance').map((quote) => quote.name)).toEqual(['A']);
    expect(quotesAbout(quotes, '/fleet-insurance').map((quote) => quote.name)).toEqual(['B']);
    expect(quotesAbout(quotes, '/truck-insurance')).toEqual([]);
  });

  it('give each page its own quotes, never one another page shows: a cover page its cover’s, the home page and About us the rest', () => {
    const quote = (name: string, cover?: string) => ({ words: `${name} said so.`, name, cover });
    const { quotes } = parseTrustFacts(
      {
        ...noTrust,
        quotes: [
          quote('A', '/van-insurance'),
          quote('B', '/fleet-insurance'),
          quote('C'),
          quote('D', '/truck-insurance'),
          quote('E', '/van-insurance'),
          quote('F', '/van-insurance'),
          quote('G', '/van-insurance'),
        ],
      },
      2026,
    );
    const names = (path: string) => quotesForPage(quotes, path).map((entry) => entry.name);
    // Three at most, a row's worth (TrustPanel.astro): the fourth about vans goes to a general page.
    expect(names('/van-insurance')).toEqual(['A', 'E', 'F']);
    expect(names('/fleet-insurance')).toEqual(['B']);
    // C has no cover page of its own and G no room on its own, so the general pages share them.
    expect(names('/')).toEqual(['C']);
    expect(names('/about-us')).toEqual(['G']);
    expect(names('/public-liability-insurance')).toEqual([]);
    expect(names('/faqs')).toEqual([]);
    // No quote is on two pages.
    const shown = ['/', '/about-us', '/van-insurance', '/fleet-insurance', '/truck-insurance'].flatMap(names);
    expect(new Set(shown).size).toBe(shown.length);
    // The same content gives a page the same quotes on every build.
    expect(names('/')).toEqual(names('/'));
    // With only cover quotes the home page borrows the last, and its cover page does without it.
    const covered = parseTrustFacts({ ...noTrust, quotes: [quote('A', '/van-insurance'), quote('B', '/fleet-insurance/')] }, 2026).quotes;
    expect(quotesForPage(covered, '/').map((entry) => entry.name)).toEqual(['B']);
    expect(quotesForPage(covered, '/fleet-insurance')).toEqual([]);
    expect(quotesForPage(covered, '/van-insurance').map((entry) => entry.name)).toEqual(['A']);
    expect(quotesForPage(covered, '/about-us')).toEqual([]);
  });

  it('refuse values that are not what they claim, naming the field', () => {
    expect(() => parseTrustFacts({ ...noTrust, rating: '9', source: 'Google' }, 2026)).toThrow(/"Review rating" is "9": it must be a rating out of 5/);
    expect(() => parseTrustFacts({ ...noTrust, founded: 'long ago' }, 2026)).toThrow(/"Founded" is "long ago"/);
    expect(() => parseTrustFacts({ ...noTrust, founded: '2031' }, 2026)).toThrow(/no later than 2026/);
    expect(() => parseTrustFacts({ ...noTrust, count: 'many' }, 2026)).toThrow(/"Review count"/);
    expect(() => parseTrustFacts({ ...noTrust, address: 'javascript:alert(1)' }, 2026)).toThrow(/"Review address"/);
    expect(() => parseTrustFacts({ ...noTrust, memberships: [{ name: 'Brokers Ireland', website: 'ftp://x' }] }, 2026)).toThrow(/Memberships entry 1 website/);
  });
});

describe('the retention period', () => {
  it('is 24 months unless set, a whole number of months, and a site fact (a change makes the build stale)', async () => {
    expect(readSiteFacts({}).retentionMonths).toBe(24);
    expect(readSiteFacts({ RETENTION_MONTHS: '36' }).retentionMonths).toBe(36);
    expect(() => readSiteFacts({ RETENTION_MONTHS: '0' })).toThrow(/RETENTION_MONTHS must be a whole number of months from 1 to 240/);
    expect(() => readSiteFacts({ RETENTION_MONTHS: 'two years' })).toThrow(/RETENTION_MONTHS must be a whole number of months/);
    const { siteFactVariables } = await import('#src/site/facts.ts');
    expect(siteFactVariables).toContain('RETENTION_MONTHS');
  });

  it('stops a production server whose build printed another period in the privacy statement', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join, resolve } = await import('node:path');
    const { siteFactsOf, sourcesTime, STAMP_FILE } = await import('#src/build/build-stamp.ts');
    const { productionSiteProblem } = await import('#src/server/ops/production-site.ts');
    const root = resolve(import.meta.dirname, '..', '..');
    const dist = mkdtempSync(join(tmpdir(), 'stamp-'));
    try {
      writeFileSync(join(dist, STAMP_FILE), JSON.stringify({ sourcesTime: sourcesTime(root), facts: siteFactsOf({}) }));
      expect(productionSiteProblem(dist, root, {})).toBeNull();
      expect(productionSiteProblem(dist, root, { RETENTION_MONTHS: '36' })).toContain('was built with other settings (RETENTION_MONTHS)');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
