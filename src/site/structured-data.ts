import { siteFacts } from './facts.ts';
import { faqGroupsOf } from './content-faqs.ts';
import { absoluteUrl, pages, type ArticleMeta, type PageEntry } from './pages.ts';

/**
 * JSON-LD for a page (schema.org): the broker as an InsuranceAgency on the home page, the
 * questions as an FAQPage on /faqs, a BlogPosting on a post, and a BreadcrumbList everywhere else.
 */
export function structuredDataFor(page: PageEntry): object[] {
  if (page.path === '/') return [insuranceAgency()];
  if (page.article) return [blogPosting(page, page.article), breadcrumbs(page, [{ name: 'Blog', path: '/blog' }])];
  const data: object[] = [breadcrumbs(page)];
  if (page.path === '/faqs') data.push(faqPage());
  return data;
}

function insuranceAgency() {
  const [street, ...rest] = siteFacts()
    .officeAddress.split(',')
    .map((part) => part.trim());
  const eircode = rest.at(-1) ?? '';
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    '@id': `${siteFacts().origin}/#organization`,
    name: siteFacts().brand,
    legalName: siteFacts().legalName,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    image: absoluteUrl('/og-default.png'),
    email: siteFacts().salesEmail,
    telephone: siteFacts().salesPhone,
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

/** Home, any steps between (the blog, for a post), then the page. */
function breadcrumbs(page: PageEntry, between: { name: string; path: string }[] = []) {
  const name = page.title.split(' | ')[0] ?? page.title;
  const trail = [{ name: 'Home', path: '/' }, ...between, { name, path: page.path }];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: absoluteUrl(step.path) })),
  };
}

function blogPosting(page: PageEntry, article: ArticleMeta) {
  const publisher = {
    '@type': 'Organization',
    '@id': `${siteFacts().origin}/#organization`,
    name: siteFacts().brand,
    logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: page.title.split(' | ')[0] ?? page.title,
    description: page.description,
    url: absoluteUrl(page.path),
    mainEntityOfPage: absoluteUrl(page.path),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: article.author ? { '@type': 'Person', name: article.author } : publisher,
    publisher,
    image: absoluteUrl(article.image?.src ?? '/og-default.png'),
    keywords: article.tags.join(', '),
    inLanguage: 'en-IE',
  };
}

function faqPage() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqGroupsOf().flatMap((group) =>
      group.items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
    ),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
