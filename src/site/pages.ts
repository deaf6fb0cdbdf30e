import { siteFacts } from './facts.ts';

/**
 * The path-keyed page table: the one source for every public route's head metadata, the
 * sitemap and the route tests. A page file reads its own entry with `pageFor(path)`.
 */
export type PageEntry = {
  path: string;
  title: string;
  description: string;
  /** Share image path; when absent, the card drawn from the title at build time (shareImageFor). */
  image?: string;
  /** What a share image staff chose shows (their upload's alt text); the drawn cards need none. */
  shareImageAlt?: string;
  /** Thank-you and style-guide pages are left out of the sitemap (they are still crawlable). */
  inSitemap: boolean;
  /** Asks search engines not to index it: the back-office, and any page staff hide from search (it then leaves the sitemap too). */
  noindex?: true;
  /** Where search engines should list this page's words instead (staff's canonical address): a path or a web address. */
  canonical?: string;
  /** Pages that hydrate a React island; every other page ships no script of its own. */
  island?: 'admin' | 'blog' | 'lead-form';
  /** A blog post: its dates, author, tags and cover make it an article to search engines and share cards. */
  article?: ArticleMeta;
};

export type ArticleMeta = {
  publishedAt: string;
  updatedAt: string;
  author: string | null;
  tags: string[];
  /** The post's share image (its own, else its cover): absolute path, size and alt text, when it has one. */
  image?: { src: string; width: number; height: number; alt: string };
};

const brand = siteFacts().brand;

export const defaultShareImage = '/og-default.png';

export const pages: readonly PageEntry[] = [
  {
    path: '/',
    title: `${brand} | Van, Fleet, Truck and Public Liability Insurance in Ireland`,
    description:
      'Irish insurance broker for vans, fleets, trucks and public liability. Compare cover from leading Irish insurers and talk to a broker who knows commercial vehicles.',
    inSitemap: true,
  },
  {
    path: '/about-us',
    title: `About Us | ${brand}`,
    description: `Who we are: ${siteFacts().legalName}, an Irish broker regulated by the Central Bank of Ireland, arranging commercial vehicle and business insurance.`,
    inSitemap: true,
  },
  {
    path: '/van-insurance',
    title: `Van Insurance Ireland | ${brand}`,
    description:
      'Van insurance for tradespeople and businesses in Ireland: comprehensive or third party cover, carriage of own goods, named drivers and no-claims discount protection.',
    inSitemap: true,
  },
  {
    path: '/fleet-insurance',
    title: `Fleet Insurance Ireland | ${brand}`,
    description:
      'One policy for two or more commercial vehicles: any-driver or named-driver fleet cover for Irish businesses, with one renewal date and claims handled for you.',
    inSitemap: true,
  },
  {
    path: '/truck-insurance',
    title: `Truck and HGV Insurance Ireland | ${brand}`,
    description:
      'Insurance for rigid trucks and articulated HGVs in Ireland, for own-goods carriers and hire-and-reward hauliers holding a road haulage operator licence.',
    inSitemap: true,
  },
  {
    path: '/public-liability-insurance',
    title: `Public Liability Insurance Ireland | ${brand}`,
    description:
      'Public liability and employers’ liability insurance for Irish trades and small businesses, with limits of €2.6m or €6.5m for public-body contracts.',
    inSitemap: true,
  },
  {
    path: '/other-insurance-services',
    title: `Other Business Insurance | ${brand}`,
    description: 'Goods in transit, tools and equipment, motor trade, commercial property and other business covers arranged alongside your vehicle insurance.',
    inSitemap: true,
  },
  {
    path: '/non-standard-commercial-vehicle-insurance',
    title: `Non-Standard Commercial Vehicle Insurance | ${brand}`,
    description:
      'Cover for commercial vehicles other insurers turn down: imports, modified and high-value vans, specialist bodies and unusual uses. Ask us for a callback.',
    inSitemap: true,
  },
  {
    path: '/van-insurance-for-convicted-drivers',
    title: `Van Insurance for Convicted Drivers | ${brand}`,
    description: 'Van insurance in Ireland for drivers with penalty points or motoring convictions. We find insurers who will quote. Ask us for a callback.',
    inSitemap: true,
  },
  {
    path: '/claims-assistance',
    title: `Claims Assistance | ${brand}`,
    description: 'What to do after an accident or loss, how to notify a claim, and how we support you with your insurer and the Injuries Resolution Board.',
    inSitemap: true,
  },
  {
    path: '/customer-care',
    title: `Customer Care and Complaints | ${brand}`,
    description:
      'How to contact us, how we handle complaints under the Consumer Protection Code, and how to refer a complaint to the Financial Services and Pensions Ombudsman.',
    inSitemap: true,
  },
  {
    path: '/contact-us',
    title: `Contact Us | ${brand}`,
    description: `Call, email or visit ${brand}: our phone numbers, office address and opening hours, or ask a broker to call you back.`,
    inSitemap: true,
  },
  {
    path: '/policy-renewal',
    title: `Renew Your Policy | ${brand}`,
    description:
      'Renew your commercial vehicle or liability policy with us: tell us what has changed and we will review your cover and premium before renewal.',
    inSitemap: true,
    island: 'lead-form',
  },
  {
    path: '/careers',
    title: `Careers | ${brand}`,
    description: `Work in insurance broking with ${brand}: roles in sales, account handling and claims, with support for professional qualifications.`,
    inSitemap: true,
  },
  {
    path: '/faqs',
    title: `Frequently Asked Questions | ${brand}`,
    description:
      'Answers to common questions on commercial vehicle insurance in Ireland: no-claims discount, penalty points, business use, named drivers and renewals.',
    inSitemap: true,
  },
  {
    path: '/privacy-statement',
    title: `Privacy Statement | ${brand}`,
    description: 'How we collect, use, share and keep your personal data, the legal bases we rely on, and your rights under the GDPR.',
    inSitemap: true,
  },
  {
    path: '/disclaimer',
    title: `Disclaimer | ${brand}`,
    description: 'The terms on which the information on this website is provided, and the limits of our responsibility for it.',
    inSitemap: true,
  },
  {
    path: `/fraud-prevention-${siteFacts().siteToken}`,
    title: `Fraud Prevention | ${brand}`,
    description:
      'How to spot ghost broking and insurance fraud, how insurers share claims data to prevent it, and why false statements on a proposal are an offence.',
    inSitemap: true,
  },
  {
    path: '/cookies-policy',
    title: `Cookies Policy | ${brand}`,
    description: 'The cookies this website sets, why, for how long, and how to change your choice.',
    inSitemap: true,
  },
  {
    path: '/terms-of-business',
    title: `Terms of Business | ${brand}`,
    description:
      'The basis on which we act for you as an insurance intermediary: our regulatory status, the services we provide, fees, commission, complaints and compensation.',
    inSitemap: true,
  },
  {
    path: '/commission-summary',
    title: `Summary of Commission Arrangements | ${brand}`,
    description: 'How we are paid for arranging your insurance: the commission we receive from each insurer we place business with, and any fees we charge.',
    inSitemap: true,
  },
  {
    path: '/online-quotation-assumptions',
    title: `Online Quotation Assumptions | ${brand}`,
    description: 'The assumptions behind an online quote request, and what to tell us if any of them do not apply to you.',
    inSitemap: true,
  },
  {
    path: '/van-insurance-quotes',
    title: `Van Insurance Quote | ${brand}`,
    description: 'Request a van insurance quote online. Tell us about you, your van and how you use it, and a broker will come back to you with prices.',
    inSitemap: true,
    island: 'lead-form',
  },
  {
    path: '/fleet-insurance-quotes',
    title: `Fleet Insurance Quote | ${brand}`,
    description:
      'Request a fleet insurance quote for your business vehicles. Send your fleet schedule and claims experience and a broker will come back to you.',
    inSitemap: true,
    island: 'lead-form',
  },
  {
    path: '/truck-insurance-quotes',
    title: `Truck Insurance Quote | ${brand}`,
    description: 'Request a truck or HGV insurance quote. Tell us about your operator licence, vehicles, drivers and goods carried.',
    inSitemap: true,
    island: 'lead-form',
  },
  {
    path: '/public-liability-insurance-quote',
    title: `Public Liability Insurance Quote | ${brand}`,
    description: 'Request a public liability and employers’ liability quote for your trade or business in Ireland.',
    inSitemap: true,
    island: 'lead-form',
  },
  {
    path: '/contact-thank-you',
    title: `Thank You for Contacting Us | ${brand}`,
    description: 'We have your message and a member of our team will be in touch shortly.',
    inSitemap: false,
  },
  {
    path: '/renewal-thank-you',
    title: `Thank You for Your Renewal Request | ${brand}`,
    description: 'We have your renewal details and will review your cover before your renewal date.',
    inSitemap: false,
  },
  {
    path: '/quote-thank-you',
    title: `Thank You for Your Quote Request | ${brand}`,
    description: 'We have your quote request and a broker will contact you with prices.',
    inSitemap: false,
  },
  {
    path: '/quote-thank-fleet',
    title: `Thank You for Your Fleet Quote Request | ${brand}`,
    description: 'We have your fleet quote request and a broker will contact you with prices.',
    inSitemap: false,
  },
  {
    path: '/quote-thank-truck',
    title: `Thank You for Your Truck Quote Request | ${brand}`,
    description: 'We have your truck quote request and a broker will contact you with prices.',
    inSitemap: false,
  },
  {
    path: '/quote-thank-liability',
    title: `Thank You for Your Liability Quote Request | ${brand}`,
    description: 'We have your public liability quote request and a broker will contact you with prices.',
    inSitemap: false,
  },
  {
    path: '/blog',
    title: `Blog: Advice for Van and Fleet Owners | ${brand}`,
    description: 'Practical articles for Irish van drivers, fleet managers and hauliers on insurance, road safety and running commercial vehicles.',
    inSitemap: true,
    island: 'blog',
  },
  {
    path: '/uikit',
    title: `UI Kit | ${brand}`,
    description: 'The shared building blocks of this website, shown as a living style guide.',
    inSitemap: false,
    // A page for the people who build the site, not for search results.
    noindex: true,
  },
];

/** The admin island's page: served for /admin/* and /verifypasswordreset, never indexed. */
export const adminPage: PageEntry = {
  path: '/admin',
  title: `Back-office | ${brand}`,
  description: `Staff sign-in for ${brand}.`,
  inSitemap: false,
  noindex: true,
  island: 'admin',
};

/**
 * The blog's shell: the server answers a /blog/{slug} published after the last build with
 * this page, and the blog island loads the post from the API. Never indexed itself.
 */
export const blogShellPage: PageEntry = {
  path: '/blog-reader',
  title: `Blog | ${brand}`,
  description: 'An article from our blog for van and fleet owners in Ireland.',
  inSitemap: false,
  noindex: true,
  island: 'blog',
};

const byPath = new Map([...pages, adminPage, blogShellPage].map((page) => [page.path, page]));

/** The table entry for a path; a page without an entry is a build error, not a silent default. */
export function pageFor(path: string): PageEntry {
  const entry = byPath.get(path);
  if (!entry) throw new Error(`No entry in the page table (src/site/pages.ts) for ${path}`);
  return entry;
}

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteFacts().origin}/`).href;
}

/** The name of a page's share card under /og/ ("home" for the home page). */
export function shareImageSlug(path: string): string {
  return path === '/' ? 'home' : path.slice(1);
}

/**
 * A page's share image: its own when the table names one, else the card drawn from its title
 * at build time (src/pages/og/), or the default card for a page outside the table.
 */
export function shareImageFor(page: PageEntry): string {
  if (page.image) return page.image;
  return byPath.get(page.path) === page ? `/og/${shareImageSlug(page.path)}.png` : defaultShareImage;
}
