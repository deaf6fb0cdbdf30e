import { describe, expect, it } from 'vitest';
import { pages } from '#src/site/pages.ts';
import { siteFacts } from '#src/site/facts.ts';

/** The public routes the product must answer (the page table, src/site/pages.ts; the blog post route is dynamic). */
const specRoutes = [
  '/',
  '/uikit',
  '/about-us',
  '/van-insurance',
  '/fleet-insurance',
  '/other-insurance-services',
  '/truck-insurance',
  '/public-liability-insurance',
  '/claims-assistance',
  '/customer-care',
  '/policy-renewal',
  '/careers',
  '/faqs',
  '/privacy-statement',
  '/disclaimer',
  `/fraud-prevention-${siteFacts().siteToken}`,
  '/cookies-policy',
  '/van-insurance-quotes',
  '/fleet-insurance-quotes',
  '/public-liability-insurance-quote',
  '/truck-insurance-quotes',
  '/contact-thank-you',
  '/renewal-thank-you',
  '/online-quotation-assumptions',
  '/blog',
  '/non-standard-commercial-vehicle-insurance',
  '/van-insurance-for-convicted-drivers',
  '/quote-thank-you',
  '/quote-thank-fleet',
  '/quote-thank-truck',
  '/quote-thank-liability',
];

/** Pages Irish brokers must publish beyond the specification's list (docs/fixed-by-the-spec.md lists its routes). */
const regulatoryRoutes = ['/terms-of-business', '/commission-summary'];

/** Pages the site review asked for beyond the specification's list, for the site review's trust and rhythm. */
const reviewRoutes = ['/contact-us'];

describe('the page table', () => {
  it('lists every public route of the spec and the regulatory pages, once', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...specRoutes, ...regulatoryRoutes, ...reviewRoutes].sort());
  });
  it('gives every route its own title and description', () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
  });
  it('keeps a page that asks search engines to leave it out (the style guide) out of the sitemap too', () => {
    expect(pages.find((page) => page.path === '/uikit')).toMatchObject({ inSitemap: false, noindex: true });
    for (const page of pages.filter((entry) => entry.noindex)) expect(page.inSitemap, page.path).toBe(false);
  });
  it('keeps descriptions to what search results show', () => {
    for (const page of pages) expect(page.description.length, page.path).toBeLessThanOrEqual(170);
  });
});
