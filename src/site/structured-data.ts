import { siteFacts } from './facts.ts';
import { faqGroups } from './faqs.ts';
import { absoluteUrl, pages, type PageEntry } from './pages.ts';

/**
 * JSON-LD for a page (schema.org): the broker as an InsuranceAgency on the home page, the
 * questions as an FAQPage on /faqs, and a BreadcrumbList everywhere else.
 */
export function structuredDataFor(page: PageEntry): object[] {
  if (page.path === '/') return [insuranceAgency()];
  const data: object[] = [breadcrumbs(page)];
  if (page.path === '/faqs') data.push(faqPage());
  return data;
}

function insuranceAgency() {
  const [street, ...rest] = siteFacts.officeAddress.split(',').map((part) => part.trim());
  const eircode = rest.at(-1) ?? '';
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    '@id': `${siteFacts.origin}/#organization`,
    name: siteFacts.brand,
    legalName: siteFacts.legalName,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    image: absoluteUrl('/og-default.png'),
    email: siteFacts.salesEmail,
    telephone: siteFacts.salesPhone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [street, ...rest.slice(0, -2)].join(', '),
      addressLocality: rest.at(-2) ?? '',
      postalCode: eircode,
      addressCountry: 'IE',
    },
    areaServed: { '@type': 'Country', name: 'Ireland' },
    description: pages[0]?.description,
  };
}

/** Home, then the page: the site is flat, so every trail has two steps. */
function breadcrumbs(page: PageEntry) {
  const name = page.title.split(' | ')[0] ?? page.title;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl('/') },
      { '@type': 'ListItem', position: 2, name, item: absoluteUrl(page.path) },
    ],
  };
}

function faqPage() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqGroups.flatMap((group) =>
      group.items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
    ),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
