import * as v from 'valibot';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import { resolveApiBase } from '../lib/api-base.ts';
import { isWebUrl } from '../schemas/fields.ts';

export type { HumanCheckChoice };

/**
 * The broker's own facts: brand, legal name, regulator reference, addresses and numbers.
 * Every page, footer, mail and route that names the business reads them from here, so a
 * broker re-badges the whole site by setting these environment variables before a build.
 * The defaults describe the demonstration broker that ships with the code. Trust facts
 * (years trading, reviews, memberships, insurers, the team) are content staff edit instead
 * (src/site/trust.ts).
 *
 * Importing this module reads nothing: the environment is read and checked by
 * `readSiteFacts` (the server's start-up, through loadConfig) or, once per build, by
 * `siteFacts()`. Browser code never imports it: islands get the plain values they need
 * (the human check, the brand) as props from the page that renders them.
 */
const optionalText = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`));
/** An address a page may name instead of the sales address: empty, or an email address. */
const optionalEmail = () => v.union([v.literal(''), v.pipe(v.string(), v.email('must be an email address'))]);

/** Built when the facts are read, so that importing the module runs no code. */
const factsSchema = () =>
  v.object({
    SITE_ORIGIN: v.pipe(
      v.string(),
      v.url('must be an absolute URL such as https://www.example.ie'),
      v.transform((url) => url.replace(/\/+$/, '')),
    ),
    SITE_TOKEN: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits or hyphens')),
    BRAND_NAME: v.pipe(v.string(), v.nonEmpty()),
    LEGAL_NAME: v.pipe(v.string(), v.nonEmpty()),
    CENTRAL_BANK_REFERENCE: v.pipe(v.string(), v.regex(/^C\d{3,7}$/, 'must look like C12345')),
    CRO_NUMBER: v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'must be the company number the Companies Registration Office gave, digits only')),
    ]),
    SALES_EMAIL: v.pipe(v.string(), v.email('must be an email address')),
    CAREERS_EMAIL: optionalEmail(),
    COMPLAINTS_EMAIL: optionalEmail(),
    DATA_PROTECTION_EMAIL: optionalEmail(),
    CLAIMS_EMAIL: optionalEmail(),
    RENEWALS_EMAIL: optionalEmail(),
    SALES_PHONE: v.pipe(v.string(), v.nonEmpty()),
    CLAIMS_PHONE: v.pipe(v.string(), v.nonEmpty()),
    OFFICE_ADDRESS: v.pipe(v.string(), v.nonEmpty()),
    OPENING_HOURS: v.pipe(v.string(), v.nonEmpty()),
    HUMAN_CHECK: v.picklist(['altcha', 'recaptcha', 'turnstile'], 'must be altcha, recaptcha or turnstile'),
    HUMAN_CHECK_SITE_KEY: v.pipe(v.string(), v.regex(/^[\w-]{0,100}$/, 'must be the site key the provider gave you')),
    ANALYTICS_GTM_ID: v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a Google Tag Manager container id such as GTM-AB12CD3')),
    ]),
    PAYMENT_URL: v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.check((url) => isWebUrl(url, ['https:']), 'must be an https URL'),
      ),
    ]),
    PUBLIC_API_BASE: v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^(\/|https?:\/\/)[^\s?#]*$/, 'must be a path such as /api/v1 or a URL such as https://api.example.ie/api/v1')),
    ]),
    HERO_PHOTO: v.union([
      v.literal(''),
      v.pipe(v.string(), v.regex(/^\/[\w./-]+\.(avif|webp|jpe?g|png)$/i, 'must be a path under public/ such as /photos/office.jpg')),
    ]),
    HERO_PHOTO_ALT: optionalText(200),
    RETENTION_MONTHS: v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number of months from 1 to 240'),
      v.transform(Number),
      v.minValue(1, 'must be a whole number of months from 1 to 240'),
      v.maxValue(240, 'must be a whole number of months from 1 to 240'),
    ),
  });

export const factsDefaults = {
  SITE_ORIGIN: 'http://localhost:3000',
  SITE_TOKEN: 'shannon',
  BRAND_NAME: 'Shannon Commercial Insurance',
  LEGAL_NAME: 'Shannon Insurance Brokers Limited',
  CENTRAL_BANK_REFERENCE: 'C48213',
  /** The company's number at the Companies Registration Office; empty: the footer does not show one. */
  CRO_NUMBER: '',
  SALES_EMAIL: 'sales@shannon-insurance.ie',
  /** Where job applications go; empty: to SALES_EMAIL, the one address every install has. */
  CAREERS_EMAIL: '',
  /** Where complaints go; empty: the complaints page names SALES_EMAIL, as for any other matter. */
  COMPLAINTS_EMAIL: '',
  /** Where data protection questions and requests go; empty: the privacy statement names SALES_EMAIL. */
  DATA_PROTECTION_EMAIL: '',
  /** Where claim papers and questions go; empty: the claims page and /contact-us name SALES_EMAIL only. */
  CLAIMS_EMAIL: '',
  /** Where renewals and changes go; empty: the renewal page names SALES_EMAIL. */
  RENEWALS_EMAIL: '',
  SALES_PHONE: '061 555 0140',
  CLAIMS_PHONE: '061 555 0141',
  OFFICE_ADDRESS: 'Unit 4, Raheen Business Park, Limerick, V94 K2D3',
  OPENING_HOURS: 'Monday to Friday, 9:00 to 17:30',
  /** Self-hosted proof of work; reCAPTCHA v2 or Turnstile need a site key (and HUMAN_CHECK_SECRET on the server). */
  HUMAN_CHECK: 'altcha',
  HUMAN_CHECK_SITE_KEY: '',
  /** Empty: no analytics, so no consent banner and no script. */
  ANALYTICS_GTM_ID: '',
  /** Empty: no "Pay online" link. Otherwise the broker's card payment provider. */
  PAYMENT_URL: '',
  /** Empty (or naming localhost): the browser calls the relative /api/v1. */
  PUBLIC_API_BASE: '',
  /** The broker's own photo for the home page's hero (a file under public/); the drawn illustration when unset. */
  HERO_PHOTO: '',
  HERO_PHOTO_ALT: '',
  /**
   * How long enquiries (callbacks, quote and renewal requests, with their files, notes and
   * mails) are kept after the last contact: the privacy statement says so, and the daily
   * retention job deletes them then. A site fact because the statement is built from it.
   */
  RETENTION_MONTHS: '24',
} as const;

export type SiteFacts = {
  origin: string;
  siteToken: string;
  brand: string;
  legalName: string;
  centralBankReference: string;
  /** The company's number at the Companies Registration Office, when configured. */
  croNumber: string | null;
  salesEmail: string;
  /** Where the careers page asks for CVs: CAREERS_EMAIL, else the sales address. */
  careersEmail: string;
  /** The complaints address, when configured (COMPLAINTS_EMAIL); null: complaints go to the sales address. */
  complaintsEmail: string | null;
  /** The data protection address, when configured (DATA_PROTECTION_EMAIL); null: the sales address answers. */
  dataProtectionEmail: string | null;
  /** The claims address, when configured (CLAIMS_EMAIL); null: claims are emailed to the sales address. */
  claimsEmail: string | null;
  /** The renewals address, when configured (RENEWALS_EMAIL); null: renewals are emailed to the sales address. */
  renewalsEmail: string | null;
  salesPhone: string;
  claimsPhone: string;
  officeAddress: string;
  openingHours: string;
  /** Which human check public forms use, and the provider's public site key. */
  humanCheck: HumanCheckChoice;
  /** Google Tag Manager container, loaded only after the visitor accepts analytics cookies. */
  analyticsGtmId: string | null;
  /** The broker's card payment provider, linked as "Pay online"; null hides every such link. */
  paymentUrl: string | null;
  /** The API base the browser calls (src/lib/api-base.ts). */
  apiBase: string;
  /** "<legal name> trading as <brand> is regulated by the Central Bank of Ireland" */
  regulatoryStatement: string;
  /** The broker's own photo for the home page, with its alternative text. */
  heroPhoto: { src: string; alt: string } | null;
  /** Months an enquiry is kept after the last contact (the privacy statement and the retention job). */
  retentionMonths: number;
};

/** Reads and checks the facts; throws naming each bad variable. */
export function readSiteFacts(env: Record<string, string | undefined> = process.env): SiteFacts {
  const input = Object.fromEntries(Object.entries(factsDefaults).map(([key, fallback]) => [key, env[key]?.trim() || fallback]));
  const result = v.safeParse(factsSchema(), input, { abortPipeEarly: true });
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'} ${issue.message}`);
    throw new Error(`Invalid site configuration:\n  ${lines.join('\n  ')}`);
  }
  const f = result.output;
  if (f.HUMAN_CHECK !== 'altcha' && !f.HUMAN_CHECK_SITE_KEY) {
    throw new Error(`Invalid site configuration:\n  HUMAN_CHECK_SITE_KEY is required when HUMAN_CHECK is ${f.HUMAN_CHECK}`);
  }
  if (f.HERO_PHOTO && !f.HERO_PHOTO_ALT) {
    throw new Error('Invalid site configuration:\n  HERO_PHOTO_ALT is required when HERO_PHOTO is set (describe the photo)');
  }
  return {
    origin: f.SITE_ORIGIN,
    siteToken: f.SITE_TOKEN,
    brand: f.BRAND_NAME,
    legalName: f.LEGAL_NAME,
    centralBankReference: f.CENTRAL_BANK_REFERENCE,
    croNumber: f.CRO_NUMBER || null,
    salesEmail: f.SALES_EMAIL,
    careersEmail: f.CAREERS_EMAIL || f.SALES_EMAIL,
    complaintsEmail: f.COMPLAINTS_EMAIL || null,
    dataProtectionEmail: f.DATA_PROTECTION_EMAIL || null,
    claimsEmail: f.CLAIMS_EMAIL || null,
    renewalsEmail: f.RENEWALS_EMAIL || null,
    salesPhone: f.SALES_PHONE,
    claimsPhone: f.CLAIMS_PHONE,
    officeAddress: f.OFFICE_ADDRESS,
    openingHours: f.OPENING_HOURS,
    analyticsGtmId: f.ANALYTICS_GTM_ID || null,
    paymentUrl: f.PAYMENT_URL || null,
    apiBase: resolveApiBase(f.PUBLIC_API_BASE),
    humanCheck: f.HUMAN_CHECK === 'altcha' ? { provider: 'altcha' } : { provider: f.HUMAN_CHECK, siteKey: f.HUMAN_CHECK_SITE_KEY },
    regulatoryStatement: `${f.LEGAL_NAME} trading as ${f.BRAND_NAME} is regulated by the Central Bank of Ireland`,
    heroPhoto: f.HERO_PHOTO ? { src: f.HERO_PHOTO, alt: f.HERO_PHOTO_ALT } : null,
    retentionMonths: f.RETENTION_MONTHS,
  };
}

let current: SiteFacts | undefined;

/**
 * This build's facts: the environment, read and checked on the first call (a bad value
 * stops the build there, naming the variable), then the same object every time.
 */
export function siteFacts(): SiteFacts {
  current ??= readSiteFacts(process.env);
  return current;
}

/** The names of the variables this module reads: the build is stale when any of them changes. */
export const siteFactVariables = Object.keys(factsDefaults);

export { telHref } from '../lib/phone.ts';

/**
 * The office on a map: a link to OpenStreetMap's search for the address, opened by the
 * visitor's choice, so the page embeds no third-party map (no script, no cookie).
 */
export function mapHref(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
