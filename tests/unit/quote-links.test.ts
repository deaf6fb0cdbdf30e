import { describe, expect, it } from 'vitest';
import { ownQuoteFormOf, quoteChoiceHref, quoteHrefFor } from '#src/site/navigation.ts';

describe('where a page’s quote leads', () => {
  it('is the product’s own form on its pages, and the choice of forms elsewhere', () => {
    expect(quoteHrefFor('/van-insurance')).toBe('/van-insurance-quotes');
    expect(quoteHrefFor('/fleet-insurance-quotes')).toBe('/fleet-insurance-quotes');
    expect(quoteHrefFor('/public-liability-insurance')).toBe('/public-liability-insurance-quote');
    expect(quoteHrefFor('/about-us')).toBe(quoteChoiceHref);
    expect(quoteHrefFor('/non-standard-commercial-vehicle-insurance')).toBe(quoteChoiceHref);
  });

  it('keeps the convicted-drivers page’s preset, and lists only pages with a form of their own', () => {
    expect(quoteHrefFor('/van-insurance-for-convicted-drivers')).toBe('/van-insurance-quotes?convictions=yes');
    expect(ownQuoteFormOf('/van-insurance')).toBe('/van-insurance-quotes');
    expect(ownQuoteFormOf('/van-insurance-for-convicted-drivers')).toBeNull();
    expect(ownQuoteFormOf('/other-insurance-services')).toBeNull();
  });
});
