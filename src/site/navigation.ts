import type { PageGroup } from '#src/schemas/content.ts';
import { siteFacts } from './facts.ts';

/**
 * Header navigation: the products first, then the help a customer looks for. Labels are in
 * sentence case and name each product as its page and buttons do ("Van insurance").
 */
export const productLinks = [
  { href: '/van-insurance', label: 'Van insurance' },
  { href: '/fleet-insurance', label: 'Fleet insurance' },
  { href: '/truck-insurance', label: 'Truck insurance' },
  { href: '/public-liability-insurance', label: 'Public liability' },
  // The full name; 'Other cover' only where the row would not fit it (1024 to 1279 px).
  { href: '/other-insurance-services', label: 'Other business insurance', short: 'Other cover' },
] as const;

export const serviceLinks = [
  { href: '/claims-assistance', label: 'Claims' },
  { href: '/policy-renewal', label: 'Renew your policy', short: 'Renew' },
  { href: '/blog', label: 'Blog' },
  // Who the broker is, a click from every page: the reason a visitor trusts a small firm.
  { href: '/about-us', label: 'About us' },
  { href: '/contact-us', label: 'Contact us' },
] as const;

/** The quote form for a product's pages; elsewhere the home page's choice of quote forms. */
const quoteForms: readonly (readonly [prefix: string, form: string])[] = [
  ['/van-insurance', '/van-insurance-quotes'],
  ['/fleet-insurance', '/fleet-insurance-quotes'],
  ['/truck-insurance', '/truck-insurance-quotes'],
  ['/public-liability-insurance', '/public-liability-insurance-quote'],
];
/** Pages that send a visitor to another product's form with its answers preset: the van form asking about convictions from the start. */
const presetQuoteLinks: readonly (readonly [path: string, link: string])[] = [
  ['/van-insurance-for-convicted-drivers', '/van-insurance-quotes?convictions=yes'],
];
export const quoteChoiceHref = '/#get-a-quote';

/** A product page's own quote form (van insurance's, not the convicted-drivers page's borrowed one), else null. */
export function ownQuoteFormOf(path: string): string | null {
  return quoteForms.find(([prefix]) => path === prefix)?.[1] ?? null;
}

/** Where a page's 'Get a quote' leads: its preset link, its product's form, else the home page's choice of forms. */
export function quoteHrefFor(path: string): string {
  return (
    presetQuoteLinks.find(([page]) => page === path)?.[1] ??
    quoteForms.find(([prefix]) => path === prefix || path.startsWith(`${prefix}-`))?.[1] ??
    quoteChoiceHref
  );
}

/**
 * The broker's card payment provider: a "Pay online" link beside the
 * customer links when PAYMENT_URL is set, and nowhere when it is not.
 */
export function paymentLinkOf(paymentUrl: string | null): { href: string; label: 'Pay online' } | null {
  return paymentUrl ? { href: paymentUrl, label: 'Pay online' } : null;
}

export const paymentLink = paymentLinkOf(siteFacts().paymentUrl);

/**
 * What kind of page a path is, for staff's list of pages (PAGE_GROUPS): the home page, the
 * quote forms, the footer's column that links it, else a confirmation page (the thank-you
 * pages, linked from no menu).
 */
export function pageGroupOf(path: string): PageGroup {
  if (path === '/') return 'Home page';
  if (quoteForms.some(([, form]) => form === path)) return 'Quote forms';
  return footerColumns.find((column) => column.links.some((link) => link.href === path))?.heading ?? 'Confirmation pages';
}

/** Footer columns. `smallPrint`: also in the quote and renewal forms' slim footer (SiteFooter.astro). */
export const footerColumns = [
  {
    heading: 'Insurance',
    links: [
      { href: '/van-insurance', label: 'Van insurance' },
      { href: '/fleet-insurance', label: 'Fleet insurance' },
      { href: '/truck-insurance', label: 'Truck insurance' },
      { href: '/public-liability-insurance', label: 'Public liability insurance' },
      { href: '/non-standard-commercial-vehicle-insurance', label: 'Non-standard vehicles' },
      { href: '/van-insurance-for-convicted-drivers', label: 'Convicted drivers' },
      { href: '/other-insurance-services', label: 'Other business insurance' },
    ],
  },
  {
    heading: 'Customers',
    links: [
      { href: '/contact-us', label: 'Contact us' },
      { href: '/claims-assistance', label: 'Claims assistance' },
      { href: '/customer-care', label: 'Customer care and complaints', smallPrint: true },
      { href: '/policy-renewal', label: 'Renew your policy' },
      { href: '/faqs', label: 'FAQs' },
      { href: '/blog', label: 'Blog' },
    ],
  },
  {
    heading: 'About',
    links: [
      { href: '/about-us', label: 'About us' },
      { href: '/careers', label: 'Careers' },
      { href: '/online-quotation-assumptions', label: 'Quotation assumptions', smallPrint: true },
      { href: `/fraud-prevention-${siteFacts().siteToken}`, label: 'Fraud prevention' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { href: '/terms-of-business', label: 'Terms of business', smallPrint: true },
      { href: '/commission-summary', label: 'Commission summary', smallPrint: true },
      { href: '/privacy-statement', label: 'Privacy statement', smallPrint: true },
      { href: '/cookies-policy', label: 'Cookies policy', smallPrint: true },
      { href: '/disclaimer', label: 'Disclaimer', smallPrint: true },
    ],
  },
] as const;
