import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSiteFacts } from '../../src/site/facts.ts';
import { trustItems } from '../../src/site/trust.ts';

describe('site facts', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('importing the module reads nothing: a bad value stops only the call that reads it', async () => {
    vi.stubEnv('CENTRAL_BANK_REFERENCE', 'not a reference');
    vi.resetModules();
    const facts = await import('../../src/site/facts.ts');
    expect(() => facts.siteFacts()).toThrow(/CENTRAL_BANK_REFERENCE must look like C12345/);
  });

  it('the trust bar says only what is configured: the regulator and claims line by default', () => {
    const items = trustItems(readSiteFacts({}));
    expect(items.map((item) => item.strong)).toEqual(['Regulated by the Central Bank of Ireland', 'Claims help']);
    expect(items[0]?.text).toBe('reference C48213');
  });

  it('adds years trading, the insurer panel, the professional body and a sourced rating when set', () => {
    const facts = readSiteFacts({
      TRADING_SINCE: '1998',
      INSURER_PANEL: 'Allianz, AXA, Aviva',
      PROFESSIONAL_BODY: 'Brokers Ireland',
      REVIEW_RATING: '4.8',
      REVIEW_COUNT: '1212',
      REVIEW_SOURCE: 'Google',
    });
    expect(trustItems(facts).map((item) => `${item.strong} ${item.text}`.trim())).toEqual([
      'Regulated by the Central Bank of Ireland reference C48213',
      'Trading since 1998',
      '3 insurers on our panel Allianz, AXA, Aviva',
      'Member of Brokers Ireland',
      'Rated 4.8 out of 5 from 1,212 reviews on Google',
      'Claims help call 061 555 0141',
    ]);
  });

  it('refuses a rating without its source, and values that are not what they claim', () => {
    expect(() => readSiteFacts({ REVIEW_RATING: '4.8' })).toThrow(/REVIEW_SOURCE is required/);
    expect(() => readSiteFacts({ REVIEW_RATING: '9', REVIEW_SOURCE: 'Google' })).toThrow(/REVIEW_RATING must be a rating out of 5/);
    expect(() => readSiteFacts({ TRADING_SINCE: 'long ago' })).toThrow(/TRADING_SINCE must be a year/);
    expect(() => readSiteFacts({ HERO_PHOTO: '/photos/office.jpg' })).toThrow(/HERO_PHOTO_ALT is required/);
  });
});

describe('the retention period', () => {
  it('is 24 months unless set, a whole number of months, and a site fact (a change makes the build stale)', async () => {
    expect(readSiteFacts({}).retentionMonths).toBe(24);
    expect(readSiteFacts({ RETENTION_MONTHS: '36' }).retentionMonths).toBe(36);
    expect(() => readSiteFacts({ RETENTION_MONTHS: '0' })).toThrow(/RETENTION_MONTHS must be a whole number of months from 1 to 240/);
    expect(() => readSiteFacts({ RETENTION_MONTHS: 'two years' })).toThrow(/RETENTION_MONTHS must be a whole number of months/);
    const { siteFactVariables } = await import('../../src/site/facts.ts');
    expect(siteFactVariables).toContain('RETENTION_MONTHS');
  });

  it('stops a production server whose build printed another period in the privacy statement', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join, resolve } = await import('node:path');
    const { siteFactsOf, sourcesTime, STAMP_FILE } = await import('../../src/build/build-stamp.ts');
    const { productionSiteProblem } = await import('../../src/server/ops/production-site.ts');
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
